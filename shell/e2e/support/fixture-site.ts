import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A customer's page on another origin (127.0.0.1, not localhost) carrying the copied snippet. */
export async function serveCustomerPage(snippet: string): Promise<{ url: string; close(): Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer site</title></head>
<body><h1>Welcome to our shop</h1>${snippet}<p id="below">Content below the search bar</p></body></html>`;
  const server: Server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    // Chromium may hold a preconnected socket that never sends a request: close() alone would wait for it.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
