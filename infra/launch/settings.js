// What a run uses for each third party: the real service when its settings are in the environment, else
// the local stand-in with fresh keys.
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { localCertificate } = require('../idp/local-tls');

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
 * A secret from the environment, else one made for this data directory and kept there (file mode 600).
 * @param {NodeJS.ProcessEnv} env @param {string} dataDir @param {string} name @param {string} fileName
 */
function keptSecret(env, dataDir, name, fileName) {
  if (env[name]) return env[name];
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The key that seals owners' Squarespace keys and Shopify tokens: a new one each run would leave the stored
 * ones unreadable. @param {NodeJS.ProcessEnv} env @param {string} dataDir
 */
const secretsKey = (env, dataDir) => keptSecret(env, dataDir, 'SECRETS_KEY', 'secrets.key');

/**
 * The services' internal token, kept so the remote registry's CLI (infra/bin/remote.js) can reach a running
 * product's registry. @param {NodeJS.ProcessEnv} env @param {string} dataDir
 */
const internalToken = (env, dataDir) => keptSecret(env, dataDir, 'INTERNAL_TOKEN', 'internal-token');

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

module.exports = { stripeSettings, secretsKey, internalToken, platformSettings, managementSettings };
