import type { INestApplication } from '@nestjs/common';
import { BaseServiceConfig, createServiceApp, listRoutes, loadConfig, type ServedRoute } from '@sniff/service-kit';
import {
  createTestDatabase,
  prepareLocalIdp,
  startNodeProcess,
  testConfig,
  TEST_INTERNAL_TOKEN,
  type RunningProcess,
} from '@sniff/service-kit/testing';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { runInThisContext } from 'node:vm';
import { Agent } from 'undici';
import { AnalyticsAppModule } from '../analytics/src/app.module';
import { FeedbackAppModule } from '../feedback/src/app.module';
import { AppModule as BillingAppModule } from '../billing/src/app.module';
import { billingConfigSchema } from '../billing/src/config';
import { createGatewayApp } from '../gateway/src/app';
import { gatewayConfigSchema } from '../gateway/src/config';
import { SearchAppModule } from '../search/src/app.module';
import { AppModule as StoresAppModule } from '../stores/src/app.module';
import { storesConfigSchema } from '../stores/src/config';

export const SERVICES = ['billing', 'stores', 'search', 'analytics', 'feedback'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const OWNER = 'fuzz-owner';
export const OWNER_EMAIL = 'fuzz-owner@example.com';
/** An owner on Shopify Starter: the catalogue upload gets past the plan check to the file. */
export const UPLOADER = 'fuzz-uploader';
export const UPLOADER_EMAIL = 'fuzz-uploader@example.com';
const AUDIENCE = 'https://api.sniff.dev';
const EMAIL_CLAIM = 'https://sniff.dev/email';

export interface Stack {
  services: Record<ServiceName, { url: string; routes: ServedRoute[] }>;
  /** The stack's database (every service's schema is in it). */
  databaseUrl: string;
  /** The local Stripe provider and the secret key billing uses with it. */
  stripe: { url: string; secretKey: string };
  /** With `billingProcess`: billing runs as its own process (built), which a test may kill and start again. */
  billingProcess?: { kill(signal?: NodeJS.Signals): Promise<number | null>; start(): Promise<void> };
  gateway: { url: string; bearer: string; bearerFor(sub: string, email: string): Promise<string> };
  close(): Promise<void>;
}

/** A free loopback port (the services name each other's URLs before any of them listens). */
function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    }),
  );
}

/**
 * The local identity provider (infra/idp) for its Management API, which billing asks for an owner's
 * e-mail. The auth0 SDK calls it over HTTPS only: this process trusts the provider's local certificate
 * (as NODE_EXTRA_CA_CERTS does for billing's own process under `npm start`) until it stops.
 */
async function startIdentityProvider(databaseUrl: string, dataDir: string) {
  const idp = await prepareLocalIdp({ dir: join(dataDir, 'idp-tls') });
  await idp.start(databaseUrl);
  // Node's fetch takes its dispatcher from the process's own global, not from jest's sandbox global
  // (undici's setGlobalDispatcher would set the sandbox's): the key is undici's, shared by its versions.
  const nodeGlobal = runInThisContext('globalThis') as Record<symbol, unknown>;
  const DISPATCHER = Symbol.for('undici.globalDispatcher.1');
  const previous = nodeGlobal[DISPATCHER];
  nodeGlobal[DISPATCHER] = new Agent({ connect: { ca: [...rootCertificates, readFileSync(idp.certFile, 'utf8')] } });
  return {
    billing: idp.management,
    async stop() {
      nodeGlobal[DISPATCHER] = previous;
      await idp.kill();
    },
  };
}

const STRIPE_SECRET_KEY = 'sk_test_fuzz';
const STRIPE_WEBHOOK_SECRET = 'whsec_fuzz';

/** The local Stripe stand-in (infra/stripe), so billing's checkout and portal routes reach a provider. */
function startStripeProvider(port: number, webhookUrl: string, dataDir: string): Promise<RunningProcess> {
  return startNodeProcess(
    [join(__dirname, '..', '..', 'infra', 'stripe', 'server.mjs')],
    {
      STRIPE_PROVIDER_PORT: String(port),
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_WEBHOOK_URL: webhookUrl,
      STRIPE_PROVIDER_PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_PROVIDER_DATA_FILE: join(dataDir, 'stripe.json'),
    },
    'local Stripe provider on',
  );
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/**
 * The four services in this process on one fresh database, wired to each other as `npm start`
 * wires them (stores -> billing and search, analytics -> stores, billing and feedback, search -> analytics),
 * and the gateway in front of them with a local token signer. The owner has a paid plan, so the
 * routes that need one are reached too. Billing reaches the local identity provider's Management API,
 * started here unless `options.billing` names another (the account tests start their own);
 * `options.billingProcess` runs billing as its own built process with more environment
 * (NODE_EXTRA_CA_CERTS is read only when a process starts).
 */
export async function startStack(
  options: {
    billing?: Record<string, string>;
    billingProcess?: { env: Record<string, string> };
    /** Feedback's mail server (a test's mail catcher); without it nothing listens and mail waits queued. */
    smtpUrl?: string;
    /** More analytics settings (PUBLIC_URL, say). */
    analytics?: Record<string, string>;
  } = {},
): Promise<Stack> {
  const db = await createTestDatabase();
  const apps: INestApplication[] = [];
  const servers: Server[] = [];
  const staticRoot = mkdtempSync(join(tmpdir(), 'sniff-fuzz-'));
  let stripe: RunningProcess | undefined;
  let billingChild: RunningProcess | undefined;
  let identity: Awaited<ReturnType<typeof startIdentityProvider>> | undefined;
  const close = async () => {
    await billingChild?.kill();
    await stripe?.kill();
    await identity?.stop();
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    rmSync(staticRoot, { recursive: true, force: true });
    await db.drop();
  };
  try {
    const [billingPort, storesPort, searchPort, analyticsPort, feedbackPort] = await Promise.all(
      SERVICES.map(freePort),
    );
    const stripePort = await freePort();
    stripe = await startStripeProvider(stripePort, `http://127.0.0.1:${billingPort}/stripe/webhook`, staticRoot);
    // Unless the caller brings its own (the account tests, whose billing is a process of its own).
    if (!options.billing?.AUTH0_MGMT_DOMAIN) identity = await startIdentityProvider(db.url, staticRoot);
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const base = { ...testConfig(db.url), LOG_LEVEL: 'error' as const };
    const start = async (
      name: ServiceName,
      root: Parameters<typeof createServiceApp>[0],
      config: BaseServiceConfig,
      port: number,
    ) => {
      const app = await createServiceApp(root, config, name);
      apps.push(app);
      await app.listen(port, '127.0.0.1');
      return { url: url(port), routes: listRoutes(app) };
    };

    // Each service's own schema fills the settings not named here with their defaults.
    const billingConfig = billingConfigSchema.parse({
      ...base,
      BILLING_SEED_PLANS: `${OWNER}:busniess_starter_monthly, ${UPLOADER}:starter`,
      STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: url(stripePort),
      STORES_URL: url(storesPort),
      SEARCH_URL: url(searchPort),
      ANALYTICS_URL: url(analyticsPort),
      FEEDBACK_URL: url(feedbackPort),
      ...identity?.billing,
      ...options.billing,
    });
    const analyticsConfig = {
      ...base,
      STORES_URL: url(storesPort),
      BILLING_URL: url(billingPort),
      FEEDBACK_URL: url(feedbackPort),
      ...options.analytics,
    };
    // No mail server unless the caller brings one: messages are stored and queued for later, as when SMTP is down.
    const feedbackConfig = {
      ...base,
      SMTP_URL: options.smtpUrl ?? `smtp://127.0.0.1:${await freePort()}`,
      FEEDBACK_RETRY_DELAY_SECONDS: 3600,
    };
    const searchConfig = {
      ...base,
      ANALYTICS_URL: url(analyticsPort),
      STORES_URL: url(storesPort),
      BILLING_URL: url(billingPort),
      FEEDBACK_URL: url(feedbackPort),
    };
    const storesConfig = storesConfigSchema.parse({
      ...base,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      BILLING_URL: url(billingPort),
      SEARCH_URL: url(searchPort),
      ANALYTICS_URL: url(analyticsPort),
    });
    const billingEnv = Object.fromEntries(
      Object.entries({ ...billingConfig, PORT: billingPort, LOG_LEVEL: 'log' })
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    const startBilling = async () => {
      billingChild = await startNodeProcess(
        [join(__dirname, '..', 'billing', 'dist', 'main.js')],
        { ...billingEnv, ...options.billingProcess!.env },
        `listening on http://127.0.0.1:${billingPort}`,
      );
    };
    // One at a time: each runs its migrations on the shared database at start.
    const billing = options.billingProcess
      ? await startBilling().then(() => ({ url: url(billingPort), routes: [] as ServedRoute[] }))
      : await start('billing', BillingAppModule.forRoot(billingConfig), billingConfig, billingPort);
    const analytics = await start(
      'analytics',
      AnalyticsAppModule.forRoot(analyticsConfig),
      analyticsConfig,
      analyticsPort,
    );
    const search = await start('search', SearchAppModule.forRoot(searchConfig), searchConfig, searchPort);
    const stores = await start('stores', StoresAppModule.forRoot(storesConfig), storesConfig, storesPort);
    const feedback = await start('feedback', FeedbackAppModule.forRoot(feedbackConfig), feedbackConfig, feedbackPort);

    // The identity provider's key set, as the gateway fetches it.
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'fuzz-key', alg: 'RS256', use: 'sig' };
    const idp = createServer((req, res) => {
      if (req.url !== '/.well-known/jwks.json') return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    servers.push(idp);
    const issuer = `${await listen(idp)}/`;
    mkdirSync(join(staticRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(staticRoot, 'shell', 'dist', 'index.html'), '<!doctype html><title>Sniff</title>');
    const gatewayConfig = loadConfig('gateway', gatewayConfigSchema, {
      PORT: '0',
      LOG_LEVEL: 'error',
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      AUTH_ISSUER: issuer,
      AUTH_AUDIENCE: AUDIENCE,
      AUTH_EMAIL_CLAIM: EMAIL_CLAIM,
      BILLING_URL: billing.url,
      STORES_URL: stores.url,
      SEARCH_URL: search.url,
      ANALYTICS_URL: analytics.url,
      FEEDBACK_URL: feedback.url,
      STATIC_ROOT: staticRoot,
      // The fuzzer is one client sending hundreds of requests: limits would answer most with 429.
      PUBLIC_RATE_PER_SECOND: '100000',
      PUBLIC_RATE_BURST: '100000',
      API_RATE_PER_SECOND: '100000',
      API_RATE_BURST: '100000',
    });
    const gateway = await createGatewayApp(gatewayConfig);
    apps.push(gateway);
    await gateway.listen(0, '127.0.0.1');
    const bearerFor = (sub: string, email: string) =>
      new SignJWT({ [EMAIL_CLAIM]: email })
        .setProtectedHeader({ alg: 'RS256', kid: 'fuzz-key' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    const bearer = await bearerFor(OWNER, OWNER_EMAIL);

    return {
      services: { billing, stores, search, analytics, feedback },
      databaseUrl: db.url,
      stripe: { url: url(stripePort), secretKey: STRIPE_SECRET_KEY },
      billingProcess: options.billingProcess
        ? { kill: (signal) => billingChild!.kill(signal), start: startBilling }
        : undefined,
      gateway: {
        url: `http://127.0.0.1:${(gateway.getHttpServer().address() as AddressInfo).port}`,
        bearer,
        bearerFor,
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
