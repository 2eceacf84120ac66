import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@sniff/service-kit';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';

/** A request with the path sent exactly as written (no URL normalisation) and only the given headers. */
function rawRequest(
  base: string,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('gateway: pre-rendered public site', () => {
  let root: string;
  let app: INestApplication;
  let url: string;
  const write = (rel: string, text: string) => {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  };
  const site = 'mfe-marketing/dist';
  const writeManifest = (routes: Record<string, string>) =>
    write(
      `${site}/pages.json`,
      JSON.stringify({
        routes,
        redirects: { '/squarespace-blog-page': '/squarespace' },
        notFound: 'pages/404.html',
      }),
    );

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sniff-public-site-'));
    write('shell/dist/index.html', '<!doctype html><title>Sniff shell</title><div id="root"></div>');
    write('shell/dist/main.js', 'console.log("shell")');
    write('secret.txt', 'database password');
    const lead = '<p>Sniff gives your website an instant search bar that forgives typos.</p>'.repeat(40);
    write(
      `${site}/pages/index.html`,
      `<!doctype html><title>Landing</title><h1>Search that forgives typos</h1>${lead}`,
    );
    write(`${site}/pages/squarespace/index.html`, '<!doctype html><title>Squarespace guide</title>');
    write(`${site}/pages/404.html`, '<!doctype html><title>Page not found</title>');
    write(`${site}/sitemap.xml`, '<?xml version="1.0"?><urlset></urlset>');
    write(`${site}/robots.txt`, 'User-agent: *\nDisallow: /dashboard\n');
    writeManifest({ '/': 'pages/index.html', '/squarespace': 'pages/squarespace/index.html' });
    const config = loadConfig('gateway', gatewayConfigSchema, {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN: 'test-internal-token-0123456789',
      STATIC_ROOT: root,
    });
    app = await createGatewayApp(config);
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${url}${path}`, { redirect: 'manual', ...init });

  it('answers each public route with its own pre-rendered HTML', async () => {
    for (const [path, title] of [
      ['/', 'Landing'],
      ['/squarespace', 'Squarespace guide'],
      ['/squarespace?utm_source=newsletter', 'Squarespace guide'],
    ]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(await res.text()).toContain(`<title>${title}</title>`);
    }
  });

  it('sends pages compressed to browsers that accept it', async () => {
    for (const encoding of ['gzip', 'br']) {
      const res = await rawRequest(url, '/', 'GET', { 'accept-encoding': encoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
    }
    expect((await rawRequest(url, '/')).headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await rawRequest(url, '/squarespace', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body).toBe('');
    expect((await rawRequest(url, '/no-such-page', 'HEAD')).status).toBe(404);
  });

  it('sends a browser that revalidates a page a 304', async () => {
    const first = await get('/squarespace');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // (not fetch(): it marks a request carrying its own validators no-cache)
    expect((await rawRequest(url, '/squarespace', 'GET', { 'if-none-match': etag! })).status).toBe(304);
  });

  it('redirects permanently to one canonical address: aliases, trailing slashes and capitals', async () => {
    for (const [from, to] of [
      ['/squarespace-blog-page', '/squarespace'],
      ['/squarespace-blog-page?ref=blog', '/squarespace?ref=blog'],
      ['/squarespace/', '/squarespace'],
      ['/Squarespace', '/squarespace'],
      ['/squarespace-blog-page/', '/squarespace'],
    ]) {
      const res = await get(from);
      expect([from, res.status]).toEqual([from, 301]);
      expect(res.headers.get('location')).toBe(to);
    }
  });

  it('answers unknown public paths with the not-found page and HTTP 404', async () => {
    for (const path of ['/no-such-page', '/squarespace/extra', '/dashboardx']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<title>Page not found</title>');
    }
  });

  it('keeps the shell for the dashboard', async () => {
    for (const path of ['/dashboard', '/dashboard/stores', '/dashboard/create-store?platform=saas']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Sniff shell');
    }
  });

  it('never reads a file outside the known pages, whatever the path', async () => {
    for (const path of [
      '/../secret.txt',
      '/../../secret',
      '/%2e%2e/%2e%2e/secret',
      '/..%2f..%2fsecret',
      '/pages/index.html',
      '/pages.json',
      '/remotes/mfe-marketing/.prerender/prerender.js',
    ]) {
      const res = await rawRequest(url, path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.body).not.toContain('database password');
    }
  });

  it('serves the sitemap as XML and robots.txt as text', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await sitemap.text()).toContain('<urlset>');
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Disallow: /dashboard');
  });

  it('picks up a new marketing build without a restart', async () => {
    write(`${site}/pages/shopify/index.html`, '<!doctype html><title>Shopify guide</title>');
    writeManifest({ '/': 'pages/index.html', '/shopify': 'pages/shopify/index.html' });
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, site, 'pages.json'), later, later);
    expect(await (await get('/shopify')).text()).toContain('Shopify guide');
    expect((await get('/squarespace')).status).toBe(404);
  });
});
