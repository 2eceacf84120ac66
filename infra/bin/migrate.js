#!/usr/bin/env node
// `node infra/bin/migrate.js [service ...]`: runs every service's pending committed migrations (all six
// by default), each schema under its own advisory lock, and exits 0 when all are done. Production runs it
// once per release (the Kubernetes Job, compose's one-shot) with MIGRATE_ON_START=false on the services.
// Reads DATABASE_URL and DATABASE_WAIT_SECONDS (default 60).
const { join } = require('node:path');

const SERVICES = ['billing', 'stores', 'search', 'analytics', 'feedback', 'registry'];
const root = join(__dirname, '..', '..');

async function main(argv, env) {
  const chosen = argv.length ? argv : SERVICES;
  const unknown = chosen.filter((s) => !SERVICES.includes(s));
  if (unknown.length) throw new Error(`unknown service ${unknown.join(', ')} (one of ${SERVICES.join(', ')})`);
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '')) throw new Error('DATABASE_URL must be a postgres:// URL');
  const waitSeconds = Number(env.DATABASE_WAIT_SECONDS ?? 60);
  const { migrate } = require(join(root, 'services', 'kit', 'dist'));
  for (const service of chosen) {
    // The compiled migrations, one class per timestamped file (the index re-exports them).
    const migrations = [join(root, 'services', service, 'dist', 'migrations', '[0-9]*.js')];
    const ran = await migrate({ url: env.DATABASE_URL, schema: service, migrations, waitSeconds });
    console.log(`${service}: ${ran.length ? `ran ${ran.join(', ')}` : 'up to date'}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (err) => {
      console.error(`migrate: ${err.message}`);
      process.exit(1);
    },
  );
}

module.exports = { main, SERVICES };
