import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@sniff/service-kit';
import { asOwner, createTestDatabase, startTestService, testConfig, TestService } from '@sniff/service-kit/testing';
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { RegistryAppModule } from '../../registry/src/app.module';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';
import { inCanary } from './remote-registry';

const INTERNAL_TOKEN = 'test-internal-token-0123456789';

/**
 * The gateway serving published remotes from a real registry service (real Postgres): /remotes.json names each
 * remote's live version (its canary for the owners in its share), the files of any published version are served
 * with the build's compression and cached for a year, a switch shows on the next /remotes.json, and a registry
 * outage keeps the last manifest and the files already read.
 */
describe('gateway with the remote registry', () => {
  let db: { url: string; drop(): Promise<void> };
  let registry: TestService;
  let gateway: INestApplication;
  let url: string;
  let staticRoot: string;
  let key: KeyLike;
  let idp: http.Server;
  let billing: http.Server;
  let issuer: string;

  const operator = (method: string, path: string, body?: unknown) =>
    fetch(`${registry.url}${path}`, {
      method,
      headers: { ...asOwner('deploy'), 'x-sniff-internal-token': INTERNAL_TOKEN },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const build = (entry: string) => ({
    'mf-manifest.json': Buffer.from('{"name":"mfe_hello"}'),
    'remoteEntry.js': Buffer.from(entry),
    'remoteEntry.js.br': brotliCompressSync(Buffer.from(entry)),
    'declaration.json': Buffer.from(
      JSON.stringify({
        id: 'mfe-hello',
        routes: [{ path: 'hello', title: 'Hello', destination: 'hello.home' }],
        sidebar: [],
        links: [],
      }),
    ),
    'index.html': Buffer.from('<p>standalone</p>'),
  });
  const publish = async (version: string, entry: string) => {
    const files = Object.fromEntries(Object.entries(build(entry)).map(([p, b]) => [p, b.toString('base64')]));
    expect(
      (await operator('PUT', `/remotes/mfe-hello/versions/${encodeURIComponent(version)}`, { files })).status,
    ).toBe(200);
  };
  /** A marketing build: the public site's pages (each with one inline script), its pages.json and root files. */
  const marketing = (title: string) => {
    const page = (heading: string) =>
      `<!doctype html><title>${title}</title><script>boot(${JSON.stringify(title)})</script>` +
      `<div id="root" data-prerendered><h1>${heading}</h1></div>`;
    const files: Record<string, string> = {
      'mf-manifest.json': '{"name":"mfe_marketing"}',
      'remoteEntry.js': `var mfe_marketing = ${JSON.stringify(title)};`,
      'declaration.json': JSON.stringify({ id: 'mfe-marketing', routes: [], sidebar: [], links: [], publicSite: true }),
      'pages.json': JSON.stringify({
        routes: { '/': 'pages/index.html', '/guide': 'pages/guide/index.html' },
        redirects: { '/old-guide': '/guide' },
        notFound: 'pages/404.html',
      }),
      'pages/index.html': page(`${title} landing`),
      'pages/guide/index.html': page(`${title} guide`),
      'pages/404.html': page(`${title} not found`),
      'sitemap.xml': `<?xml version="1.0"?><urlset><!-- ${title} --></urlset>`,
      'robots.txt': `User-agent: *\n# ${title}\n`,
    };
    return Object.fromEntries(Object.entries(files).map(([p, text]) => [p, Buffer.from(text).toString('base64')]));
  };
  const publishMarketing = (version: string, files: Record<string, string>) =>
    operator('PUT', `/remotes/mfe-marketing/versions/${encodeURIComponent(version)}`, { files });
  const token = (sub: string) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(issuer)
      .setAudience('https://api.sniff.dev')
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const remotes = async (sub?: string) => {
    const headers = sub ? { authorization: `Bearer ${await token(sub)}` } : undefined;
    return (
      (await (await fetch(`${url}/remotes.json`, { headers })).json()) as { remotes: { name: string; entry: string }[] }
    ).remotes;
  };
  const helloEntry = async (sub?: string) => (await remotes(sub)).find((r) => r.name === 'mfe_hello')?.entry;

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256');
    key = keys.privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k', alg: 'RS256', use: 'sig' };
    idp = http.createServer((_req, res) => res.writeHead(200).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => idp.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/`;

    // billing's list of deleted accounts (none), which the gateway reads before it opens /api
    billing = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"subjects":[],"cursor":0,"more":false}'),
    );
    await new Promise<void>((r) => billing.listen(0, '127.0.0.1', r));

    db = await createTestDatabase();
    const config = { ...testConfig(db.url), INTERNAL_TOKEN, REGISTRY_OPERATORS: ['deploy'] };
    registry = await startTestService(RegistryAppModule.forRoot(config), config);
    expect((await operator('PUT', '/shell', { shared: { react: '19.3.1' } })).status).toBe(200);
    await publish('1.0.0', 'var mfe_hello = "one";');
    await publish('1.1.0', 'var mfe_hello = "two";');
    expect((await operator('PUT', '/remotes/mfe-hello/live', { version: '1.0.0' })).status).toBe(200);

    staticRoot = mkdtempSync(join(tmpdir(), 'sniff-registry-gateway-'));
    // the marketing build shipped in the gateway's folder: its public site until the registry holds one
    const shipped = join(staticRoot, 'mfe-marketing', 'dist');
    mkdirSync(join(shipped, 'pages', 'guide'), { recursive: true });
    writeFileSync(join(shipped, 'mf-manifest.json'), '{"name":"mfe_marketing"}');
    for (const [path, base64] of Object.entries(marketing('Shipped'))) {
      if (path !== 'mf-manifest.json') writeFileSync(join(shipped, path), Buffer.from(base64, 'base64'));
    }
    const env = {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN,
      AUTH_ISSUER: issuer,
      STATIC_ROOT: staticRoot,
      REGISTRY_URL: registry.url,
      REGISTRY_POLL_MS: '0',
      BILLING_URL: `http://127.0.0.1:${(billing.address() as AddressInfo).port}`,
    };
    gateway = await createGatewayApp(loadConfig('gateway', gatewayConfigSchema, env));
    await gateway.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await gateway?.close();
    await registry?.close();
    await db?.drop();
    idp?.close();
    billing?.close();
    rmSync(staticRoot, { recursive: true, force: true });
  });

  it("lists the registry's live version beside the remotes shipped with the gateway", async () => {
    expect(await remotes()).toEqual([
      { name: 'mfe_hello', entry: '/remotes/mfe-hello/1.0.0/mf-manifest.json' },
      { name: 'mfe_marketing', entry: '/remotes/mfe-marketing/mf-manifest.json' },
    ]);
  });

  it("serves a published build's files, compressed as built, cached for a year; no standalone page", async () => {
    const res = await fetch(`${url}/remotes/mfe-hello/1.0.0/remoteEntry.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('var mfe_hello = "one";'); // fetch undoes the br
    const plain = await fetch(`${url}/remotes/mfe-hello/1.1.0/remoteEntry.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('var mfe_hello = "two";');
    for (const path of ['1.0.0/missing.js', '9.9.9/remoteEntry.js', '1.0.0/index.html', '1.0.0/..%2F..%2Fetc']) {
      expect((await fetch(`${url}/remotes/mfe-hello/${path}`)).status).toBe(404);
    }
  });

  it('sends the same share of signed-in owners to the canary every time, and shows a switch and a rollback at once', async () => {
    expect((await operator('PUT', '/remotes/mfe-hello/canary', { version: '1.1.0', percent: 30 })).status).toBe(200);
    const owners = Array.from({ length: 40 }, (_, i) => `auth0|owner-${i}`);
    const canary = owners.filter((o) => inCanary(o, 'mfe-hello', 30));
    expect(canary.length).toBeGreaterThan(4);
    expect(canary.length).toBeLessThan(24);
    for (const owner of owners.slice(0, 12)) {
      const expected = canary.includes(owner) ? '1.1.0' : '1.0.0';
      expect(await helloEntry(owner)).toBe(`/remotes/mfe-hello/${expected}/mf-manifest.json`);
    }
    // signed out (the public pages, the first request): the live version
    expect(await helloEntry()).toBe('/remotes/mfe-hello/1.0.0/mf-manifest.json');

    expect((await operator('PUT', '/remotes/mfe-hello/live', { version: '1.1.0' })).status).toBe(200);
    expect(await helloEntry(owners[0])).toBe('/remotes/mfe-hello/1.1.0/mf-manifest.json');
    expect((await operator('POST', '/remotes/mfe-hello/rollback')).status).toBe(200);
    expect(await helloEntry(owners[0])).toBe('/remotes/mfe-hello/1.0.0/mf-manifest.json');
  });

  it('serves the operator API at /api/registry to operators only, identified by their verified token', async () => {
    const as = async (sub: string) =>
      fetch(`${url}/api/registry/remotes`, { headers: { authorization: `Bearer ${await token(sub)}` } });
    const owner = await as('auth0|shop-owner');
    expect(owner.status).toBe(403);
    expect(((await owner.json()) as { message: string }).message).toBe(
      "Only Sniff's operators may read or change the remote registry",
    );
    const operator = await as('deploy');
    expect(operator.status).toBe(200);
    expect(((await operator.json()) as { remotes: { remote: string }[] }).remotes.map((r) => r.remote)).toEqual([
      'mfe-hello',
    ]);
    expect((await fetch(`${url}/api/registry/remotes`)).status).toBe(401);
    // the gateways' own routes are never reachable through /api, even for an operator
    const internal = await fetch(`${url}/api/registry/internal/manifest`, {
      headers: { authorization: `Bearer ${await token('deploy')}` },
    });
    expect(internal.status).toBe(404);
  });

  const scriptSrc = (res: Response) =>
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(' '))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? [];
  const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  /** The public page at `path`: status, its <h1>, the marketing build it names for hydration, its script-src. */
  const publicPage = async (path: string) => {
    const res = await fetch(`${url}${path}`, { redirect: 'manual' });
    const html = await res.text();
    return {
      status: res.status,
      heading: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
      build: /data-prerendered(?:="([^"]*)")?/.exec(html)?.[1],
      scriptSrc: scriptSrc(res),
      cache: res.headers.get('cache-control'),
      etag: res.headers.get('etag'),
      location: res.headers.get('location'),
    };
  };
  const marketingEntry = async () => (await remotes()).find((r) => r.name === 'mfe_marketing')?.entry;

  it("serves the public site from the registry's live marketing version; a switch and a rollback show on the next request", async () => {
    // nothing published yet: the build shipped with the gateway, hydrated with its own files
    expect(await publicPage('/')).toMatchObject({
      status: 200,
      heading: 'Shipped landing',
      build: '/remotes/mfe-marketing/mf-manifest.json',
    });

    expect((await publishMarketing('0.1.0+spring', marketing('Spring'))).status).toBe(200);
    expect((await operator('PUT', '/remotes/mfe-marketing/live', { version: '0.1.0+spring' })).status).toBe(200);
    const spring = '/remotes/mfe-marketing/0.1.0%2Bspring/mf-manifest.json';
    const landing = await publicPage('/');
    expect(landing).toMatchObject({ status: 200, heading: 'Spring landing', build: spring, cache: 'public, no-cache' });
    // the page's own inline script, by its hash, as for the pages shipped with the gateway
    expect(landing.scriptSrc).toContain(sha256('boot("Spring")'));
    // the page names the build the shell hydrates it with, which is the one /remotes.json lists
    expect(await marketingEntry()).toBe(spring);
    expect((await fetch(`${url}/remotes/mfe-marketing/0.1.0%2Bspring/remoteEntry.js`)).status).toBe(200);
    expect(await publicPage('/guide')).toMatchObject({ status: 200, heading: 'Spring guide', build: spring });
    expect(await publicPage('/old-guide?ref=x')).toMatchObject({ status: 301, location: '/guide?ref=x' });
    expect(await publicPage('/Guide/')).toMatchObject({ status: 301, location: '/guide' });
    const missing = await publicPage('/no-such-page');
    expect(missing).toMatchObject({ status: 404, heading: 'Spring not found', build: spring, cache: 'no-cache' });
    expect(missing.scriptSrc).toContain(sha256('boot("Spring")'));
    expect(await (await fetch(`${url}/sitemap.xml`)).text()).toContain('Spring');
    expect(await (await fetch(`${url}/robots.txt`)).text()).toContain('Spring');
    const revalidated = await new Promise<number>((resolve, reject) =>
      http
        .get(`${url}/`, { headers: { 'if-none-match': landing.etag! } }, (res) => resolve(res.statusCode!))
        .on('error', reject),
    );
    expect(revalidated).toBe(304);
    // no way from a public path to any file the pages.json does not name
    for (const path of ['/pages/index.html', '/pages.json', '/remotes/mfe-marketing/0.1.0%2Bspring/pages/index.html']) {
      expect([path, (await publicPage(path)).status]).toEqual([path, 404]);
    }

    expect((await publishMarketing('0.2.0+summer', marketing('Summer'))).status).toBe(200);
    expect((await operator('PUT', '/remotes/mfe-marketing/live', { version: '0.2.0+summer' })).status).toBe(200);
    const summer = await publicPage('/');
    expect(summer).toMatchObject({
      status: 200,
      heading: 'Summer landing',
      build: '/remotes/mfe-marketing/0.2.0%2Bsummer/mf-manifest.json',
    });
    expect(summer.scriptSrc).toContain(sha256('boot("Summer")'));
    expect(summer.scriptSrc).not.toContain(sha256('boot("Spring")'));
    expect(summer.etag).not.toBe(landing.etag);
    expect(await (await fetch(`${url}/sitemap.xml`)).text()).toContain('Summer');

    expect((await operator('POST', '/remotes/mfe-marketing/rollback')).status).toBe(200);
    expect(await publicPage('/')).toMatchObject({ status: 200, heading: 'Spring landing', build: spring });
    expect(await marketingEntry()).toBe(spring);
  });

  it('refuses a marketing build without the pages its pages.json names, and any canary of the public site', async () => {
    const { ['pages/guide/index.html']: _guide, ...withoutGuide } = marketing('Autumn');
    const refused = await publishMarketing('0.3.0+autumn', withoutGuide);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'pages.json names pages the build lacks: pages/guide/index.html',
    );
    const { ['pages.json']: _pages, ...withoutPages } = marketing('Autumn');
    expect((await publishMarketing('0.3.0+autumn', withoutPages)).status).toBe(422);

    const canary = await operator('PUT', '/remotes/mfe-marketing/canary', { version: '0.2.0+summer', percent: 10 });
    expect(canary.status).toBe(422);
    expect(((await canary.json()) as { message: string }).message).toContain('always shows the live version');
    expect((await publicPage('/')).heading).toBe('Spring landing');
  });

  it('keeps serving the last manifest and the files it read while the registry is down', async () => {
    expect((await fetch(`${url}/remotes/mfe-hello/1.0.0/mf-manifest.json`)).status).toBe(200);
    await registry.close();
    expect(await helloEntry()).toBe('/remotes/mfe-hello/1.0.0/mf-manifest.json');
    expect((await fetch(`${url}/remotes/mfe-hello/1.0.0/mf-manifest.json`)).status).toBe(200);
    // the public pages already read stay the live version's (their files are kept like any build's)
    expect(await publicPage('/')).toMatchObject({ status: 200, heading: 'Spring landing' });
    expect(await publicPage('/guide')).toMatchObject({ status: 200, heading: 'Spring guide' });
  });

  it('serves the public site shipped with it when the registry is down at its first start', async () => {
    const env = {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN,
      AUTH_ISSUER: issuer,
      STATIC_ROOT: staticRoot,
      REGISTRY_URL: registry.url, // closed by the test before
      REGISTRY_POLL_MS: '0',
      BILLING_URL: `http://127.0.0.1:${(billing.address() as AddressInfo).port}`,
    };
    const cold = await createGatewayApp(loadConfig('gateway', gatewayConfigSchema, env));
    try {
      await cold.listen(0, '127.0.0.1');
      const coldUrl = `http://127.0.0.1:${(cold.getHttpServer().address() as AddressInfo).port}`;
      const res = await fetch(`${coldUrl}/guide`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>Shipped guide</h1>');
      expect(html).toContain('<div id="root" data-prerendered="/remotes/mfe-marketing/mf-manifest.json">');
      expect(scriptSrc(res)).toContain(sha256('boot("Shipped")'));
    } finally {
      await cold.close();
    }
  });
});
