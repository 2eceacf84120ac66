// Starts the whole product: (embedded) Postgres, identity provider, local Stripe, Squarespace and Shopify
// stand-ins, the four services, the gateway and the demo website, as child processes with prefixed output;
// waits for each to be healthy.
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { join, relative } = require('node:path');
const { startEmbeddedPostgres } = require('./embedded-postgres');
const { localCertificate } = require('./idp/local-tls');

const root = join(__dirname, '..');
const SERVICES = ['billing', 'stores', 'search', 'analytics', 'feedback', 'gateway'];
const serviceFile = (name) => join(root, 'services', name, 'dist', 'main.js');
const DEFAULT_PORTS = {
  gateway: 8080,
  idp: 8090,
  stripe: 8097,
  billing: 3101,
  stores: 3102,
  search: 3103,
  analytics: 3104,
  feedback: 3105,
  demoSite: 8095,
  // the local SMTP catcher (maildev) and its web inbox; unused when SMTP_URL points at a real server
  smtp: 8025,
  inbox: 8026,
  squarespace: 8096,
  shopify: 8098,
  postgres: 5439,
};

/** Rejects with a clear message when one of the ports is taken (e.g. by another `npm start`). */
async function assertPortsFree(ports) {
  for (const [name, port] of Object.entries(ports)) {
    await new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', (error) =>
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `port ${port} (${name}) is already in use on 127.0.0.1. Is Sniff already running? Stop it or free the port.`
              : `cannot listen on 127.0.0.1:${port} (${name}): ${error.message}`,
          ),
        ),
      );
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(undefined)));
    });
  }
}

/**
 * Stripe keys for the run. STRIPE_SECRET_KEY in the environment means real Stripe: its keys pass through
 * and no local provider starts. Otherwise the local provider (infra/stripe) gets fresh test keys.
 * @param {NodeJS.ProcessEnv} env
 */
function stripeSettings(env) {
  if (env.STRIPE_SECRET_KEY) {
    return {
      local: false,
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    };
  }
  const random = () => randomBytes(12).toString('hex');
  return {
    local: true,
    secretKey: `sk_test_local_${random()}`,
    publishableKey: `pk_test_local_${random()}`,
    webhookSecret: `whsec_${random()}`,
  };
}

/**
 * The key that seals owners' Squarespace keys and Shopify tokens: SECRETS_KEY from the environment, else one
 * made for this data directory and kept there (a new one each run would leave the stored ones unreadable).
 * @param {NodeJS.ProcessEnv} env
 * @param {string} dataDir
 */
function secretsKey(env, dataDir) {
  if (env.SECRETS_KEY) return env.SECRETS_KEY;
  const file = join(dataDir, 'secrets.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/**
 * Squarespace and Shopify: the real services when their settings are in the environment (SQUARESPACE_API_URL;
 * SHOPIFY_API_KEY and SHOPIFY_API_SECRET), else the local stand-ins in infra/squarespace and infra/shopify.
 * @param {NodeJS.ProcessEnv} env
 */
function platformSettings(env) {
  return {
    squarespace: env.SQUARESPACE_API_URL ? { local: false, apiUrl: env.SQUARESPACE_API_URL } : { local: true },
    shopify:
      env.SHOPIFY_API_KEY && env.SHOPIFY_API_SECRET
        ? {
            local: false,
            apiKey: env.SHOPIFY_API_KEY,
            apiSecret: env.SHOPIFY_API_SECRET,
            shopsUrl: env.SHOPIFY_SHOPS_URL,
          }
        : { local: true, apiKey: 'sniff-local-app', apiSecret: `shpss_local_${randomBytes(12).toString('hex')}` },
  };
}

/**
 * Auth0 Management API settings. AUTH0_MGMT_DOMAIN in the environment means a real tenant: it and
 * AUTH0_MGMT_CLIENT_ID / AUTH0_MGMT_CLIENT_SECRET pass through to billing. Otherwise the local IdP serves the
 * API on its own port, also over HTTPS with a certificate kept in the data directory (the auth0 SDK only
 * calls https://{domain}), which billing trusts through NODE_EXTRA_CA_CERTS; its M2M secret is fresh per run.
 * @param {NodeJS.ProcessEnv} env
 * @param {number} idpPort
 * @param {string} dataDir
 */
async function managementSettings(env, idpPort, dataDir) {
  const clientId = 'sniff-billing';
  const clientSecret = randomBytes(24).toString('hex');
  if (env.AUTH0_MGMT_DOMAIN) {
    return {
      idpEnv: { IDP_MGMT_CLIENT_ID: clientId, IDP_MGMT_CLIENT_SECRET: clientSecret },
      billingEnv: {
        AUTH0_MGMT_DOMAIN: env.AUTH0_MGMT_DOMAIN,
        AUTH0_MGMT_CLIENT_ID: env.AUTH0_MGMT_CLIENT_ID,
        AUTH0_MGMT_CLIENT_SECRET: env.AUTH0_MGMT_CLIENT_SECRET,
      },
    };
  }
  const tls = await localCertificate(join(dataDir, 'idp-tls'));
  return {
    idpEnv: {
      IDP_MGMT_CLIENT_ID: clientId,
      IDP_MGMT_CLIENT_SECRET: clientSecret,
      IDP_TLS_CERT_FILE: tls.certFile,
      IDP_TLS_KEY_FILE: tls.keyFile,
    },
    billingEnv: {
      AUTH0_MGMT_DOMAIN: `localhost:${idpPort}`,
      AUTH0_MGMT_CLIENT_ID: clientId,
      AUTH0_MGMT_CLIENT_SECRET: clientSecret,
      NODE_EXTRA_CA_CERTS: tls.certFile,
    },
  };
}

/**
 * @typedef {{ gateway?: number, metrics?: number, idp?: number, stripe?: number, billing?: number, stores?: number, search?: number,
 *   analytics?: number, demoSite?: number, squarespace?: number, shopify?: number, postgres?: number }} Ports
 * @param {{ ports?: Ports, dataDir: string, publicUrl?: string, env?: NodeJS.ProcessEnv,
 *   log?: (line: string) => void, onExit?: (error: Error) => void }} options
 *   env: overrides on top of process.env for the children (a DATABASE_URL there or in process.env skips
 *   the embedded Postgres; an undefined value removes a variable); onExit: not called any more once the
 *   product is up (a child that dies then is started again, with backoff); kept for start-up failures.
 * @returns {Promise<{ urls: { app: string, idp: string, demoSite: string, stripe: string | null,
 *   squarespace: string | null, shopify: string | null }, databaseUrl: string, stop(): Promise<void>,
 *   pidOf(name: string): number | undefined }>}
 *   urls.stripe, urls.squarespace, urls.shopify: the local stand-ins, null for the real services
 */
async function startProduct({
  ports = {},
  dataDir,
  publicUrl,
  env: overrides = {},
  log = (line) => console.log(line),
  onExit,
}) {
  const missing = SERVICES.map(serviceFile).filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `not built yet: ${missing.map((file) => relative(root, file)).join(', ')}. Run \`npm run build\` first.`,
    );
  }
  const env = { ...process.env, ...overrides };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const p = { ...DEFAULT_PORTS, ...ports };
  const stripe = stripeSettings(env);
  const platforms = platformSettings(env);
  const { postgres: _postgres, ...processPorts } = p;
  const needed = env.DATABASE_URL ? processPorts : { ...p };
  if (!stripe.local) delete needed.stripe;
  if (!platforms.squarespace.local) delete needed.squarespace;
  if (!platforms.shopify.local) delete needed.shopify;
  if (env.SMTP_URL) {
    delete needed.smtp;
    delete needed.inbox;
  }
  await assertPortsFree(needed);
  const appUrl = publicUrl ?? `http://localhost:${p.gateway}`;
  const idpUrl = `http://localhost:${p.idp}`;
  const audience = env.AUTH_AUDIENCE || 'https://api.sniff.dev';
  const internalToken = env.INTERNAL_TOKEN || randomBytes(24).toString('hex');
  /** @type {Array<{ name: string, child: import('node:child_process').ChildProcess, lines: string[] }>} */
  const children = [];
  let embedded;
  let stopping = false;
  let failure; // set when a child dies during start-up
  let started = false; // from then on a child that dies is started again
  let rejectStartup = () => {};
  const died = new Promise((_, reject) => (rejectStartup = reject));
  died.catch(() => {});

  async function stop() {
    stopping = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve(undefined);
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (embedded) await embedded.stop();
    embedded = undefined;
    process.off('exit', killAll);
  }

  // if this process dies without stop(), take the children with it
  const killAll = () => children.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', killAll);

  /**
   * Starts a child process. Once the product is up, one that dies is started again, as an orchestrator
   * would: after 1 s, then 2, 4 … up to 30 s while it keeps dying (the wait starts over once it has stayed
   * up a minute); the others keep running. During start-up a death fails the start.
   */
  function run(name, file, childEnv) {
    const entry = { name, child: /** @type {any} */ (null), lines: /** @type {string[]} */ ([]), restarts: 0 };
    children.push(entry);
    spawnChild(entry, file, childEnv);
    return entry;
  }

  function spawnChild(entry, file, childEnv) {
    const { name, lines } = entry;
    const child = spawn(process.execPath, [file], {
      cwd: root,
      env: { ...env, ...childEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    entry.child = child;
    const spawnedAt = Date.now();
    const pipe = (stream) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (lines.length > 30) lines.shift();
          log(`[${name}] ${line}`);
        }
      });
    };
    pipe(child.stdout);
    pipe(child.stderr);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      if (started) {
        if (Date.now() - spawnedAt > 60_000) entry.restarts = 0;
        const wait = Math.min(1000 * 2 ** entry.restarts, 30_000);
        entry.restarts++;
        log(`[launcher] ${name} exited (${how}); starting it again in ${wait / 1000} s (restart ${entry.restarts})`);
        setTimeout(() => {
          if (!stopping) spawnChild(entry, file, childEnv);
        }, wait).unref();
        return;
      }
      const error = new Error(`${name} exited unexpectedly (${how}). Last output:\n${lines.slice(-15).join('\n')}`);
      failure = failure ?? error;
      rejectStartup(error);
      stop().then(() => onExit?.(error));
    });
  }

  async function waitFor(entry, url) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (failure) throw failure;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) {
        throw new Error(
          `${entry.name} did not become healthy at ${url} within 60 s. Last output:\n${entry.lines.slice(-15).join('\n')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const ready = (entry, url) => Promise.race([waitFor(entry, url), died]);

  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pglite'), port: p.postgres });
      databaseUrl = embedded.url;
      log(`[postgres] embedded Postgres on ${databaseUrl}`);
    }
    const base = { DATABASE_URL: databaseUrl, INTERNAL_TOKEN: internalToken, HOST: '127.0.0.1' };
    const svc = (name) => `http://127.0.0.1:${p[name]}`;

    const management = await managementSettings(env, p.idp, dataDir);
    const idp = run('idp', join(__dirname, 'idp', 'server.mjs'), {
      ...base,
      IDP_PORT: String(p.idp),
      IDP_ISSUER: `${idpUrl}/`,
      PUBLIC_URL: appUrl,
      AUTH_AUDIENCE: audience,
      ...management.idpEnv,
    });
    const stripeUrl = stripe.local ? `http://localhost:${p.stripe}` : null;
    if (stripe.local) {
      // billing talks to the provider from its first request, so it is up before billing starts
      const provider = run('stripe', join(__dirname, 'stripe', 'server.mjs'), {
        STRIPE_PROVIDER_PORT: String(p.stripe),
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        // straight to the gateway on loopback, which forwards /webhooks/stripe to billing
        STRIPE_WEBHOOK_URL: `http://127.0.0.1:${p.gateway}/webhooks/stripe`,
        STRIPE_PROVIDER_PUBLIC_URL: stripeUrl,
        STRIPE_PROVIDER_DATA_FILE: join(dataDir, 'stripe', 'state.json'),
      });
      await ready(provider, `http://127.0.0.1:${p.stripe}/_provider/health`);
    }
    const billing = run('billing', serviceFile('billing'), {
      ...base,
      PORT: String(p.billing),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      // unset with real Stripe: the SDK then uses api.stripe.com
      STRIPE_API_URL: stripe.local ? `http://127.0.0.1:${p.stripe}` : undefined,
      // where checkout and the billing portal send the owner back to
      PUBLIC_URL: appUrl,
      BILLING_SEED_PLANS: env.BILLING_SEED_PLANS ?? 'demo-owner:busniess_starter_monthly',
      // an account export or deletion reaches every service's internal routes
      STORES_URL: svc('stores'),
      SEARCH_URL: svc('search'),
      ANALYTICS_URL: svc('analytics'),
      FEEDBACK_URL: svc('feedback'),
      // Auth0's Management API (Delete Account removes the sign-in account): the local IdP's unless set
      ...management.billingEnv,
    });
    // Search asks analytics for popular queries in the background, stores for a widget's rules (and its
    // owner's quota), billing for an owner's plans when they read their usage and for their address when
    // a quota notice goes out through feedback (a queued job): it starts (and answers) without them.
    const search = run('search', serviceFile('search'), {
      ...base,
      PORT: String(p.search),
      ANALYTICS_URL: svc('analytics'),
      STORES_URL: svc('stores'),
      BILLING_URL: svc('billing'),
      FEEDBACK_URL: svc('feedback'),
      // quota notices link to the upgrade page
      PUBLIC_URL: appUrl,
    });
    // 127.0.0.1, not localhost, for what the stores service fetches: it resolves names itself and localhost may be ::1.
    const squarespaceUrl = platforms.squarespace.local ? `http://127.0.0.1:${p.squarespace}` : null;
    const shopifyUrl = platforms.shopify.local ? `http://127.0.0.1:${p.shopify}` : null;
    const standIns = [];
    if (squarespaceUrl) {
      standIns.push([
        run('squarespace', join(__dirname, 'squarespace', 'server.mjs'), {
          SQUARESPACE_PROVIDER_PORT: String(p.squarespace),
          SQUARESPACE_PROVIDER_PUBLIC_URL: squarespaceUrl,
          SQUARESPACE_PROVIDER_DATA_FILE: join(dataDir, 'squarespace', 'state.json'),
        }),
        `${squarespaceUrl}/_provider/health`,
      ]);
    }
    if (shopifyUrl) {
      standIns.push([
        run('shopify', join(__dirname, 'shopify', 'server.mjs'), {
          SHOPIFY_PROVIDER_PORT: String(p.shopify),
          SHOPIFY_PROVIDER_PUBLIC_URL: shopifyUrl,
          SHOPIFY_PROVIDER_API_KEY: platforms.shopify.apiKey,
          SHOPIFY_PROVIDER_API_SECRET: platforms.shopify.apiSecret,
          SHOPIFY_PROVIDER_REDIRECT_URLS: `${new URL(appUrl).origin}/shopify/callback`,
          SHOPIFY_PROVIDER_DATA_FILE: join(dataDir, 'shopify', 'state.json'),
        }),
        `${shopifyUrl}/_provider/health`,
      ]);
    }
    const stores = run('stores', serviceFile('stores'), {
      ...base,
      PORT: String(p.stores),
      BILLING_URL: svc('billing'),
      SEARCH_URL: svc('search'),
      ANALYTICS_URL: svc('analytics'),
      PUBLIC_URL: appUrl,
      SECRETS_KEY: secretsKey(env, dataDir),
      SQUARESPACE_API_URL: platforms.squarespace.local ? squarespaceUrl : platforms.squarespace.apiUrl,
      SHOPIFY_API_KEY: platforms.shopify.apiKey,
      SHOPIFY_API_SECRET: platforms.shopify.apiSecret,
      SHOPIFY_SHOPS_URL: shopifyUrl ? `${shopifyUrl}/shops` : platforms.shopify.shopsUrl,
      // The crawler may reach the demo site and the local stand-ins on loopback, and no other local port
      // (Postgres, internal routes).
      FETCH_ALLOW_ORIGINS:
        env.FETCH_ALLOW_ORIGINS ??
        [`http://127.0.0.1:${p.demoSite}`, squarespaceUrl, shopifyUrl].filter(Boolean).join(','),
    });
    const analytics = run('analytics', serviceFile('analytics'), {
      ...base,
      PORT: String(p.analytics),
      STORES_URL: svc('stores'),
      BILLING_URL: svc('billing'),
      // The weekly zero-result alerts: mailed through feedback, linking to the dashboard and the unsubscribe page.
      FEEDBACK_URL: svc('feedback'),
      PUBLIC_URL: appUrl,
    });
    // Feedback mail: a real server when SMTP_URL is set, else maildev catches it with a web inbox.
    const smtpUrl = env.SMTP_URL || `smtp://127.0.0.1:${p.smtp}`;
    const mailCatcher = env.SMTP_URL
      ? null
      : run('maildev', require.resolve('maildev/bin/maildev'), {
          MAILDEV_SMTP_PORT: String(p.smtp),
          MAILDEV_WEB_PORT: String(p.inbox),
          MAILDEV_IP: '127.0.0.1',
          MAILDEV_SILENT: 'true',
        });
    const feedback = run('feedback', serviceFile('feedback'), {
      ...base,
      PORT: String(p.feedback),
      SMTP_URL: smtpUrl,
    });
    const demo = run('demo-site', join(__dirname, 'demo-site', 'server.js'), { DEMO_SITE_PORT: String(p.demoSite) });
    await Promise.all([
      ready(idp, `http://127.0.0.1:${p.idp}/.well-known/openid-configuration`),
      ready(billing, `${svc('billing')}/readyz`),
      ready(search, `${svc('search')}/readyz`),
      ready(stores, `${svc('stores')}/readyz`),
      ready(analytics, `${svc('analytics')}/readyz`),
      ready(feedback, `${svc('feedback')}/readyz`),
      ...(mailCatcher ? [ready(mailCatcher, `http://127.0.0.1:${p.inbox}/`)] : []),
      ready(demo, `http://127.0.0.1:${p.demoSite}/robots.txt`),
      ...standIns.map(([entry, url]) => ready(entry, url)),
    ]);
    const gateway = run('gateway', serviceFile('gateway'), {
      ...base,
      PORT: String(p.gateway),
      PUBLIC_URL: appUrl,
      // AUTH_ISSUER / AUTH_CLIENT_ID in the environment point the product at a real Auth0 tenant
      AUTH_ISSUER: env.AUTH_ISSUER || `${idpUrl}/`,
      AUTH_AUDIENCE: audience,
      AUTH_CLIENT_ID: env.AUTH_CLIENT_ID || 'sniff-dashboard',
      BILLING_URL: svc('billing'),
      STORES_URL: svc('stores'),
      SEARCH_URL: svc('search'),
      ANALYTICS_URL: svc('analytics'),
      FEEDBACK_URL: svc('feedback'),
      WIDGET_HOST: env.WIDGET_HOST ?? appUrl,
      // Prometheus scrapes the gateway here (the services on their own ports); off unless a port is given
      METRICS_PORT: String(p.metrics ?? 0),
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      // the browser loads it: localhost, like the identity provider; unset with real Stripe (js.stripe.com)
      STRIPE_JS_URL: stripeUrl ? `${stripeUrl}/v3/stripe.js` : undefined,
    });
    await ready(gateway, `http://127.0.0.1:${p.gateway}/readyz`);
    started = true;
    return {
      urls: {
        app: appUrl,
        idp: idpUrl,
        demoSite: `http://127.0.0.1:${p.demoSite}`,
        inbox: mailCatcher ? `http://127.0.0.1:${p.inbox}` : null,
        stripe: stripeUrl,
        squarespace: squarespaceUrl,
        shopify: shopifyUrl,
      },
      databaseUrl,
      stop,
      /** The process id of a child as it runs now (a test kills it). */
      pidOf: (name) => children.find((c) => c.name === name)?.child.pid,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

module.exports = { startProduct, DEFAULT_PORTS, SERVICES };
