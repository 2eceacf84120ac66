// What the product-level benchmarks (chaos, quota, catalogue) share: their ports, the demo owner's sign-in, a bound on the run, and the product as `npm start`
// runs it (infra/launcher.js, built services) on the benchmark's own ports and a fresh database (the Postgres
// server of DATABASE_URL, else an embedded one), with a client on that database; `stop()` removes it all.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const pg = require('pg');
const { signIn } = require('../idp/testing/sign-in');
const { DEFAULT_PORTS, startProduct } = require('../launcher');
const { createTestDatabase } = require('../test-database');

/**
 * A benchmark's ports: the product's usual layout moved into the block `base` to `base` + 999, apart from npm
 * start's, the e2e tests' (18xxx, 13xxx) and each other's: quota 25xxx, chaos 26xxx, catalogue 27xxx, Lighthouse
 * 28xxx, search's HTTP bench 29xxx; all below Linux's ephemeral range (32768+).
 */
function benchPorts(base) {
  // npm start's ports keep their last three digits (8080 -> base + 80, 3101 -> base + 101).
  return Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, base + (port % 1000)]));
}

/** The demo owner's access token, signed in through the product's identity provider as the dashboard does. */
async function signInDemo(product) {
  const { accessToken } = await signIn({
    idpUrl: product.urls.idp,
    appUrl: product.urls.app,
    email: 'demo@sniff.dev',
    password: 'sniff-demo',
  });
  return accessToken;
}

/** Ends the process (exit 2) once the run passes `limitMs`, saying so. */
function limitRun(limitMs, say) {
  const deadline = setTimeout(() => {
    say(`stopped: the run passed ${limitMs / 1000} s`);
    process.exit(2);
  }, limitMs);
  deadline.unref();
}

/**
 * @param {{ name: string, ports: Record<string, number>, env: Record<string, string>,
 *   log: (dataDir: string) => (line: string) => void, say: (line: string) => void }} options
 *   log: given the run's own folder, receives every line the product prints
 */
async function startBenchProduct({ name, ports, env, log, say }) {
  const dataDir = mkdtempSync(join(tmpdir(), `sniff-${name}-`));
  const db = process.env.DATABASE_URL ? await createTestDatabase() : null;
  say(`starting the product (${db ? 'Postgres server' : 'embedded Postgres'}) in ${dataDir}`);
  const product = await startProduct({
    ports,
    dataDir,
    env: { ...(db ? { DATABASE_URL: db.url } : {}), ...env },
    log: log(dataDir),
  });
  const sql = new pg.Client({ connectionString: product.databaseUrl });
  await sql.connect();
  const stop = async () => {
    await sql.end().catch(() => undefined);
    await product.stop();
    if (db) await db.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { product, sql, stop };
}

module.exports = { benchPorts, limitRun, signInDemo, startBenchProduct };
