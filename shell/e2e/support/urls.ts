/** Ports of the product under test: apart from `npm start`'s, so both can run at once. */
export const E2E_PORTS = {
  gateway: 18080,
  idp: 18090,
  stripe: 18097,
  billing: 13101,
  stores: 13102,
  search: 13103,
  analytics: 13104,
  feedback: 13105,
  registry: 13106,
  demoSite: 18095,
  smtp: 18025,
  inbox: 18026,
  squarespace: 18096,
  shopify: 18098,
  postgres: 15439,
};

export const E2E_URLS = {
  app: `http://localhost:${E2E_PORTS.gateway}`,
  idp: `http://localhost:${E2E_PORTS.idp}`,
  stripe: `http://localhost:${E2E_PORTS.stripe}`,
  /** The local mail catcher's web inbox and REST API (GET /email). */
  inbox: `http://127.0.0.1:${E2E_PORTS.inbox}`,
  // 127.0.0.1, not localhost: the crawler resolves names itself and localhost may mean ::1.
  demoSite: `http://127.0.0.1:${E2E_PORTS.demoSite}`,
  squarespace: `http://127.0.0.1:${E2E_PORTS.squarespace}`,
  shopify: `http://127.0.0.1:${E2E_PORTS.shopify}`,
};

/** The internal token the product under test is started with: a test reads a service directly, as the gateway does. */
export const E2E_INTERNAL_TOKEN = 'e2e-internal-token-not-a-secret-0123456789';

export const DEMO_OWNER = { email: 'demo@sniff.dev', password: 'sniff-demo', name: 'Demo Owner' };
