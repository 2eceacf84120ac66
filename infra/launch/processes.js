// The product's processes as the launcher starts them: each one's file, environment and health URL.
const { join } = require('node:path');
const { secretsKey } = require('./settings');
const { SEED_OPERATOR } = require('./registry-seed');

const infra = join(__dirname, '..');
const root = join(infra, '..');
const serviceFile = (name) => join(root, 'services', name, 'dist', 'main.js');

/**
 * @typedef {{ name: string, file: string, env: Record<string, string | undefined>, health: string }} Process
 * @typedef {{ p: Record<string, number>, env: NodeJS.ProcessEnv, dataDir: string, databaseUrl: string,
 *   internalToken: string, appUrl: string, idpUrl: string, audience: string,
 *   stripe: ReturnType<typeof import('./settings').stripeSettings>,
 *   platforms: ReturnType<typeof import('./settings').platformSettings>,
 *   management: Awaited<ReturnType<typeof import('./settings').managementSettings>> }} Run
 * @typedef {Run & { base: Record<string, string>, svc: (name: string) => string, stripeUrl: string | null,
 *   squarespaceUrl: string | null, shopifyUrl: string | null }} Wiring
 */

/** @param {Wiring} w @returns {Process} */
const idp = (w) => ({
  name: 'idp',
  file: join(infra, 'idp', 'server.mjs'),
  env: {
    ...w.base,
    IDP_PORT: String(w.p.idp),
    IDP_ISSUER: `${w.idpUrl}/`,
    PUBLIC_URL: w.appUrl,
    AUTH_AUDIENCE: w.audience,
    ...w.management.idpEnv,
  },
  health: `http://127.0.0.1:${w.p.idp}/.well-known/openid-configuration`,
});

/** The local Stripe: billing talks to it from its first request, so it is up before billing starts. @param {Wiring} w */
const stripe = (w) => ({
  name: 'stripe',
  file: join(infra, 'stripe', 'server.mjs'),
  env: {
    STRIPE_PROVIDER_PORT: String(w.p.stripe),
    STRIPE_SECRET_KEY: w.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: w.stripe.webhookSecret,
    // straight to the gateway on loopback, which forwards /webhooks/stripe to billing
    STRIPE_WEBHOOK_URL: `http://127.0.0.1:${w.p.gateway}/webhooks/stripe`,
    STRIPE_PROVIDER_PUBLIC_URL: w.stripeUrl,
    STRIPE_PROVIDER_DATA_FILE: join(w.dataDir, 'stripe', 'state.json'),
  },
  health: `http://127.0.0.1:${w.p.stripe}/_provider/health`,
});

/** @param {Wiring} w @param {string} name @param {Record<string, string | undefined>} env @returns {Process} */
const service = (w, name, env) => ({
  name,
  file: serviceFile(name),
  env: { ...w.base, PORT: String(w.p[name]), ...env },
  health: `${w.svc(name)}/readyz`,
});

/** @param {Wiring} w */
const billing = (w) =>
  service(w, 'billing', {
    STRIPE_SECRET_KEY: w.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: w.stripe.webhookSecret,
    // unset with real Stripe: the SDK then uses api.stripe.com
    STRIPE_API_URL: w.stripe.local ? `http://127.0.0.1:${w.p.stripe}` : undefined,
    // where checkout and the billing portal send the owner back to
    PUBLIC_URL: w.appUrl,
    BILLING_SEED_PLANS: w.env.BILLING_SEED_PLANS ?? 'demo-owner:busniess_starter_monthly',
    // an account export or deletion reaches every service's internal routes
    STORES_URL: w.svc('stores'),
    SEARCH_URL: w.svc('search'),
    ANALYTICS_URL: w.svc('analytics'),
    FEEDBACK_URL: w.svc('feedback'),
    // Auth0's Management API (Delete Account removes the sign-in account): the local IdP's unless set
    ...w.management.billingEnv,
  });

// Search asks analytics for popular queries in the background, stores for a widget's rules (and its
// owner's quota), billing for an owner's plans when they read their usage and for their address when
// a quota notice goes out through feedback (a queued job): it starts (and answers) without them.
/** @param {Wiring} w */
const search = (w) =>
  service(w, 'search', {
    ANALYTICS_URL: w.svc('analytics'),
    STORES_URL: w.svc('stores'),
    BILLING_URL: w.svc('billing'),
    FEEDBACK_URL: w.svc('feedback'),
    // quota notices link to the upgrade page
    PUBLIC_URL: w.appUrl,
  });

/** @param {Wiring} w @returns {Process | null} */
const squarespace = (w) =>
  w.squarespaceUrl && {
    name: 'squarespace',
    file: join(infra, 'squarespace', 'server.mjs'),
    env: {
      SQUARESPACE_PROVIDER_PORT: String(w.p.squarespace),
      SQUARESPACE_PROVIDER_PUBLIC_URL: w.squarespaceUrl,
      SQUARESPACE_PROVIDER_DATA_FILE: join(w.dataDir, 'squarespace', 'state.json'),
    },
    health: `${w.squarespaceUrl}/_provider/health`,
  };

/** @param {Wiring} w @returns {Process | null} */
const shopify = (w) =>
  w.shopifyUrl && {
    name: 'shopify',
    file: join(infra, 'shopify', 'server.mjs'),
    env: {
      SHOPIFY_PROVIDER_PORT: String(w.p.shopify),
      SHOPIFY_PROVIDER_PUBLIC_URL: w.shopifyUrl,
      SHOPIFY_PROVIDER_API_KEY: w.platforms.shopify.apiKey,
      SHOPIFY_PROVIDER_API_SECRET: w.platforms.shopify.apiSecret,
      SHOPIFY_PROVIDER_REDIRECT_URLS: `${new URL(w.appUrl).origin}/shopify/callback`,
      SHOPIFY_PROVIDER_DATA_FILE: join(w.dataDir, 'shopify', 'state.json'),
    },
    health: `${w.shopifyUrl}/_provider/health`,
  };

/** @param {Wiring} w */
const stores = (w) =>
  service(w, 'stores', {
    BILLING_URL: w.svc('billing'),
    SEARCH_URL: w.svc('search'),
    ANALYTICS_URL: w.svc('analytics'),
    PUBLIC_URL: w.appUrl,
    SECRETS_KEY: secretsKey(w.env, w.dataDir),
    SQUARESPACE_API_URL: w.platforms.squarespace.local ? w.squarespaceUrl : w.platforms.squarespace.apiUrl,
    SHOPIFY_API_KEY: w.platforms.shopify.apiKey,
    SHOPIFY_API_SECRET: w.platforms.shopify.apiSecret,
    SHOPIFY_SHOPS_URL: w.shopifyUrl ? `${w.shopifyUrl}/shops` : w.platforms.shopify.shopsUrl,
    // The crawler may reach the demo site and the local stand-ins on loopback, and no other local port
    // (Postgres, internal routes).
    FETCH_ALLOW_ORIGINS:
      w.env.FETCH_ALLOW_ORIGINS ??
      [`http://127.0.0.1:${w.p.demoSite}`, w.squarespaceUrl, w.shopifyUrl].filter(Boolean).join(','),
  });

/** @param {Wiring} w */
const analytics = (w) =>
  service(w, 'analytics', {
    STORES_URL: w.svc('stores'),
    BILLING_URL: w.svc('billing'),
    // The weekly zero-result alerts: mailed through feedback, linking to the dashboard and the unsubscribe page.
    FEEDBACK_URL: w.svc('feedback'),
    PUBLIC_URL: w.appUrl,
  });

/** Feedback mail: a real server when SMTP_URL is set, else maildev catches it with a web inbox. @param {Wiring} w */
const maildev = (w) =>
  w.env.SMTP_URL
    ? null
    : {
        name: 'maildev',
        file: require.resolve('maildev/bin/maildev'),
        env: {
          MAILDEV_SMTP_PORT: String(w.p.smtp),
          MAILDEV_WEB_PORT: String(w.p.inbox),
          MAILDEV_IP: '127.0.0.1',
          MAILDEV_SILENT: 'true',
        },
        health: `http://127.0.0.1:${w.p.inbox}/`,
      };

/** @param {Wiring} w */
const feedback = (w) => service(w, 'feedback', { SMTP_URL: w.env.SMTP_URL || `smtp://127.0.0.1:${w.p.smtp}` });

/**
 * The remote registry: the seed (registry-seed.js), the CLI (infra/bin/remote.js) and the operators through the
 * gateway may publish and switch remotes. @param {Wiring} w
 */
const registry = (w) =>
  service(w, 'registry', { REGISTRY_OPERATORS: w.env.REGISTRY_OPERATORS ?? `${SEED_OPERATOR},deploy,demo-owner` });

/** @param {Wiring} w @returns {Process} */
const demoSite = (w) => ({
  name: 'demo-site',
  file: join(infra, 'demo-site', 'server.js'),
  env: { DEMO_SITE_PORT: String(w.p.demoSite) },
  health: `http://127.0.0.1:${w.p.demoSite}/robots.txt`,
});

/** @param {Wiring} w */
const gateway = (w) => ({
  ...service(w, 'gateway', {
    PUBLIC_URL: w.appUrl,
    // AUTH_ISSUER / AUTH_CLIENT_ID in the environment point the product at a real Auth0 tenant
    AUTH_ISSUER: w.env.AUTH_ISSUER || `${w.idpUrl}/`,
    AUTH_AUDIENCE: w.audience,
    AUTH_CLIENT_ID: w.env.AUTH_CLIENT_ID || 'sniff-dashboard',
    BILLING_URL: w.svc('billing'),
    STORES_URL: w.svc('stores'),
    SEARCH_URL: w.svc('search'),
    ANALYTICS_URL: w.svc('analytics'),
    FEEDBACK_URL: w.svc('feedback'),
    REGISTRY_URL: w.svc('registry'),
    WIDGET_HOST: w.env.WIDGET_HOST ?? w.appUrl,
    // Prometheus scrapes the gateway here (the services on their own ports); off unless a port is given
    METRICS_PORT: String(w.p.metrics ?? 0),
    STRIPE_PUBLISHABLE_KEY: w.stripe.publishableKey,
    // the browser loads it: localhost, like the identity provider; unset with real Stripe (js.stripe.com)
    STRIPE_JS_URL: w.stripeUrl ? `${w.stripeUrl}/v3/stripe.js` : undefined,
  }),
  health: `http://127.0.0.1:${w.p.gateway}/readyz`,
});

/**
 * Every process of a run, in the order they start: the identity provider, the local Stripe (waited for),
 * then the services, stand-ins and the demo site together, the gateway last. A stand-in whose real
 * service is configured is left out.
 * @param {Run} run
 */
function productProcesses(run) {
  const { p, stripe: payments, platforms } = run;
  /** @type {Wiring} */
  const w = {
    ...run,
    base: { DATABASE_URL: run.databaseUrl, INTERNAL_TOKEN: run.internalToken, HOST: '127.0.0.1' },
    svc: (name) => `http://127.0.0.1:${p[name]}`,
    stripeUrl: payments.local ? `http://localhost:${p.stripe}` : null,
    // 127.0.0.1, not localhost, for what the stores service fetches: it resolves names itself and localhost may be ::1.
    squarespaceUrl: platforms.squarespace.local ? `http://127.0.0.1:${p.squarespace}` : null,
    shopifyUrl: platforms.shopify.local ? `http://127.0.0.1:${p.shopify}` : null,
  };
  return {
    idp: idp(w),
    stripe: w.stripeUrl ? stripe(w) : null,
    others: [billing, search, squarespace, shopify, stores, analytics, maildev, feedback, registry, demoSite]
      .map((make) => make(w))
      .filter((child) => child !== null),
    gateway: gateway(w),
    registryUrl: w.svc('registry'),
    urls: { stripe: w.stripeUrl, squarespace: w.squarespaceUrl, shopify: w.shopifyUrl },
  };
}

module.exports = { productProcesses, serviceFile };
