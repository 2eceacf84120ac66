// The migrate command as production runs it (a child process on the built services), on a fresh database.
const { execFile } = require('node:child_process');
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { createTestDatabase } = require('../test-database');
const { SERVICES } = require('./migrate');

const root = join(__dirname, '..', '..');

function run(env, args = []) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(__dirname, 'migrate.js'), ...args],
      { env: { PATH: process.env.PATH, DATABASE_WAIT_SECONDS: '5', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

const committed = (service) =>
  readdirSync(join(root, 'services', service, 'src', 'migrations')).filter((f) => /^\d+-.+\.ts$/.test(f)).length;

describe('node infra/bin/migrate.js', () => {
  let db;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it('migrates every schema once, even when two run at the same moment, then finds nothing to do', async () => {
    const [first, second] = await Promise.all([run({ DATABASE_URL: db.url }), run({ DATABASE_URL: db.url })]);
    expect([first.code, second.code, first.stderr, second.stderr]).toEqual([0, 0, '', '']);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const service of SERVICES) {
        const { rows } = await client.query(`SELECT name FROM "${service}"."migrations"`);
        expect({ service, applied: rows.length }).toEqual({ service, applied: committed(service) });
        expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
      }
    } finally {
      await client.end();
    }
    const again = await run({ DATABASE_URL: db.url });
    expect(again.code).toBe(0);
    expect(again.stdout.trim().split('\n')).toEqual(SERVICES.map((s) => `${s}: up to date`));
  }, 120_000);

  it('refuses an unknown service or a missing database URL, and says which', async () => {
    const unknown = await run({ DATABASE_URL: db.url }, ['payments']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown service payments');
    const missing = await run({});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('DATABASE_URL must be a postgres:// URL');
  });
});
