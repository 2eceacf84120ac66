import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_INTERNAL_TOKEN, E2E_PORTS, E2E_URLS } from './urls';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startProduct } = require('@sniff/infra/launcher.js');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createTestDatabase } = require('@sniff/infra/test-database.js');

/** Starts the whole product exactly as `npm start` does, with fresh data; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sniff-e2e-'));
  const db = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const product = await startProduct({
    ports: E2E_PORTS,
    dataDir,
    publicUrl: E2E_URLS.app,
    // Every spec signs up from loopback: the identity provider's per-address sign-up limit (10 an hour) is for people.
    env: { INTERNAL_TOKEN: E2E_INTERNAL_TOKEN, IDP_SIGNUPS_PER_HOUR: '100', ...(db ? { DATABASE_URL: db.url } : {}) },
    log: process.env.E2E_VERBOSE ? console.log : () => undefined,
  });
  return async () => {
    await product.stop();
    if (db) await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
