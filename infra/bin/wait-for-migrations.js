#!/usr/bin/env node
// `node infra/bin/wait-for-migrations.js [--timeout SECONDS] [service ...]`: waits until every migration this
// image ships (each service's compiled dist/migrations) is recorded in its schema's migrations table, and exits
// 0. While some are missing or the database does not answer, it looks again every 2 s; after the timeout
// (--timeout, else MIGRATIONS_WAIT_SECONDS, default 600) it exits 1 naming what it still lacks. The services'
// init container in Kubernetes: a new release's pods start once the sniff-migrate Job has migrated the database,
// never against the old schema. Reads DATABASE_URL, and only reads: it creates and changes nothing.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const { SERVICES } = require('./migrate');

const root = join(__dirname, '..', '..');
const POLL_MS = 2000;
const DEFAULT_TIMEOUT_SECONDS = 600;

/** The names TypeORM records for a service's compiled migrations (its `name`, else the class name). */
function shipped(service) {
  const dir = join(root, 'services', service, 'dist', 'migrations');
  const files = readdirSync(dir).filter((f) => /^\d+-.+\.js$/.test(f));
  if (!files.length) throw new Error(`no compiled migrations in ${dir} (build first)`);
  return files.flatMap((file) =>
    Object.values(require(join(dir, file)))
      .filter((value) => typeof value === 'function' && typeof value.prototype?.up === 'function')
      .map((Migration) => new Migration().name || Migration.name),
  );
}

/** The shipped migrations the database lacks, by service; a schema or table not there yet lacks them all. */
async function missing(url, wanted) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  await client.connect();
  try {
    const lacking = {};
    for (const [service, names] of Object.entries(wanted)) {
      let applied = [];
      try {
        applied = (await client.query(`SELECT name FROM "${service}"."migrations"`)).rows.map((r) => r.name);
      } catch (err) {
        if (err.code !== '42P01' && err.code !== '3F000') throw err; // undefined table or schema
      }
      const left = names.filter((n) => !applied.includes(n));
      if (left.length) lacking[service] = left;
    }
    return lacking;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const describe = (lacking) =>
  Object.entries(lacking)
    .map(([service, names]) => `${service}: ${names.join(', ')}`)
    .join('; ');

function parseArgs(argv, env) {
  const services = [];
  let timeout = env.MIGRATIONS_WAIT_SECONDS ?? String(DEFAULT_TIMEOUT_SECONDS);
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    if (flag === '--timeout') timeout = inline ?? argv[++i];
    else if (argv[i].startsWith('-')) throw new Error(`unknown option ${argv[i]}`);
    else services.push(argv[i]);
  }
  const seconds = Number(timeout);
  if (!/^\d+(\.\d+)?$/.test(String(timeout)) || !Number.isFinite(seconds)) {
    throw new Error(`the timeout must be a number of seconds (got ${timeout})`);
  }
  const unknown = services.filter((s) => !SERVICES.includes(s));
  if (unknown.length) throw new Error(`unknown service ${unknown.join(', ')} (one of ${SERVICES.join(', ')})`);
  return { services: services.length ? services : SERVICES, timeoutMs: seconds * 1000 };
}

async function main(argv, env, log = console.log) {
  const { services, timeoutMs } = parseArgs(argv, env);
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) throw new Error('DATABASE_URL must be a postgres:// URL');
  const wanted = Object.fromEntries(services.map((s) => [s, shipped(s)]));
  const count = Object.values(wanted).flat().length;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    let state;
    try {
      const lacking = await missing(env.DATABASE_URL, wanted);
      if (!Object.keys(lacking).length) {
        log(`all ${count} migrations of this image are applied (${services.join(', ')})`);
        return;
      }
      state = `waiting for migrations: ${describe(lacking)}`;
    } catch (err) {
      state = `waiting for the database: ${err.message}`;
    }
    // Said once per change, not every 2 s.
    if (state !== last) log(state);
    last = state;
    if (Date.now() >= deadline) {
      const hint = state.startsWith('waiting for migrations') ? ' (has migrate.js, the sniff-migrate Job, run?)' : '';
      throw new Error(`gave up after ${timeoutMs / 1000} s, ${state.replace(/^waiting/, 'still waiting')}${hint}`);
    }
    // The last look is at the deadline.
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
  }
}

if (require.main === module) {
  main(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (err) => {
      console.error(`wait-for-migrations: ${err.message}`);
      process.exit(1);
    },
  );
}

module.exports = { main, shipped };
