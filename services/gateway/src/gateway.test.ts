import { Controller, Get, Module, UseGuards, type DynamicModule, type INestApplication } from '@nestjs/common';
import { ConfigError, CurrentOwner, loadConfig, OwnerGuard, type Owner } from '@sniff/service-kit';
import { createTestDatabase, startTestService, testConfig } from '@sniff/service-kit/testing';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type KeyLike } from 'jose';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { createGatewayApp } from './app';
import { gatewayConfigSchema, type GatewayConfig } from './config';

const AUDIENCE = 'https://api.sniff.dev';
const EMAIL_CLAIM = 'https://sniff.dev/email';
const INTERNAL_TOKEN = 'test-internal-token-0123456789';

interface Echo {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A service built with the kit whose one route answers the owner the gateway named. */
@Controller('whoami')
@UseGuards(OwnerGuard)
class WhoAmIController {
  @Get()
  whoAmI(@CurrentOwner() owner: Owner) {
    return owner;
  }
}
@Module({})
class WhoAmIModule {
  static forRoot(): DynamicModule {
    return { module: WhoAmIModule, controllers: [WhoAmIController] };
  }
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}
function stop(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A TCP relay to a store, which the test can cut: the store going down under a running gateway. */
async function relay(host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, host);
    client.pipe(upstream).pipe(client);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => (sockets.delete(socket), other.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** Resolves once `check()` holds; fails after 5 s. */
async function until(check: () => boolean): Promise<void> {
  for (const end = Date.now() + 5_000; !check(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error('timed out waiting');
  }
}

async function startGateway(config: GatewayConfig): Promise<{ app: INestApplication; url: string }> {
  const app = await createGatewayApp(config);
  await app.listen(0, '127.0.0.1');
  return { app, url: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

describe('gateway', () => {
  let privateKey: KeyLike;
  let otherKey: KeyLike;
  let issuer: string;
  let gateway: { app: INestApplication; url: string };
  let staticRoot: string;
  const servers: http.Server[] = [];
  const received: Echo[] = [];
  /** URLs of requests the gateway closed before the upstream answered. */
  const hungUp: string[] = [];
  let baseEnv: Record<string, string>;

  beforeAll(async () => {
    const keys = await generateKeyPair('RS256');
    privateKey = keys.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };

    // The identity provider's key set, as a real HTTP endpoint.
    const idp = http.createServer((req, res) => {
      if (req.url !== '/.well-known/jwks.json') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    // Test double of every upstream service: echoes what it received.
    const upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const echo = {
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(echo);
        if (req.url?.startsWith('/reject')) {
          return res.writeHead(422, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              statusCode: 422,
              error: 'Unprocessable Entity',
              message: 'Store name is required.',
              field: 'storeName',
            }),
          );
        }
        if (req.url?.includes('broken=1')) {
          // Says 1000 bytes, sends 20, then the connection drops (a service dying mid-answer).
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
          res.write('{"hits":[{"id":"a",');
          return setTimeout(() => res.socket?.destroy(), 20);
        }
        if (req.url?.includes('hang=1')) {
          // Never answers; notes when the gateway gives up on it.
          res.on('close', () => hungUp.push(req.url!));
          return;
        }
        if (req.url?.includes('big=1')) {
          // Larger than the gateway reads whole before answering: streamed through.
          return res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ pad: 'x'.repeat(400_000) }));
        }
        // Like the search service: answers that may be reused for a couple of seconds say so.
        const reusable = req.url?.includes('cacheable=1') ? { 'cache-control': 'public, max-age=2' } : {};
        res
          .writeHead(200, {
            'content-type': 'application/json',
            'access-control-allow-origin': 'https://evil.example',
            ...reusable,
          })
          .end(JSON.stringify(echo));
      });
    });
    servers.push(idp, upstream);
    issuer = `${await listen(idp)}/`;
    const upstreamUrl = await listen(upstream);
    // A billing service that is "down" for every call the tests make: it answers only the list of
    // deleted accounts (none), which the gateway reads before it opens /api (revocations.test.ts).
    const billing = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url?.startsWith('/internal/revoked-subjects?'))
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"subjects":[],"cursor":0,"more":false}');
      req.socket.destroy();
    });
    servers.push(billing);
    const billingUrl = await listen(billing);

    staticRoot = mkdtempSync(join(tmpdir(), 'sniff-gateway-'));
    const write = (rel: string, text: string) => {
      mkdirSync(join(staticRoot, rel, '..'), { recursive: true });
      writeFileSync(join(staticRoot, rel), text);
    };
    write('shell/dist/index.html', '<!doctype html><title>Sniff shell</title>');
    write('shell/dist/main.0123abcd.js', 'console.log("shell")');
    write('services/search/widget/dist/saas-embed.js', 'console.log("widget")');
    write('services/search/widget/dist/search.0123456789.js', 'console.log("searching")');
    write('mfe-wizard/dist/mf-manifest.json', '{"id":"mfe_wizard"}');
    // a remote no setting names: found by its folder
    write('mfe-loyalty-points/dist/mf-manifest.json', '{"id":"mfe_loyalty_points"}');

    baseEnv = {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN,
      AUTH_ISSUER: issuer,
      BILLING_URL: billingUrl,
      STORES_URL: upstreamUrl,
      SEARCH_URL: upstreamUrl,
      ANALYTICS_URL: upstreamUrl,
      STATIC_ROOT: staticRoot,
      // the remote registry's part of /remotes.json is remote-registry.test.ts's
      REGISTRY_URL: '',
    };
    gateway = await startGateway(loadConfig('gateway', gatewayConfigSchema, baseEnv));
  });

  afterAll(async () => {
    await gateway?.app.close();
    await Promise.all(servers.map(stop));
    rmSync(staticRoot, { recursive: true, force: true });
  });

  beforeEach(() => {
    received.length = 0;
  });

  const token = (
    o: {
      key?: KeyLike;
      alg?: string;
      kid?: string;
      iss?: string;
      aud?: string;
      exp?: number | string;
      iat?: number;
      email?: string;
      sub?: unknown;
      secret?: Uint8Array;
    } = {},
  ) => {
    const jwt = new SignJWT({
      [EMAIL_CLAIM]: o.email ?? 'owner@example.com',
      sub: 'sub' in o ? o.sub : 'owner-1',
    } as JWTPayload)
      .setProtectedHeader({ alg: o.alg ?? 'RS256', kid: o.kid ?? 'key-1' })
      .setIssuer(o.iss ?? issuer)
      .setAudience(o.aud ?? AUDIENCE)
      .setIssuedAt(o.iat)
      .setExpirationTime(o.exp ?? '5m');
    return jwt.sign(o.secret ?? o.key ?? privateKey);
  };
  const call = (path: string, init: RequestInit & { bearer?: string } = {}) =>
    fetch(`${gateway.url}${path}`, {
      ...init,
      headers: {
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
  const postJson = (path: string, body: unknown, bearer?: string, headers: Record<string, string> = {}) =>
    call(path, {
      method: 'POST',
      bearer,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });

  describe('dashboard API (/api)', () => {
    it('refuses a call without a bearer token', async () => {
      const res = await postJson('/api/stores/managestores/list-stores', { email: 'owner@example.com' });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing bearer token' });
      expect(received).toHaveLength(0);
    });

    it.each([
      ['signed by another key', () => token({ key: otherKey }), /signature/],
      ['signed by an unknown key id', () => token({ key: otherKey, kid: 'key-2' }), /unknown key/],
      ['HS256 (symmetric)', () => token({ alg: 'HS256', secret: new TextEncoder().encode('x'.repeat(32)) }), /RS256/],
      ['for another audience', () => token({ aud: 'https://other.example' }), /audience/],
      ['from another issuer', () => token({ iss: 'https://evil.example/' }), /issuer/],
      ['expired', () => token({ exp: Math.floor(Date.now() / 1000) - 120 }), /Access token expired/],
      ['garbage', async () => 'not.a.jwt', /malformed/],
    ])('refuses a token %s', async (_label, make, message) => {
      const res = await postJson('/api/stores/managestores/list-stores', { email: 'owner@example.com' }, await make());
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(message);
      expect(received).toHaveLength(0);
    });

    it('accepts a token expired less than the 60 s clock tolerance ago', async () => {
      const res = await postJson('/api/stores/x', {}, await token({ exp: Math.floor(Date.now() / 1000) - 10 }));
      expect(res.status).toBe(200);
    });

    it('forwards to the owning service with the verified identity and none of the client credentials', async () => {
      const res = await postJson(
        '/api/stores/managestores/list-stores?page=2',
        { email: ' Owner@Example.com ' },
        await token(),
        {
          'x-sniff-user-sub': 'someone-else',
          'x-sniff-internal-token': 'forged',
          'X-Sniff-User-Email': 'victim@example.com',
          cookie: 'session=1',
        },
      );
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo.method).toBe('POST');
      expect(echo.url).toBe('/managestores/list-stores?page=2');
      expect(echo.headers['x-sniff-user-sub']).toBe('owner-1');
      expect(echo.headers['x-sniff-user-email']).toBe('owner%40example.com'); // percent-encoded, see below
      expect(echo.headers['x-sniff-internal-token']).toBe(INTERNAL_TOKEN);
      expect(echo.headers.authorization).toBeUndefined();
      expect(echo.headers.cookie).toBeUndefined();
      expect(JSON.parse(echo.body)).toEqual({ email: ' Owner@Example.com ' });
      // /api answers are same-origin only: no CORS, whatever the service says.
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('never lets the public reach a service’s probes, metrics or API document through /api', async () => {
      for (const path of [
        '/api/stores/metrics',
        '/api/search/docs',
        '/api/search/healthz',
        '/api/billing/readyz',
        '/api/stores/Internal/x',
      ]) {
        const res = await postJson(path, { email: 'owner@example.com' }, await token());
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
      expect(received).toHaveLength(0);
    });

    it('gives each request an id (or keeps a usable one from its client), forwards it and answers with it', async () => {
      const kept = await postJson(
        '/api/stores/managestores/list-stores',
        { email: 'owner@example.com' },
        await token(),
        {
          'x-request-id': 'support-ticket-42',
        },
      );
      expect(kept.headers.get('x-request-id')).toBe('support-ticket-42');
      expect(((await kept.json()) as Echo).headers['x-request-id']).toBe('support-ticket-42');
      const made = await postJson(
        '/api/stores/managestores/list-stores',
        { email: 'owner@example.com' },
        await token(),
        {
          'x-request-id': 'spaces are not allowed',
        },
      );
      const id = made.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await made.json()) as Echo).headers['x-request-id']).toBe(id);
      const search = await call('/v1/stores/store_1/search?q=ids', { headers: { origin: 'https://shop.example' } });
      expect(((await search.json()) as Echo).headers['x-request-id']).toBe(search.headers.get('x-request-id'));
    });

    it('rejects a payload e-mail that is not the signed-in user’s, without calling the service', async () => {
      const res = await postJson('/api/billing/info/user', { email: 'victim@example.com' }, await token());
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('email does not match the signed-in user');
      expect(received).toHaveLength(0);
    });

    it('checks the e-mail of a chunked JSON body too, and forwards it whole', async () => {
      const chunked = (text: string) =>
        new ReadableStream({
          start(c) {
            for (const part of [text.slice(0, 5), text.slice(5)]) c.enqueue(new TextEncoder().encode(part));
            c.close();
          },
        });
      const send = async (email: string) =>
        call('/api/analytics/fetch/zeroes', {
          method: 'POST',
          bearer: await token(),
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: chunked(JSON.stringify({ email, url: 'https://a.example' })),
          duplex: 'half',
        } as RequestInit);
      expect((await send('victim@example.com')).status).toBe(403);
      const ok = await send('owner@example.com');
      expect(ok.status).toBe(200);
      expect(JSON.parse(((await ok.json()) as Echo).body)).toEqual({
        email: 'owner@example.com',
        url: 'https://a.example',
      });
    });

    it('answers 400 for malformed JSON', async () => {
      const res = await call('/api/stores/x', {
        method: 'POST',
        bearer: await token(),
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/not valid JSON/);
    });

    it('passes multipart uploads through untouched', async () => {
      const form = new FormData();
      form.append('email', 'someone-else@example.com');
      form.append('file', new Blob(['url,title\nhttps://a.example,A\n'], { type: 'text/csv' }), 'catalogue.csv');
      const res = await call('/api/stores/upload/csv', { method: 'POST', bearer: await token(), body: form });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(echo.body).toContain('url,title\nhttps://a.example,A\n');
    });

    it('passes a compressed upload on as it came, neither inflated nor refused', async () => {
      const gz = gzipSync('url,title\n'.repeat(1000));
      const res = await call('/api/stores/upload/csv', {
        method: 'POST',
        bearer: await token(),
        body: gz,
        headers: { 'content-type': 'text/csv', 'content-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo.headers['content-encoding']).toBe('gzip');
      expect(echo.headers['content-length']).toBe(String(gz.length));
    });

    it('keeps a service’s 4xx answer as it is', async () => {
      const res = await postJson('/api/stores/reject', {}, await token());
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'Store name is required.',
        field: 'storeName',
      });
    });

    it.each([
      '/api/stores/internal/stores?owner=x',
      '/api/search/INTERNAL/stores/1',
      '/api/stores/%69nternal/x',
      '/api/stores/a/../internal/x',
      '/api/unknown/x',
      '/api',
    ])('never reaches %s', async (path) => {
      const res = await call(path, { bearer: await token() });
      expect(res.status).toBe(404);
      expect(received).toHaveLength(0);
    });

    it('answers 503, not 401, when the identity provider’s keys cannot be fetched', async () => {
      const closed = http.createServer();
      const downUrl = await listen(closed);
      await stop(closed);
      const cut = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, AUTH_JWKS_URL: `${downUrl}/.well-known/jwks.json` }),
      );
      try {
        const res = await fetch(`${cut.url}/api/stores/x`, { headers: { authorization: `Bearer ${await token()}` } });
        expect(res.status).toBe(503);
        expect((await res.json()).message).toMatch(/sign-in service is unavailable/);
      } finally {
        await cut.app.close();
      }
    });

    it('answers 503 naming the service when it is down', async () => {
      const res = await postJson('/api/billing/info/user', { email: 'owner@example.com' }, await token());
      expect(res.status).toBe(503);
      expect((await res.json()).message).toBe('The billing service is unavailable');
    });

    it('forwards the identity percent-encoded, so a service built with the kit reads a non-ASCII e-mail', async () => {
      const echoed = await call('/api/stores/x', {
        bearer: await token({ email: 'josé@example.com', sub: 'auth0|ü 1' }),
      });
      expect(echoed.status).toBe(200);
      const { headers } = (await echoed.json()) as Echo;
      expect([headers['x-sniff-user-sub'], headers['x-sniff-user-email']]).toEqual([
        'auth0%7C%C3%BC%201',
        'jos%C3%A9%40example.com',
      ]);

      // The same token through to a real service: the kit's OwnerGuard decodes what the gateway encoded.
      const service = await startTestService(WhoAmIModule.forRoot(), {
        ...testConfig('postgres://127.0.0.1/unused'), // the module has no database
        INTERNAL_TOKEN,
      });
      const gw = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, STORES_URL: service.url }),
      );
      try {
        const res = await fetch(`${gw.url}/api/stores/whoami`, {
          headers: { authorization: `Bearer ${await token({ email: 'josé@example.com', sub: 'auth0|ü 1' })}` },
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ sub: 'auth0|ü 1', email: 'josé@example.com' });
      } finally {
        await gw.app.close();
        await service.close();
      }
    });

    const now = () => Math.floor(Date.now() / 1000);
    it.each([
      ['an e-mail with CR/LF', { email: 'owner@example.com\r\nx-sniff-user-sub: admin' }, /e-mail contains control/],
      ['an e-mail with a NUL', { email: 'owner\u0000@example.com' }, /e-mail contains control/],
      ['an e-mail with a lone surrogate', { email: '\ud800owner@example.com' }, /unpaired surrogates/],
      ['a subject with a C1 control character', { sub: 'owner\u0085' }, /subject contains control/],
      ['a subject with DEL', { sub: 'owner\u007f' }, /subject contains control/],
      ['an empty subject', { sub: '' }, /subject/],
      ['a numeric subject', { sub: 42 }, /sub/],
      ['issued in the future, past the clock leeway', { iat: now() + 120 }, /not valid yet/],
    ])('refuses a token with %s (401), without calling the service', async (_label, claims, message) => {
      const res = await call('/api/stores/x', { bearer: await token(claims) });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toMatch(message);
      expect(received).toHaveLength(0);
    });

    it('accepts a token issued less than the 60 s clock leeway ahead', async () => {
      expect((await call('/api/stores/x', { bearer: await token({ iat: now() + 30 }) })).status).toBe(200);
    });
  });

  describe('public widget API (/v1) and assets', () => {
    it('forwards search without a token, from any origin, without credentials', async () => {
      const res = await call('/v1/stores/store_1/search?q=pricng&limit=5', {
        headers: { origin: 'https://shop.example', authorization: 'Bearer x', 'x-sniff-user-sub': 'forged' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('timing-allow-origin')).toBe('*');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const echo = (await res.json()) as Echo;
      expect(echo.url).toBe('/v1/stores/store_1/search?q=pricng&limit=5');
      expect(echo.headers.authorization).toBeUndefined();
      expect(echo.headers['x-sniff-user-sub']).toBeUndefined();
      expect(echo.headers['x-sniff-internal-token']).toBeUndefined();
    });

    it('answers a repeated search from its micro-cache for as long as the search service allows', async () => {
      const url = '/v1/stores/store_1/search?q=sho&cacheable=1';
      const before = received.length;
      const first = await call(url);
      const second = await call(url);
      expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
      expect(await second.text()).toBe(await first.text());
      expect(second.headers.get('access-control-allow-origin')).toBe('*');
      expect(second.headers.get('timing-allow-origin')).toBe('*');
      expect(received.length - before).toBe(1);
      // Another query, and answers that do not allow reuse, always go to the service.
      expect((await call('/v1/stores/store_1/search?q=shoe&cacheable=1')).headers.get('x-cache')).toBe('MISS');
      await call('/v1/stores/store_1/search?q=boot');
      expect((await call('/v1/stores/store_1/search?q=boot')).headers.get('x-cache')).toBe('MISS');
      expect(received.length - before).toBe(4);
    });

    it("keys its cache by the page's origin and the URL without the widget's query id", async () => {
      const before = received.length;
      const first = await call('/v1/stores/store_1/search?q=shi&cacheable=1&session=aaa');
      // Other visitors typing the same text, each naming their own query: one answer serves them.
      const second = await call('/v1/stores/store_1/search?q=shi&cacheable=1&session=bbb');
      const third = await call('/v1/stores/store_1/search?q=shi&cacheable=1');
      expect([first, second, third].map((r) => r.headers.get('x-cache'))).toEqual(['MISS', 'HIT', 'HIT']);
      expect(received.length - before).toBe(1);
      expect(received.at(-1)?.url).toBe('/v1/stores/store_1/search?q=shi&cacheable=1&session=aaa');
      // Another site's page is answered by the search service itself (which may refuse it), never from the cache.
      const elsewhere = await call('/v1/stores/store_1/search?q=shi&cacheable=1&session=ccc', {
        headers: { origin: 'https://another-site.example' },
      });
      expect(elsewhere.headers.get('x-cache')).toBe('MISS');
      expect(received.length - before).toBe(2);
    });

    it('answers 503 when the search service breaks off an answer, and passes large answers whole', async () => {
      const broken = await call('/v1/stores/store_1/search?q=x&broken=1');
      expect(broken.status).toBe(503);
      expect(await broken.json()).toMatchObject({ message: 'The search service is unavailable' });
      const big = await call('/v1/stores/store_1/search?q=x&big=1');
      expect(big.status).toBe(200);
      expect(((await big.json()) as { pad: string }).pad).toHaveLength(400_000);
    });

    it('answers 504 when a service takes too long, and stops a call its client gave up on', async () => {
      const impatient = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, UPSTREAM_TIMEOUT_MS: '200' }),
      );
      try {
        const slow = await fetch(`${impatient.url}/v1/stores/store_1/search?q=x&hang=1&n=1`);
        expect(slow.status).toBe(504);
        expect(await slow.json()).toMatchObject({ message: 'The search service did not answer in time' });
      } finally {
        await impatient.app.close();
      }
      const gaveUp = new AbortController();
      const waiting = call('/v1/stores/store_1/search?q=x&hang=1&n=2', { signal: gaveUp.signal });
      await until(() => received.some((r) => r.url.includes('hang=1&n=2')));
      gaveUp.abort();
      await expect(waiting).rejects.toThrow();
      await until(() => hungUp.some((u) => u.includes('hang=1&n=2')));
    });

    it('forwards click events', async () => {
      const res = await postJson('/v1/stores/store_1/events', { type: 'click', query: 'pricing' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as Echo).method).toBe('POST');
    });

    it('refuses a body over 16 KB with a 413 before reading it, and sends nothing to the service', async () => {
      // Declares 1 MB and sends none of it: the answer must not wait for the body.
      const { hostname, port } = new URL(gateway.url);
      const socket = connect(Number(port), hostname);
      let head = '';
      try {
        socket.write(
          'POST /v1/stores/store_1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 1048576\r\n\r\n{"type":',
        );
        socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
        await until(() => head.includes('\r\n\r\n'));
      } finally {
        socket.destroy();
      }
      expect(head).toMatch(/^HTTP\/1\.1 413 /);
      expect(head).toMatch(/access-control-allow-origin: \*/i);

      const declared = await postJson('/v1/stores/store_1/events', { type: 'click', query: 'x'.repeat(17 * 1024) });
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ message: 'Request body is larger than 16 KB' });
      expect(received).toHaveLength(0);
    });

    it('reads a chunked body up to 16 KB (413 beyond) and forwards it whole with its length', async () => {
      const chunked = (parts: string[]) =>
        call('/v1/stores/store_1/events', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: new ReadableStream({
            start(c) {
              for (const part of parts) c.enqueue(new TextEncoder().encode(part));
              c.close();
            },
          }),
          duplex: 'half',
        } as RequestInit);
      const big = await chunked(['{"type":"click","query":"', ...Array<string>(20).fill('x'.repeat(1024)), '"}']);
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ message: 'Request body is larger than 16 KB' });
      expect(received).toHaveLength(0);

      const event = JSON.stringify({ type: 'click', query: 'pricing' });
      const ok = await chunked([event.slice(0, 10), event.slice(10)]);
      expect(ok.status).toBe(200);
      const echo = (await ok.json()) as Echo;
      expect(echo.body).toBe(event);
      expect(echo.headers['content-length']).toBe(String(event.length));
      expect(echo.headers['transfer-encoding']).toBeUndefined();
    });

    it('answers the CORS preflight', async () => {
      const res = await call('/v1/stores/store_1/events', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toMatch(/content-type/);
      expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(received).toHaveLength(0);
    });

    it('exposes no other /v1 route', async () => {
      expect((await call('/v1/stores/store_1/documents')).status).toBe(404);
      expect((await call('/v1/stores/store_1/search', { method: 'POST' })).status).toBe(405);
      expect((await call('/v1/stores/store_1/search', { method: 'HEAD' })).status).toBe(405);
      expect((await call('/v1/stores/a%2Fb/search')).status).toBe(404);
      for (const path of ['/v1', '/v1?q=x', '/v1/']) {
        const res = await call(path);
        expect(res.status).toBe(404);
        expect(((await res.json()) as { message: string }).message).toMatch(/^Cannot GET \/v1/);
      }
      expect(received).toHaveLength(0);
    });

    it('serves the widget script with a JavaScript type, short cache and open CORS', async () => {
      const res = await call('/widget/saas-embed.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe('console.log("widget")');
      expect((await call('/widget/nope.js')).status).toBe(404);
    });

    it('serves the second widget script, named by its content, as immutable', async () => {
      const res = await call('/widget/search.0123456789.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe('console.log("searching")');
    });
  });

  describe('Shopify OAuth steps (/shopify/auth, /shopify/callback)', () => {
    it("passes the owner's browser on to the stores service with no token, only the flow's cookies", async () => {
      const res = await fetch(`${gateway.url}/shopify/callback?code=c1&hmac=h1&shop=x.myshopify.com&state=s1`, {
        headers: {
          authorization: 'Bearer forged',
          cookie: 'shopify_app_state=s1; shopify_app_state.sig=abc; session=secret; other=1',
          'x-sniff-user-sub': 'someone',
        },
      });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo).toMatchObject({
        method: 'GET',
        url: '/shopify/oauth/callback?code=c1&hmac=h1&shop=x.myshopify.com&state=s1',
      });
      expect(echo.headers.cookie).toBe('shopify_app_state=s1; shopify_app_state.sig=abc');
      for (const name of ['authorization', 'x-sniff-user-sub', 'x-sniff-user-email', 'x-sniff-internal-token'])
        expect(echo.headers[name]).toBeUndefined();
      const begin = (await (await fetch(`${gateway.url}/shopify/auth?ticket=t1`)).json()) as Echo;
      expect(begin.url).toBe('/shopify/oauth/begin?ticket=t1');
      expect(begin.headers.cookie).toBeUndefined();
      // The value that ties the link to the browser that asked for it (stores checks it).
      const bound = await fetch(`${gateway.url}/shopify/auth?ticket=t2`, {
        headers: { cookie: 'session=secret; sniff_shopify_connect=n1; sniff_shopify_connect_x=2' },
      });
      expect(((await bound.json()) as Echo).headers.cookie).toBe('sniff_shopify_connect=n1');
    });

    it('answers only GET, and leaves every other /shopify path (the public Shopify page) alone', async () => {
      const post = await fetch(`${gateway.url}/shopify/callback`, { method: 'POST' });
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET');
      const page = await fetch(`${gateway.url}/shopify`);
      expect(page.headers.get('content-type')).not.toMatch(/json/);
    });
  });

  describe('Stripe webhooks (/webhooks/stripe)', () => {
    /** A gateway whose billing service is the echoing upstream. */
    let hooks: { app: INestApplication; url: string };
    beforeAll(async () => {
      hooks = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, BILLING_URL: baseEnv.STORES_URL }),
      );
    });
    afterAll(() => hooks?.app.close());
    const deliver = (body: BodyInit, headers: Record<string, string> = {}, init: RequestInit = {}) =>
      fetch(`${hooks.url}/webhooks/stripe`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': 't=1,v1=abc', ...headers },
        ...init,
      });

    it('streams the body byte for byte with its signature to billing, with no token and no identity', async () => {
      const body = '{\n  "id": "evt_1",   "object": "event", "note": "caf\u00e9" }';
      const res = await deliver(body, {
        authorization: 'Bearer forged',
        cookie: 'session=x',
        'x-sniff-user-sub': 'someone',
        'x-sniff-internal-token': 'guess',
      });
      expect(res.status).toBe(200);
      const echo = (await res.json()) as Echo;
      expect(echo).toMatchObject({ method: 'POST', url: '/stripe/webhook', body });
      expect(echo.headers['stripe-signature']).toBe('t=1,v1=abc');
      expect(echo.headers['content-type']).toBe('application/json; charset=utf-8');
      for (const name of [
        'authorization',
        'cookie',
        'x-sniff-user-sub',
        'x-sniff-user-email',
        'x-sniff-internal-token',
      ])
        expect(echo.headers[name]).toBeUndefined();
    });

    it('refuses a body over 1 MB with a 413, declared or chunked, and sends nothing on', async () => {
      const big = JSON.stringify({ pad: 'x'.repeat(1024 * 1024) });
      const declared = await deliver(big);
      expect(declared.status).toBe(413);
      expect(await declared.json()).toMatchObject({ message: 'Request body is larger than 1 MB' });
      const chunked = await deliver(
        new ReadableStream({
          start(c) {
            for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode('x'.repeat(64 * 1024)));
            c.close();
          },
        }),
        {},
        { duplex: 'half' } as RequestInit,
      );
      expect(chunked.status).toBe(413);
      expect(received).toHaveLength(0);
      const small = await deliver(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"id":'));
            c.enqueue(new TextEncoder().encode('"evt_2"}'));
            c.close();
          },
        }),
        {},
        { duplex: 'half' } as RequestInit,
      );
      expect(small.status).toBe(200);
      expect(((await small.json()) as Echo).body).toBe('{"id":"evt_2"}');
    });

    it('answers only POST on exactly that path', async () => {
      const get = await fetch(`${hooks.url}/webhooks/stripe`);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
      expect((await fetch(`${hooks.url}/webhooks/stripe/other`, { method: 'POST' })).status).toBe(404);
      expect(received).toHaveLength(0);
    });

    it('answers 503 when billing is down, so that Stripe retries', async () => {
      const res = await fetch(`${gateway.url}/webhooks/stripe`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: 'The billing service is unavailable' });
    });

    it('slows down an address that floods it', async () => {
      const limited = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, {
          ...baseEnv,
          BILLING_URL: baseEnv.STORES_URL,
          PUBLIC_RATE_BURST: '2',
          PUBLIC_RATE_PER_SECOND: '0.01',
        }),
      );
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++)
          statuses.push((await fetch(`${limited.url}/webhooks/stripe`, { method: 'POST', body: '{}' })).status);
        expect(statuses).toEqual([200, 200, 429]);
      } finally {
        await limited.app.close();
      }
    });
  });

  describe('front end', () => {
    it('serves the runtime configuration', async () => {
      const res = await call('/config.json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({
        auth: { domain: issuer.replace(/\/$/, ''), clientId: 'sniff-dashboard', audience: AUDIENCE },
        apiBaseUrl: '/api',
        widgetHost: 'http://localhost:8080',
        // No publishable key: payments are off.
        stripe: { publishableKey: '', scriptUrl: '' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('tells the shell where Stripe.js comes from and with which publishable key', async () => {
      const stripe = {
        STRIPE_PUBLISHABLE_KEY: 'pk_test_sniff',
        STRIPE_JS_URL: 'http://127.0.0.1:8095/v3/stripe.js',
      };
      const paying = await startGateway(loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, ...stripe }));
      try {
        const config = (await (await fetch(`${paying.url}/config.json`)).json()) as Record<string, unknown>;
        expect(config.stripe).toEqual({ publishableKey: 'pk_test_sniff', scriptUrl: stripe.STRIPE_JS_URL });
      } finally {
        await paying.app.close();
      }
      // A secret key is never published, and the script is fetched over http(s) only.
      expect(() =>
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, STRIPE_PUBLISHABLE_KEY: 'sk_test_secret' }),
      ).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
      expect(() =>
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, STRIPE_JS_URL: 'javascript:alert(1)' }),
      ).toThrow(/STRIPE_JS_URL/);
    });

    it('lists and serves every remote folder it finds, a new one included, and nothing else', async () => {
      const res = await call('/remotes.json');
      const { remotes } = (await res.json()) as { remotes: Array<{ name: string; entry: string }> };
      expect(remotes).toEqual([
        { name: 'mfe_loyalty_points', entry: '/remotes/mfe-loyalty-points/mf-manifest.json' },
        { name: 'mfe_wizard', entry: '/remotes/mfe-wizard/mf-manifest.json' },
      ]);
      for (const { entry } of remotes) {
        const manifest = await call(entry);
        expect(manifest.status).toBe(200);
        expect(manifest.headers.get('cache-control')).toBe('no-cache');
      }
      expect((await call('/remotes/elsewhere/x.js')).status).toBe(404);
      expect((await call('/remotes/shell/dist/index.html')).status).toBe(404);
    });

    it('falls back to the shell for dashboard routes, with security headers', async () => {
      for (const path of ['/', '/dashboard/stores']) {
        const res = await call(path);
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('Sniff shell');
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      }
    });

    it('caches hashed assets for long and answers 404 for missing files', async () => {
      const asset = await call('/main.0123abcd.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const missing = await call('/missing.js');
      expect(missing.status).toBe(404);
      expect((await missing.json()).statusCode).toBe(404);
    });

    it('answers other methods on page paths with a JSON 404', async () => {
      const res = await call('/dashboard/stores', { method: 'POST' });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('Not Found');
    });

    it('answers /healthz and /readyz', async () => {
      for (const path of ['/healthz', '/readyz']) {
        const res = await call(path);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ status: 'ok' });
      }
    });
  });

  describe('configuration and limits', () => {
    it('stops with a clear message for bad settings', () => {
      expect(() => loadConfig('gateway', gatewayConfigSchema, { STORES_URL: 'nope', REMOTES_JSON: '{' })).toThrow(
        ConfigError,
      );
      try {
        loadConfig('gateway', gatewayConfigSchema, { STORES_URL: 'nope', REMOTES_JSON: '{' });
      } catch (err) {
        expect((err as Error).message).toMatch(/INTERNAL_TOKEN/);
        expect((err as Error).message).toMatch(/STORES_URL: must be an http\(s\) URL/);
        expect((err as Error).message).toMatch(/REMOTES_JSON: is not valid JSON/);
      }
    });

    it('refuses the local identity provider and origin in production until they are set', () => {
      const { AUTH_ISSUER: _issuer, ...withoutIssuer } = baseEnv;
      const production = { ...withoutIssuer, NODE_ENV: 'production' };
      expect(() => loadConfig('gateway', gatewayConfigSchema, production)).toThrow(
        /AUTH_ISSUER: must be set in production \(its default is for local development\)/,
      );
      const message = (() => {
        try {
          loadConfig('gateway', gatewayConfigSchema, production);
        } catch (err) {
          return (err as Error).message;
        }
      })();
      expect(message).toMatch(/PUBLIC_URL: must be set in production/);
      expect(message).toMatch(/AUTH_CLIENT_ID: must be set in production/);
      const set = {
        ...production,
        PUBLIC_URL: 'https://sniff.example.com',
        AUTH_ISSUER: 'https://tenant.auth0.com/',
        AUTH_CLIENT_ID: 'spa-client',
      };
      expect(loadConfig('gateway', gatewayConfigSchema, set).AUTH_ISSUER).toBe('https://tenant.auth0.com/');
      // Outside production the local defaults are fine.
      expect(loadConfig('gateway', gatewayConfigSchema, withoutIssuer).AUTH_ISSUER).toBe('http://localhost:8090/');
    });

    it('lets REMOTES_JSON move a remote without rebuilding the shell', () => {
      const remotes = { remotes: [{ name: 'mfe_wizard', entry: 'https://cdn.example/wizard/mf-manifest.json' }] };
      const config = loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, REMOTES_JSON: JSON.stringify(remotes) });
      expect(config.REMOTES).toEqual(remotes);
    });

    it('keeps no answer larger than PUBLIC_CACHE_MB allows', async () => {
      const small = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, { ...baseEnv, PUBLIC_CACHE_MB: '0.0001' }),
      );
      try {
        const url = `${small.url}/v1/stores/store_1/search?q=budget&cacheable=1`;
        const first = await fetch(url);
        expect(first.headers.get('x-cache')).toBe('MISS');
        expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0.0001 * 1024 * 1024);
        expect((await fetch(url)).headers.get('x-cache')).toBe('MISS');
      } finally {
        await small.app.close();
      }
    });

    it('slows down a client that floods the search API and a user that floods the dashboard API', async () => {
      const limited = await startGateway(
        loadConfig('gateway', gatewayConfigSchema, {
          ...baseEnv,
          PUBLIC_RATE_BURST: '3',
          PUBLIC_RATE_PER_SECOND: '0.01',
          API_RATE_BURST: '2',
          API_RATE_PER_SECOND: '0.01',
        }),
      );
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.url}/v1/stores/s1/search?q=a`)).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
        const refused = await fetch(`${limited.url}/v1/stores/s1/search?q=a`);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
        expect((await refused.json()).message).toMatch(/Too many search requests/);

        const bearer = await token();
        const api: number[] = [];
        for (let i = 0; i < 3; i++)
          api.push(
            (await fetch(`${limited.url}/api/stores/x`, { headers: { authorization: `Bearer ${bearer}` } })).status,
          );
        expect(api).toEqual([200, 200, 429]);
      } finally {
        await limited.app.close();
      }
    });
  });

  describe('rate limits behind proxies and across replicas', () => {
    /** A gateway with small limits: 5 searches per client, 2 dashboard calls per subject, then 429. */
    const limitedGateway = (env: Record<string, string> = {}) =>
      startGateway(
        loadConfig('gateway', gatewayConfigSchema, {
          ...baseEnv,
          PUBLIC_RATE_BURST: '5',
          PUBLIC_RATE_PER_SECOND: '0.01',
          API_RATE_BURST: '2',
          API_RATE_PER_SECOND: '0.01',
          ...env,
        }),
      );
    /** Statuses of `n` searches, the i-th with `headers(i)`, 20 at a time. */
    const searches = async (url: string, n: number, headers: (i: number) => Record<string, string>) => {
      const statuses: number[] = [];
      for (let i = 0; i < n; i += 20) {
        const batch = Array.from({ length: Math.min(20, n - i) }, (_, j) =>
          fetch(`${url}/v1/stores/s1/search?q=a`, { headers: headers(i + j) }).then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          }),
        );
        statuses.push(...(await Promise.all(batch)));
      }
      return statuses;
    };
    const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

    it('counts each visitor behind a trusted proxy on its own, and forwards one client address', async () => {
      const gw = await limitedGateway({ TRUSTED_PROXIES: 'loopback' });
      try {
        // 160 visitors behind one load balancer (this test's loopback address): none is limited.
        const visitors = await searches(gw.url, 160, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
        expect(count(visitors, 429)).toBe(0);
        // One visitor sending 160: limited after its 5.
        const one = await searches(gw.url, 160, () => ({ 'x-forwarded-for': '192.0.2.7' }));
        expect([count(one, 200), count(one, 429)]).toEqual([5, 155]);

        // The service gets the client the proxy saw (not what the client claimed before it), and the proxy's scheme.
        received.length = 0;
        await fetch(`${gw.url}/v1/stores/s1/search?q=b`, {
          headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https' },
        });
        expect(received[0].headers['x-forwarded-for']).toBe('203.0.113.9');
        expect(received[0].headers['x-forwarded-proto']).toBe('https');
      } finally {
        await gw.app.close();
      }
    });

    it.each([
      ['no trusted proxy (the default)', {}],
      ['a trusted proxy elsewhere', { TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16' }],
    ])('ignores X-Forwarded-For from a client when there is %s', async (_label, env) => {
      const gw = await limitedGateway(env);
      try {
        const spoofed = await searches(gw.url, 20, (i) => ({ 'x-forwarded-for': `198.51.100.${i}` }));
        expect([count(spoofed, 200), count(spoofed, 429)]).toEqual([5, 15]);
        received.length = 0;
        const bearer = await token();
        await fetch(`${gw.url}/api/stores/x`, {
          headers: {
            authorization: `Bearer ${bearer}`,
            'x-forwarded-for': '198.51.100.1',
            'x-forwarded-proto': 'https',
          },
        });
        expect(received[0].headers['x-forwarded-for']).toBe('127.0.0.1');
        expect(received[0].headers['x-forwarded-proto']).toBe('http');
      } finally {
        await gw.app.close();
      }
    });

    /** Two replicas on one store: a client limited on one is limited on the other, for /v1 and /api. */
    const sharedAcrossReplicas = async (env: Record<string, string>) => {
      const a = await limitedGateway(env);
      const b = await limitedGateway(env);
      try {
        const visitor = { 'x-forwarded-for': '192.0.2.10' };
        expect(await searches(a.url, 5, () => visitor)).toEqual([200, 200, 200, 200, 200]);
        const refused = await fetch(`${b.url}/v1/stores/s1/search?q=a`, { headers: visitor });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await searches(b.url, 1, () => ({ 'x-forwarded-for': '192.0.2.11' })))[0]).toBe(200);

        const auth = { authorization: `Bearer ${await token()}` };
        const api: number[] = [];
        for (const gw of [a, a, b]) api.push((await fetch(`${gw.url}/api/stores/x`, { headers: auth })).status);
        expect(api).toEqual([200, 200, 429]);
      } finally {
        await a.app.close();
        await b.app.close();
      }
    };

    it('shares the counts between gateway replicas through Redis', async () => {
      await sharedAcrossReplicas({
        TRUSTED_PROXIES: 'loopback',
        RATE_LIMIT_STORE_URL: 'redis://127.0.0.1:6379',
        RATE_LIMIT_KEY_PREFIX: `test-${randomUUID()}`,
      });
    });

    it('shares the counts between gateway replicas through Postgres, in the gateway schema', async () => {
      const db = await createTestDatabase();
      try {
        await sharedAcrossReplicas({ TRUSTED_PROXIES: 'loopback', RATE_LIMIT_STORE_URL: db.url });
        const pg = new Client({ connectionString: db.url });
        await pg.connect();
        try {
          const { rows } = await pg.query<{ key: string }>('SELECT key FROM gateway.rate_limits ORDER BY key');
          expect(rows.map((r) => r.key)).toEqual(expect.arrayContaining(['sniff:v1:192.0.2.10', 'sniff:api:owner-1']));
        } finally {
          await pg.end();
        }
      } finally {
        await db.drop();
      }
    });

    it.each([
      ['Redis', 'redis'],
      ['Postgres', 'postgres'],
    ])('starts, answers and limits in memory when the %s store is down', async (_label, scheme) => {
      const closed = http.createServer();
      const port = new URL(await listen(closed)).port;
      await stop(closed);
      const gw = await limitedGateway({ RATE_LIMIT_STORE_URL: `${scheme}://127.0.0.1:${port}/x` });
      try {
        const statuses = await searches(gw.url, 7, () => ({}));
        expect(statuses.sort()).toEqual([200, 200, 200, 200, 200, 429, 429]);
      } finally {
        await gw.app.close();
      }
    });

    it.each([
      ['Redis', async () => ({ url: 'redis://127.0.0.1:6379', drop: async () => undefined })],
      ['Postgres', createTestDatabase],
    ])('keeps answering, and limiting in memory, when the %s store goes down under it', async (_label, store) => {
      const db = await store();
      const target = new URL(db.url);
      const cut = await relay(target.hostname, Number(target.port || 5432));
      target.port = String(cut.port);
      const gw = await limitedGateway({
        RATE_LIMIT_STORE_URL: target.toString(),
        RATE_LIMIT_KEY_PREFIX: `test-${randomUUID()}`,
      });
      try {
        expect(await searches(gw.url, 2, () => ({}))).toEqual([200, 200]);
        await cut.close();
        // Counted afresh in memory meanwhile: 5 more, then refused.
        const statuses = await searches(gw.url, 7, () => ({}));
        expect(statuses.sort()).toEqual([200, 200, 200, 200, 200, 429, 429]);
      } finally {
        await gw.app.close();
        await db.drop();
      }
    });
  });
});
