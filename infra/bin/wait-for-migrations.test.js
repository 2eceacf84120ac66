// The init container's wait, as Kubernetes runs it (a child process on the built services), against a real database.
const { execFile, spawn } = require('node:child_process');
const { join } = require('node:path');
const { createTestDatabase } = require('../test-database');
const { SERVICES } = require('./migrate');
const { shipped } = require('./wait-for-migrations');

const env = (extra) => ({ PATH: process.env.PATH, DATABASE_WAIT_SECONDS: '5', ...extra });

/** Runs a command of infra/bin to its end. */
function run(script, extra, args = []) {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(__dirname, script), ...args], { env: env(extra) }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

/** Starts the wait in the background: its output so far, and its exit. */
function startWaiting(extra, args = []) {
  const child = spawn(process.execPath, [join(__dirname, 'wait-for-migrations.js'), ...args], { env: env(extra) });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (out.stdout += d));
  child.stderr.on('data', (d) => (out.stderr += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, out, exited };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('node infra/bin/wait-for-migrations.js', () => {
  let db;
  let waiting;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    waiting?.child.kill();
    await db?.drop();
  });

  it('knows the migrations this build ships, by the names TypeORM records', () => {
    expect(shipped('billing')).toContain('CreateSubscriptions1760000000000');
    for (const service of SERVICES) expect(shipped(service).length).toBeGreaterThan(0);
  });

  it('waits while a migration is missing, and returns once the migrations have run', async () => {
    const others = SERVICES.filter((s) => s !== 'search');
    expect((await run('migrate.js', { DATABASE_URL: db.url }, others)).code).toBe(0);
    waiting = startWaiting({ DATABASE_URL: db.url });
    await sleep(5000); // two looks at least
    expect(waiting.child.exitCode).toBeNull();
    expect(waiting.out.stdout).toContain(`waiting for migrations: search: ${shipped('search').join(', ')}\n`);
    expect(waiting.out.stdout).not.toMatch(/billing|stores|analytics|feedback/);

    expect((await run('migrate.js', { DATABASE_URL: db.url }, ['search'])).code).toBe(0);
    expect(await waiting.exited).toBe(0);
    expect(waiting.out.stdout).toMatch(/all \d+ migrations of this image are applied/);
    expect(waiting.out.stderr).toBe('');
  }, 120_000);

  it('gives up after the timeout with exit 1, naming what is missing', async () => {
    const fresh = await createTestDatabase();
    try {
      const started = Date.now();
      const result = await run('wait-for-migrations.js', { DATABASE_URL: fresh.url }, ['--timeout', '3', 'feedback']);
      expect(result.code).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
      expect(result.stderr).toBe(
        `wait-for-migrations: gave up after 3 s, still waiting for migrations: feedback: ${shipped('feedback').join(', ')}` +
          ' (has migrate.js, the sniff-migrate Job, run?)\n',
      );
    } finally {
      await fresh.drop();
    }
  }, 30_000);

  it('keeps trying while the database does not answer, then gives up saying so (MIGRATIONS_WAIT_SECONDS)', async () => {
    const down = 'postgres://postgres@127.0.0.1:1/sniff';
    const result = await run('wait-for-migrations.js', { DATABASE_URL: down, MIGRATIONS_WAIT_SECONDS: '3' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^wait-for-migrations: gave up after 3 s, still waiting for the database: .*ECONNREFUSED/,
    );
    expect(result.stdout.trim().split('\n')).toHaveLength(1); // the state is logged once, not on every look
  }, 30_000);

  it('refuses a bad timeout, an unknown service or a missing database URL', async () => {
    const bad = await run('wait-for-migrations.js', { DATABASE_URL: db.url }, ['--timeout', 'soon']);
    expect([bad.code, bad.stderr]).toEqual([
      1,
      'wait-for-migrations: the timeout must be a number of seconds (got soon)\n',
    ]);
    const unknown = await run('wait-for-migrations.js', { DATABASE_URL: db.url }, ['payments']);
    expect(unknown.stderr).toContain('unknown service payments');
    const missing = await run('wait-for-migrations.js', {});
    expect([missing.code, missing.stderr]).toEqual([
      1,
      'wait-for-migrations: DATABASE_URL must be a postgres:// URL\n',
    ]);
  });
});
