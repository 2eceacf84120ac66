// Starts the whole product: (embedded) Postgres, identity provider, local Stripe, Squarespace and Shopify
// stand-ins, the four services, the gateway and the demo website, as child processes with prefixed output;
// waits for each to be healthy. The parts: launch/ports.js, launch/settings.js (real services or local
// stand-ins), launch/processes.js (each process's environment), launch/supervisor.js (start, watch, restart).
const { existsSync } = require('node:fs');
const { join, relative } = require('node:path');
const { startEmbeddedPostgres } = require('./embedded-postgres');
const { DEFAULT_PORTS, assertPortsFree, portsToCheck } = require('./launch/ports');
const { productProcesses, serviceFile } = require('./launch/processes');
const {
  internalToken: keptInternalToken,
  managementSettings,
  platformSettings,
  stripeSettings,
} = require('./launch/settings');
const { seedRegistry } = require('./launch/registry-seed');
const { supervisor } = require('./launch/supervisor');

const root = join(__dirname, '..');
const SERVICES = ['billing', 'stores', 'search', 'analytics', 'feedback', 'registry', 'gateway'];

function assertBuilt() {
  const missing = SERVICES.map(serviceFile).filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `not built yet: ${missing.map((file) => relative(root, file)).join(', ')}. Run \`npm run build\` first.`,
    );
  }
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
  assertBuilt();
  const env = { ...process.env, ...overrides };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  const p = { ...DEFAULT_PORTS, ...ports };
  const stripe = stripeSettings(env);
  const platforms = platformSettings(env);
  await assertPortsFree(portsToCheck(p, env, stripe, platforms));
  const appUrl = publicUrl ?? `http://localhost:${p.gateway}`;
  const idpUrl = `http://localhost:${p.idp}`;
  const audience = env.AUTH_AUDIENCE || 'https://api.sniff.dev';
  const internalToken = keptInternalToken(env, dataDir);
  let embedded;
  const children = supervisor({
    root,
    env,
    log,
    onExit,
    afterStop: async () => {
      if (embedded) await embedded.stop();
      embedded = undefined;
    },
  });

  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pglite'), port: p.postgres });
      databaseUrl = embedded.url;
      log(`[postgres] embedded Postgres on ${databaseUrl}`);
    }
    const management = await managementSettings(env, p.idp, dataDir);
    const run = {
      p,
      env,
      dataDir,
      databaseUrl,
      internalToken,
      appUrl,
      idpUrl,
      audience,
      stripe,
      platforms,
      management,
    };
    const processes = productProcesses(run);
    const idp = children.run(processes.idp);
    if (processes.stripe) await children.ready(children.run(processes.stripe), processes.stripe.health);
    const others = processes.others.map((spec) => [children.run(spec), spec.health]);
    await Promise.all([
      children.ready(idp, processes.idp.health),
      ...others.map(([entry, health]) => children.ready(entry, health)),
    ]);
    // The registry holds this checkout's remote builds before the gateway serves the dashboard.
    await seedRegistry({ root, url: processes.registryUrl, internalToken, log });
    await children.ready(children.run(processes.gateway), processes.gateway.health);
    children.up();
    return {
      urls: {
        app: appUrl,
        idp: idpUrl,
        demoSite: `http://127.0.0.1:${p.demoSite}`,
        inbox: env.SMTP_URL ? null : `http://127.0.0.1:${p.inbox}`,
        ...processes.urls,
      },
      databaseUrl,
      stop: children.stop,
      /** The process id of a child as it runs now (a test kills it). */
      pidOf: children.pidOf,
    };
  } catch (error) {
    await children.stop();
    throw error;
  }
}

module.exports = { startProduct, DEFAULT_PORTS, SERVICES };
