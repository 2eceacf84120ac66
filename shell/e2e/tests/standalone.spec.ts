import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { expect, test } from '../support/test';
import { E2E_URLS } from '../support/urls';

/**
 * Issue 15: each remote's built standalone page (its team's own loop, without the shell) renders its
 * pages, with /api proxied to a running gateway, as `npm run dev -w <remote>` does.
 */

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json' };

/** Serves a remote's dist/ (any path without a file extension is its index.html) and proxies /api. */
async function serveStandalone(remote: string): Promise<{ url: string; close(): Promise<void> }> {
  const dist = join(__dirname, '..', '..', '..', remote, 'dist');
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (path.startsWith('/api/')) {
      void fetch(`${E2E_URLS.app}${req.url}`, {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '' },
      })
        .then(async (up) =>
          res
            .writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'text/plain' })
            .end(Buffer.from(await up.arrayBuffer())),
        )
        .catch(() => res.writeHead(502).end());
      return;
    }
    const file = extname(path) ? normalize(join(dist, path)) : join(dist, 'index.html');
    if (!file.startsWith(dist)) return void res.writeHead(404).end();
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    // Chromium may hold a preconnected socket that never sends a request: close() alone would wait for it.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const PAGES: [remote: string, page: string, shows: RegExp][] = [
  ['mfe-wizard', 'create-store', /Select Your Website Platform/],
  ['mfe-stores', 'installation-guide', /Installation Guide|Create a widget first/],
  ['mfe-analytics', 'analytics', /upgraded plans/],
  ['mfe-billing', 'subscribe', /SaaS Starter/],
];

for (const [remote, page, shows] of PAGES) {
  test(`${remote}'s standalone page renders /${page}`, async ({ page: browser }) => {
    const errors: string[] = [];
    browser.on('pageerror', (e) => errors.push(e.message));
    const site = await serveStandalone(remote);
    try {
      await browser.goto(`${site.url}/${page}`);
      await expect(browser.getByText(shows).first()).toBeVisible({ timeout: 20_000 });
      await expect(browser.getByText(/RUNTIME-\d+/)).toHaveCount(0);
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
}
