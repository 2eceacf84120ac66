// The embedded Postgres does what the services rely on: several pools at once (parameterised queries
// interleaved, some failing), schemas and tables, SKIP LOCKED job claiming, serialised transactions,
// rollback when a client drops mid-transaction, data kept across restarts, and pg-boss 10.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Pool, Client } = require('pg');
const PgBoss = require('pg-boss');
const { startEmbeddedPostgres } = require('./embedded-postgres');

jest.setTimeout(60_000);

let dataDir;
let pg;
const pools = [];
const pool = () => {
  const p = new Pool({ connectionString: pg.url, max: 4 });
  pools.push(p);
  return p;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sniff-pg-test-'));
  pg = await startEmbeddedPostgres({ dataDir, port: 0 });
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()));
  await pg?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('two pools query at once, each gets its own results, and a failing query disturbs no one', async () => {
  const a = pool();
  const b = pool();
  const results = await Promise.allSettled(
    Array.from({ length: 120 }, (_, i) =>
      (i % 2 ? a : b).query(i % 9 === 0 ? 'SELECT $1::int / 0 AS n' : 'SELECT $1::int AS n, $2::text AS s', [
        i,
        ...(i % 9 === 0 ? [] : [`row ${i}`]),
      ]),
    ),
  );
  results.forEach((result, i) => {
    if (i % 9 === 0) {
      expect(result.status).toBe('rejected');
      expect(result.reason.message).toMatch(/division by zero/);
    } else {
      expect(result.status).toBe('fulfilled');
      expect(result.value.rows).toEqual([{ n: i, s: `row ${i}` }]);
    }
  });
});

test('workers on two pools claim each job exactly once with FOR UPDATE SKIP LOCKED', async () => {
  const a = pool();
  const b = pool();
  await a.query(`CREATE SCHEMA IF NOT EXISTS jobs_test;
    CREATE TABLE jobs_test.jobs (id serial PRIMARY KEY, state text NOT NULL DEFAULT 'queued');
    INSERT INTO jobs_test.jobs (state) SELECT 'queued' FROM generate_series(1, 40);`);
  const claimed = [];
  const worker = async (p) => {
    for (;;) {
      const client = await p.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query(
          "SELECT id FROM jobs_test.jobs WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
        );
        if (!rows[0]) {
          await client.query('COMMIT');
          return;
        }
        await client.query("UPDATE jobs_test.jobs SET state = 'done' WHERE id = $1", [rows[0].id]);
        await client.query('COMMIT');
        claimed.push(rows[0].id);
      } finally {
        client.release();
      }
    }
  };
  await Promise.all([worker(a), worker(b), worker(a), worker(b)]);
  expect(claimed).toHaveLength(40);
  expect(new Set(claimed).size).toBe(40);
  const { rows } = await b.query("SELECT count(*)::int AS n FROM jobs_test.jobs WHERE state = 'done'");
  expect(rows[0].n).toBe(40);
});

test('another connection waits for an open transaction; a client that drops mid-transaction is rolled back', async () => {
  const a = pool();
  await a.query('CREATE TABLE public.notes (text text NOT NULL)');
  const writer = new Client({ connectionString: pg.url });
  writer.on('error', () => undefined);
  await writer.connect();
  await writer.query('BEGIN');
  await writer.query("INSERT INTO public.notes VALUES ('uncommitted')");
  let readerDone = false;
  const reader = a.query('SELECT count(*)::int AS n FROM public.notes').then((r) => {
    readerDone = true;
    return r.rows[0].n;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(readerDone).toBe(false); // one transaction at a time
  writer.connection.stream.destroy(); // the process holding the transaction dies
  expect(await reader).toBe(0);
});

test('a connection left idle inside a transaction is closed so the others can go on', async () => {
  const quick = await startEmbeddedPostgres({ dataDir: `${dataDir}-idle`, port: 0, idleInTransactionMs: 300 });
  try {
    const stuck = new Client({ connectionString: quick.url });
    const closed = new Promise((resolve) => stuck.on('error', resolve));
    await stuck.connect();
    await stuck.query('BEGIN');
    const other = new Pool({ connectionString: quick.url, max: 1 });
    const { rows } = await other.query('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
    await closed;
    await other.end();
  } finally {
    await quick.stop();
    rmSync(`${dataDir}-idle`, { recursive: true, force: true });
  }
});

test('pg-boss 10 starts, creates a queue, sends and works a job', async () => {
  const boss = new PgBoss({ connectionString: pg.url, schema: 'pgboss', max: 3 });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    await boss.createQueue('test-queue', { name: 'test-queue', retryLimit: 2 });
    const received = new Promise((resolve) =>
      boss.work('test-queue', { pollingIntervalSeconds: 0.5 }, async ([job]) => resolve(job.data)),
    );
    expect(await boss.send('test-queue', { hello: 'world' })).toEqual(expect.any(String));
    expect(await received).toEqual({ hello: 'world' });
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
});

test('data survives a restart on the same data directory', async () => {
  await pool().query("CREATE TABLE public.kept (v text); INSERT INTO public.kept VALUES ('still here')");
  await Promise.all(pools.splice(0).map((p) => p.end()));
  await pg.stop();
  pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  const { rows } = await pool().query('SELECT v FROM public.kept');
  expect(rows).toEqual([{ v: 'still here' }]);
});
