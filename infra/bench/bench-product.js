// What the product-level benchmarks (chaos, quota) share: a bound on the run, and the product as `npm start`
// runs it (infra/launcher.js, built services) on the benchmark's own ports and a fresh database (the Postgres
// server of DATABASE_URL, else an embedded one), with a client on that database; `stop()` removes it all.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const pg = require('pg');
const { startProduct } = require('../launcher');
const { createTestDatabase } = require('../test-database');

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

module.exports = { limitRun, startBenchProduct };
