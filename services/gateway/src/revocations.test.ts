import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@sniff/service-kit';
import {
  createTestDatabase,
  freePorts,
  startTestService,
  testConfig,
  TEST_INTERNAL_TOKEN,
  type TestService,
} from '@sniff/service-kit/testing';
import { exportJWK, generateKeyPair, SignJWT, type KeyLike } from 'jose';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppModule as BillingModule } from '../../billing/src/app.module';
import type { BillingConfig } from '../../billing/src/config';
import { plansOnlyBillingConfig } from '../../billing/src/plans-only-config';
import { createGatewayApp } from './app';
import { gatewayConfigSchema } from './config';

/**
 * Delete Account at the gateway: the real billing service on a real Postgres keeps the list of deleted
 * accounts; the gateway reads it (at start, then by cursor every REVOCATION_POLL_MS) and refuses their
 * tokens on /api, but for the deletion's progress. The other services are one echoing server, as in
 * gateway.test.ts; a recording proxy in front of billing shows what the gateway asks it.
 */

const POLL_MS = 250;

function listen(server: http.Server, port = 0): Promise<string> {
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function until<T>(check: () => Promise<T | false>, what: string, ms = 10_000): Promise<T> {
  for (const end = Date.now() + ms; ; await new Promise((r) => setTimeout(r, 25))) {
    const value = await check();
    if (value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('deleted accounts at the gateway', () => {
  let db: { url: string; drop(): Promise<void> };
  let privateKey: KeyLike;
  let billingConfig: BillingConfig;
  let billingPort: number;
  let billing: TestService | undefined;
  const servers: http.Server[] = [];
  const gateways: INestApplication[] = [];
  /** What reached the echoing services, and the paths the gateway asked billing's list with. */
  const echoed: string[] = [];
  const listReads: string[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase();
    const keys = await generateKeyPair('RS256');
    privateKey = keys.privateKey;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
    const idp = http.createServer((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })),
    );
    const services = http.createServer((req, res) => {
      echoed.push(`${req.method} ${req.url}`);
      req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    });
    // Billing is reached through this proxy, which notes each read of the list and passes everything on.
    [billingPort] = await freePorts(1);
    const proxy = http.createServer((req, res) => {
      if (req.url?.startsWith('/internal/revoked-subjects')) listReads.push(req.url);
      const upstream = http.request(
        { host: '127.0.0.1', port: billingPort, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    servers.push(idp, services, proxy);
    const issuer = `${await listen(idp)}/`;
    const servicesUrl = await listen(services);
    env = {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      AUTH_ISSUER: issuer,
      AUTH_JWKS_URL: `${issuer}.well-known/jwks.json`,
      BILLING_URL: await listen(proxy),
      STORES_URL: servicesUrl,
      SEARCH_URL: servicesUrl,
      ANALYTICS_URL: servicesUrl,
      FEEDBACK_URL: servicesUrl,
      REVOCATION_POLL_MS: String(POLL_MS),
    };
    // The deletion's job waits an hour: this file is about the gateway, not the job (billing's account.test.ts).
    billingConfig = { ...plansOnlyBillingConfig(testConfig(db.url), ''), DELETION_DELAY_SECONDS: 3600 };
  });

  afterAll(async () => {
    for (const app of gateways) await app.close();
    await billing?.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await db?.drop();
  });

  const startBilling = async () => {
    billing = await startTestService(BillingModule.forRoot(billingConfig), billingConfig, billingPort);
  };
  const startGateway = async () => {
    const app = await createGatewayApp(loadConfig('gateway', gatewayConfigSchema, env));
    gateways.push(app);
    await app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  };
  const tokenOf = (sub: string) =>
    new SignJWT({ 'https://sniff.dev/email': `${sub}@example.com` })
      .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
      .setSubject(sub)
      .setIssuer(env.AUTH_ISSUER!)
      .setAudience('https://api.sniff.dev')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  /** An owner's dashboard calls through one gateway. */
  const owner = async (gateway: string, sub: string) => {
    const bearer = await tokenOf(sub);
    return (method: string, path: string, body?: object) =>
      fetch(`${gateway}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify({ email: `${sub}@example.com`, ...body }) : undefined,
      });
  };
  /** What a deleted account's token may no longer do, each through its service's real route. */
  const forbidden: [string, string, object?][] = [
    ['POST', 'stores/saas/create-website', { store_url: 'https://a.example', store_name: 'A', platform: 'custom' }],
    ['POST', 'feedback/feedback/send', { text: 'hello', copySupport: false }],
    ['POST', 'billing/stripe/checkout-session', { plan: 'busniess_starter_monthly' }],
    ['GET', 'billing/account/export'],
    ['POST', 'billing/account/deletion', { confirm: 'again@example.com' }],
    ['GET', 'billing/account/deletion/'],
  ];

  let gateway: string;

  it('answers /api with 503 until it has read the list once, then opens it within the poll interval', async () => {
    gateway = await startGateway(); // billing is not up yet
    const call = await owner(gateway, 'early-owner');
    for (const [method, path] of [
      ['POST', 'stores/saas/create-website'],
      ['GET', 'billing/account/deletion'],
    ] as const) {
      const res = await call(method, path, method === 'POST' ? {} : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 503 });
      expect(res.headers.get('retry-after')).toBe('1');
      expect((await res.json()).message).toBe(
        'The gateway has not read the list of deleted accounts yet; try again shortly',
      );
    }
    expect(echoed).toEqual([]);

    await startBilling();
    const up = Date.now();
    await until(async () => (await call('POST', 'stores/saas/create-website', {})).status === 200, 'the first read');
    expect(Date.now() - up).toBeLessThan(4 * POLL_MS);
    expect(listReads).toContain('/internal/revoked-subjects?after=0');
  });

  it('refuses every call of a deleted account with 401 within the poll interval, except reading the deletion', async () => {
    const leaving = await owner(gateway, 'leaving-owner');
    const staying = await owner(gateway, 'staying-owner');
    expect((await leaving('POST', 'stores/saas/create-website', forbidden[0]![2])).status).toBe(200);

    const asked = await leaving('POST', 'billing/account/deletion', { confirm: 'leaving-owner@example.com' });
    expect(asked.status).toBe(202);
    const at = Date.now();
    const create = () => leaving('POST', 'stores/saas/create-website', forbidden[0]![2]);
    await until(async () => (await create()).status === 401, 'the revocation');
    expect(Date.now() - at).toBeLessThan(4 * POLL_MS);

    echoed.length = 0;
    for (const [method, path, body] of forbidden) {
      const res = await leaving(method, path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
      expect(await res.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'This account has been deleted',
      });
      expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
    expect(echoed).toEqual([]); // none of it reached a service
    // The dashboard still shows the deletion's progress, from billing itself.
    const progress = await leaving('GET', 'billing/account/deletion');
    expect(progress.status).toBe(200);
    expect(await progress.json()).toMatchObject({ status: 'pending' });
    // Another owner is not affected.
    expect((await staying('POST', 'stores/saas/create-website', forbidden[0]![2])).status).toBe(200);
    // Later polls ask only for the rows after the last one read.
    const afters = () => listReads.map((path) => Number(new URL(path, 'http://x').searchParams.get('after')));
    await until(async () => afters().some((after) => after > 0), 'a poll by cursor');
    expect(afters().filter((after, i) => after < afters()[i - 1]!)).toEqual([]);
  });

  it('refuses the deleted account from its first answer after a restart, or on another replica', async () => {
    const replica = await startGateway();
    const leaving = await owner(replica, 'leaving-owner');
    expect((await leaving('POST', 'feedback/feedback/send', { text: 'hi', copySupport: false })).status).toBe(401);
    expect((await leaving('GET', 'billing/account/deletion')).status).toBe(200);
  });

  it('keeps the last list while billing does not answer, and reads on when it is back', async () => {
    await billing!.close();
    const readsBefore = listReads.length;
    await until(async () => listReads.length >= readsBefore + 2 && true, 'polls while billing is down');
    const leaving = await owner(gateway, 'leaving-owner');
    const staying = await owner(gateway, 'staying-owner');
    expect((await leaving('POST', 'stores/saas/create-website', forbidden[0]![2])).status).toBe(401);
    expect((await staying('POST', 'stores/saas/create-website', forbidden[0]![2])).status).toBe(200);
    expect((await staying('GET', 'billing/account/deletion')).status).toBe(503); // billing itself is down

    await startBilling();
    const later = await owner(gateway, 'later-owner');
    expect((await later('POST', 'billing/account/deletion', { confirm: 'later-owner@example.com' })).status).toBe(202);
    await until(
      async () => (await later('POST', 'feedback/feedback/send', { text: 'x', copySupport: false })).status === 401,
      'the next revocation',
    );
  });
});
