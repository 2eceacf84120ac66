// The database of npm run bench:scale and its stores' indexes. The database is `sniff_scale` on the server
// of DATABASE_URL (created if missing), else an embedded Postgres in .data/scale-pglite; the search
// service's migrations run on it, then every simulated store gets an index snapshot built with the search
// service's own engine (services/search/dist), written straight into search.index_snapshots as a
// re-index would leave it. A marker table records the parameters of the seeding: a later run with the
// same ones (and the same snapshot format) skips it.
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { makeStores, storeDocuments, TALKS_SOURCE } = require('./stores');

const ROOT = join(__dirname, '..', '..', '..');
const DATABASE = 'sniff_scale';
/** Rows per INSERT, and bytes: one statement stays well under a hundred MB. */
const BATCH_ROWS = 200;
const BATCH_BYTES = 32 * 1024 * 1024;

/** The search service's engine, as built (npm run build). */
function engine() {
  try {
    return require(join(ROOT, 'services', 'search', 'dist', 'engine', 'sniff-index.js')).sniffEngine;
  } catch (error) {
    throw new Error(`the search service is not built (npm run build): ${error.message}`);
  }
}

/**
 * The bench's own database: `sniff_scale` on the DATABASE_URL server (created if missing), else an
 * embedded Postgres kept in .data/scale-pglite, so the seeding is reused either way.
 * @returns {Promise<{ url: string, kind: 'server' | 'embedded', stop(): Promise<void> }>}
 */
async function openScaleDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
      if (!rows.length) await admin.query(`CREATE DATABASE ${DATABASE}`);
    } catch (error) {
      // another run created it meanwhile
      if (error.code !== '42P04') throw error;
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl);
    url.pathname = `/${DATABASE}`;
    return { url: url.toString(), kind: 'server', stop: async () => {} };
  }
  const { startEmbeddedPostgres } = require('../../embedded-postgres');
  const dataDir = join(ROOT, '.data', 'scale-pglite');
  mkdirSync(dataDir, { recursive: true });
  // in a child process: PGlite answering on this process's thread would stall the visitors' load loop
  const pg = await startEmbeddedPostgres({ dataDir, port: 0, childProcess: true });
  return { url: pg.url, kind: 'embedded', stop: () => pg.stop() };
}

/** Runs the search service's pending migrations (the kit's migrate, as infra/bin/migrate.js does). */
async function migrateSearch(url) {
  const { main } = require('../../bin/migrate');
  const log = console.log;
  console.log = () => {}; // its "search: up to date"
  try {
    await main(['search'], { DATABASE_URL: url, DATABASE_WAIT_SECONDS: '30' });
  } finally {
    console.log = log;
  }
}

/**
 * Seeds the stores of `params` unless the marker says they are there.
 * @param {string} url the database (direct, not through PgBouncer)
 * @param {import('./stores').DEFAULT_PARAMS} params
 * @param {(line: string) => void} say
 * @returns {Promise<{ reused: boolean, stores: number, documents: number, snapshotBytes: number,
 *   builds: number, shared: number, tookMs: number }>}
 */
async function seedStores(url, params, say) {
  const sniff = engine();
  // The snapshot format's magic: a new format means the stored snapshots must be built again.
  const format = sniff.build([]).serialize().toString('latin1', 0, 4);
  const marker = { ...params, engine: sniff.name, format, talks: TALKS_SOURCE };
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(`CREATE TABLE IF NOT EXISTS public.sniff_scale_seed (
      params jsonb NOT NULL, stores int NOT NULL, documents bigint NOT NULL, snapshot_bytes bigint NOT NULL,
      builds int NOT NULL, shared int NOT NULL, took_ms int NOT NULL, seeded_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await db.query('SELECT * FROM public.sniff_scale_seed WHERE params = $1::jsonb', [
      JSON.stringify(marker),
    ]);
    if (rows.length) {
      const r = rows[0];
      return {
        reused: true,
        stores: r.stores,
        documents: Number(r.documents),
        snapshotBytes: Number(r.snapshot_bytes),
        builds: r.builds,
        shared: r.shared,
        tookMs: r.took_ms,
      };
    }
    const started = Date.now();
    const stores = makeStores(params);
    say(`seeding ${stores.length} stores (first run with these parameters; later runs reuse them)`);
    // Another seeding's stores (other parameters) go; this database is the bench's own.
    await db.query('TRUNCATE search.index_snapshots, public.sniff_scale_seed');
    const shared = new Map(); // size -> snapshot, for stores of params.shareFrom documents or more
    let batch = [];
    let batchBytes = 0;
    let writing = Promise.resolve();
    const totals = { documents: 0, snapshotBytes: 0, builds: 0, shared: 0 };
    const flush = async () => {
      const rowsToWrite = batch;
      batch = [];
      batchBytes = 0;
      await writing; // one INSERT at a time; the next batch is built while it runs
      const values = rowsToWrite.map((_, i) => `($${i * 3 + 1}, '${sniff.name}', $${i * 3 + 2}, $${i * 3 + 3}, now())`);
      writing = db.query(
        `INSERT INTO search.index_snapshots (store_id, engine, snapshot, doc_count, built_at) VALUES ${values.join(', ')}
         ON CONFLICT (store_id) DO UPDATE SET engine = excluded.engine, snapshot = excluded.snapshot,
           doc_count = excluded.doc_count, built_at = excluded.built_at`,
        rowsToWrite.flat(),
      );
      writing.catch(() => {}); // awaited (and thrown) before the next INSERT or at the end
    };
    let lastSaid = Date.now();
    for (const [i, store] of stores.entries()) {
      let snapshot = store.size >= params.shareFrom ? shared.get(store.size) : undefined;
      if (snapshot) totals.shared++;
      else {
        snapshot = sniff.build(storeDocuments(store)).serialize();
        totals.builds++;
        if (store.size >= params.shareFrom) shared.set(store.size, snapshot);
      }
      totals.documents += store.size;
      totals.snapshotBytes += snapshot.length;
      batch.push([store.id, snapshot, store.size]);
      batchBytes += snapshot.length;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
      if (Date.now() - lastSaid > 10_000) {
        lastSaid = Date.now();
        say(`seeded ${i + 1} of ${stores.length} stores (${(totals.snapshotBytes / 1e6).toFixed(0)} MB of snapshots)`);
      }
    }
    if (batch.length) await flush();
    await writing;
    const tookMs = Date.now() - started;
    await db.query(
      `INSERT INTO public.sniff_scale_seed (params, stores, documents, snapshot_bytes, builds, shared, took_ms)
       VALUES ($1::jsonb, $2, $3, $4, $5, $6, $7)`,
      [
        JSON.stringify(marker),
        stores.length,
        totals.documents,
        totals.snapshotBytes,
        totals.builds,
        totals.shared,
        tookMs,
      ],
    );
    return { reused: false, stores: stores.length, ...totals, tookMs };
  } finally {
    await db.end();
  }
}

module.exports = { openScaleDatabase, migrateSearch, seedStores };
