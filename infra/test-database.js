// A fresh, throwaway Postgres database for one test file or one e2e run: on the server named by
// DATABASE_URL when it is set, else an embedded one in a temporary directory.
const { randomBytes } = require('node:crypto');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Client } = require('pg');

async function onServer(serverUrl, sql) {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** @returns {Promise<{ url: string, drop(): Promise<void> }>} */
async function createTestDatabase() {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `sniff_t_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const { startEmbeddedPostgres } = require('./embedded-postgres');
  const dataDir = mkdtempSync(join(tmpdir(), 'sniff-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir, port: 0 });
  return {
    url: pg.url,
    drop: async () => {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

module.exports = { createTestDatabase };
