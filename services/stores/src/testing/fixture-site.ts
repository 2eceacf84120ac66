import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A route of a fixture site: a body with a content type, or a status/redirect, or a hang. */
export interface FixtureRoute {
  status?: number;
  type?: string;
  body?: string | Buffer | ((origin: string) => string);
  location?: string;
  /** Never answer (for timeouts). */
  hang?: boolean;
  /** Sent as ETag; a request with a matching If-None-Match gets 304 Not Modified. */
  etag?: string;
}

export interface FixtureSite {
  origin: string;
  port: number;
  /** Every request the site received: path and headers. */
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A small website on 127.0.0.1:0 served by a plain node http server (tests only). */
export async function startFixtureSite(routes: Record<string, FixtureRoute>): Promise<FixtureSite> {
  const requests: FixtureSite['requests'] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ path, headers: req.headers });
    const route = routes[path] ?? routes[path.split('?')[0]!];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      return;
    }
    if (route.hang) return;
    if (route.etag && req.headers['if-none-match'] === route.etag) {
      res.writeHead(304, { etag: route.etag }).end();
      return;
    }
    const headers: Record<string, string> = {};
    if (route.etag) headers.etag = route.etag;
    if (route.type) headers['content-type'] = route.type;
    if (route.location) headers.location = route.location.replace('{origin}', origin);
    const body = typeof route.body === 'function' ? route.body(origin) : (route.body ?? '');
    res.writeHead(route.status ?? (route.location ? 302 : 200), headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const html = (title: string, inner: string, head = ''): FixtureRoute => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html><head><title>${title}</title>${head}</head><body>${inner}</body></html>`,
});
