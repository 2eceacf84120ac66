import type { Metrics } from '@sniff/service-kit';
import { createServer, type Server } from 'node:http';

const SERVICES = new Set(['billing', 'stores', 'search', 'analytics', 'feedback', 'registry']);

/**
 * The route a request is counted under: a pattern with no ids in it, so the series stay few
 * (/api/<service>, /v1/stores/:id/<action>, the fixed paths, static assets, pages).
 */
export function routeOf(url: string): string {
  const path = url.split('?')[0] ?? '';
  const parts = path.split('/');
  if (parts[1] === 'api') return SERVICES.has(parts[2] ?? '') ? `/api/${parts[2]}` : '/api/unknown';
  if (parts[1] === 'v1') return parts[2] === 'stores' && parts[4] ? `/v1/stores/:id/${parts[4]}` : '/v1/other';
  if (['/healthz', '/readyz', '/config.json', '/remotes.json', '/webhooks/stripe'].includes(path)) return path;
  if (parts[1] === 'shopify') return '/shopify';
  if (parts[1] === 'remotes' || parts[1] === 'widget' || /\.\w+$/.test(path)) return 'static';
  return 'page';
}

/**
 * GET /metrics on a port of its own (METRICS_PORT): the gateway's main port faces the internet through
 * the ingress, and its metrics are for the cluster's Prometheus only.
 */
export function serveMetrics(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') return res.writeHead(404).end();
    void metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}
