import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@sniff/service-kit';
import { createHash } from 'node:crypto';
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
    write(
      'shell/dist/index.html',
      '<!doctype html><title>Sniff shell</title><script>theme()</script><div id="root"></div><script>start()</script>',
    );
    write(
      'mfe-wizard/dist/index.html',
      '<!doctype html><script>standalone()</script><script src="standalone.js"></script>',
    );
    write('shell/dist/main.js', 'console.log("shell")');
    write('secret.txt', 'database password');
    const lead = '<p>Sniff gives your website an instant search bar that forgives typos.</p>'.repeat(40);
    write(
      `${site}/pages/index.html`,
      `<!doctype html><title>Landing</title><script type="application/ld+json">{"@type":"WebPage"}</script>` +
        `<script>landing()</script><h1>Search that forgives typos</h1>${lead}`,
    );
    write(`${site}/pages/squarespace/index.html`, '<!doctype html><title>Squarespace guide</title>');
    write(`${site}/pages/404.html`, '<!doctype html><title>Page not found</title><script>notFound()</script>');
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

  const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const policyOf = (res: Response) => {
    const policy = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim().split(' '))
        .find(([n]) => n === name)
        ?.slice(1);
    return { policy, scriptSrc: directive('script-src'), frameAncestors: directive('frame-ancestors') };
  };

  it('sends every kind of page a Content-Security-Policy that runs only its own inline scripts', async () => {
    const cases: Array<[string, number, string[]]> = [
      ['/', 200, ['landing()']], // its JSON-LD is data, not script: no hash
      ['/squarespace?utm_source=newsletter', 200, []],
      ['/no-such-page', 404, ['notFound()']],
      ['/dashboard/stores', 200, ['theme()', 'start()']],
      ['/index.html', 200, ['theme()', 'start()']],
      ['/remotes/mfe-wizard/index.html', 200, ['standalone()']],
    ];
    for (const [path, status, scripts] of cases) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, status]);
      const { scriptSrc, frameAncestors } = policyOf(res);
      expect([path, scriptSrc]).toEqual([path, ["'self'", 'http://localhost:8080', ...scripts.map(sha256)]]);
      expect([path, frameAncestors]).toEqual([path, ["'none'"]]);
      expect([path, res.headers.get('x-frame-options')]).toEqual([path, 'DENY']);
    }
  });

  it('puts the policy on a redirect and on the page it leads to', async () => {
    const res = await get('/squarespace-blog-page', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(301);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(policyOf(res).scriptSrc).toEqual(["'self'", 'http://localhost:8080']);
    const target = await get(res.headers.get('location')!);
    expect(target.status).toBe(200);
    expect(policyOf(target).frameAncestors).toEqual(["'none'"]);
  });

  it('serves no HTML without the policy, whatever is asked', async () => {
    const paths = [
      '/',
      '/squarespace',
      '/squarespace/',
      '/Squarespace',
      '/squarespace-blog-page?x=1',
      '/no-such-page',
      '/no/such/page/',
      '/dashboard',
      '/dashboard/create-store?platform=saas',
      '/index.html',
      '/remotes/mfe-wizard/index.html',
      '/remotes/mfe-wizard/missing.html',
      '/remotes/mfe-nope/index.html',
      '/missing.html',
      '/pages/index.html',
      '/%E0%A4%A',
      '/sitemap.xml',
      '/robots.txt',
      '/config.json',
    ];
    let html = 0;
    for (const path of paths) {
      for (const method of ['GET', 'HEAD']) {
        const res = await rawRequest(url, path, method, { accept: 'text/html,*/*' });
        if (!/^text\/html/.test(String(res.headers['content-type']))) continue;
        html++;
        expect([method, path, res.headers['content-security-policy']]).toEqual([
          method,
          path,
          expect.stringContaining("frame-ancestors 'none'"),
        ]);
      }
    }
    expect(html).toBeGreaterThanOrEqual(20);
  });

  it('allows a rebuilt page’s new inline script without a restart', async () => {
    const page = `${site}/pages/squarespace/index.html`;
    write(page, '<!doctype html><title>Squarespace guide</title><script>rebuilt(2)</script>');
    expect(policyOf(await get('/squarespace')).scriptSrc).toContain(sha256('rebuilt(2)'));
    write(page, '<!doctype html><title>Squarespace guide</title><script>rebuilt(3)</script>');
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, page), later, later);
    const { scriptSrc } = policyOf(await get('/squarespace'));
    expect(scriptSrc).toContain(sha256('rebuilt(3)'));
    expect(scriptSrc).not.toContain(sha256('rebuilt(2)'));
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
