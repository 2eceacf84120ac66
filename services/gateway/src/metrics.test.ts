import { accessLog, Metrics } from '@sniff/service-kit';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { routeOf, serveMetrics } from './metrics';

describe('gateway metrics', () => {
  it('counts requests under route patterns without ids, so the series stay few', () => {
    expect(routeOf('/v1/stores/st_abc/search?q=sofa')).toBe('/v1/stores/:id/search');
    expect(routeOf('/v1/stores/st_abc/events')).toBe('/v1/stores/:id/events');
    expect(routeOf('/api/stores/managestores/list-stores')).toBe('/api/stores');
    expect(routeOf('/api/nosuch/x')).toBe('/api/unknown');
    expect(routeOf('/remotes/mfe-wizard/remoteEntry.abc123.js')).toBe('static');
    expect(routeOf('/dashboard/stores')).toBe('page');
    expect(routeOf('/healthz')).toBe('/healthz');
  });

  it('serves /metrics on its own port with what the public port answered', async () => {
    const metrics = new Metrics('gateway');
    const log = accessLog(pino({ level: 'silent' }), metrics, routeOf);
    const app = createServer((req, res) => {
      log(req, res);
      res.writeHead(req.url?.startsWith('/v1') ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const scrape = await serveMetrics(metrics, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
      await fetch(`${base}/v1/stores/st_1/search?q=a`);
      await fetch(`${base}/v1/stores/st_2/search?q=b`);
      const res = await fetch(`http://127.0.0.1:${(scrape.address() as AddressInfo).port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(
        /sniff_http_request_duration_seconds_count\{service="gateway",method="GET",route="\/v1\/stores\/:id\/search",status="200"\} 2/,
      );
      expect(text).not.toContain('st_1');
    } finally {
      app.close();
      scrape.close();
    }
  });
});
