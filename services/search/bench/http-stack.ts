import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexDocument } from '@sniff/contracts';

/** The gateway's micro-cache of search answers (on in production; SNIFF_BENCH_EDGE_CACHE=0 turns it off). */
export const EDGE_CACHE = process.env.SNIFF_BENCH_EDGE_CACHE !== '0';

/**
 * Apart from `npm start`'s (8080, 310x), the e2e tests' (18080, 1310x) and the marketing Lighthouse
 * run's (28080, 2310x), so any of them can run beside this one; and below Linux's ephemeral range
 * (32768+), where an outgoing connection could hold a port just as a service wants it.
 */
export const BENCH_PORTS = {
  gateway: 29080,
  idp: 29090,
  billing: 29101,
  stores: 29102,
  search: 29103,
  analytics: 29104,
  feedback: 29105,
  registry: 29106,
  smtp: 29025,
  inbox: 29026,
  demoSite: 29095,
  squarespace: 29096,
  shopify: 29098,
  stripe: 29097,
  postgres: 29439,
};

interface Product {
  stop(): Promise<void>;
}
interface Launcher {
  startProduct(options: {
    ports: typeof BENCH_PORTS;
    dataDir: string;
    env: Record<string, string | undefined>;
    log: (line: string) => void;
    onExit: (error: Error) => void;
  }): Promise<Product>;
}
interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}
// The launcher and test database are plain JS in infra/, shared with `npm start` and the e2e tests.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startProduct } = require('@sniff/infra/launcher.js') as Launcher;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createTestDatabase } = require('@sniff/infra/test-database.js') as {
  createTestDatabase(): Promise<TestDatabase>;
};

export interface Stack {
  gateway: string;
  search: string;
  internalToken: string;
  database: 'server' | 'embedded';
  /** Rejects when a service dies while the benchmark runs. */
  died: Promise<never>;
  stop(): Promise<void>;
}

/**
 * The whole product as `npm start` runs it (infra/launcher.js, built services), on the bench ports,
 * with fresh data: a new database on the server named by DATABASE_URL, else an embedded Postgres.
 * The gateway's per-IP limit on public search is raised above any rate measured here, because all
 * the load comes from one address; the limiter itself still runs on every request.
 */
export async function startStack(log: (line: string) => void = () => undefined): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sniff-bench-http-'));
  const db = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const internalToken = randomBytes(24).toString('hex');
  let reject: (error: Error) => void = () => undefined;
  const died = new Promise<never>((_, r) => (reject = r));
  died.catch(() => undefined);
  const cleanUp = async () => {
    if (db) await db.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let product: Product;
  try {
    product = await startProduct({
      ports: BENCH_PORTS,
      dataDir,
      env: {
        ...(db ? { DATABASE_URL: db.url } : {}),
        INTERNAL_TOKEN: internalToken,
        PUBLIC_RATE_PER_SECOND: '1000000',
        PUBLIC_RATE_BURST: '1000000',
        // SNIFF_BENCH_EDGE_CACHE=0 measures every search through to the engine.
        ...(EDGE_CACHE ? {} : { PUBLIC_CACHE_ENTRIES: '0' }),
      },
      log,
      onExit: (error) => reject(error),
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    gateway: `http://127.0.0.1:${BENCH_PORTS.gateway}`,
    search: `http://127.0.0.1:${BENCH_PORTS.search}`,
    internalToken,
    database: db ? 'server' : 'embedded',
    died,
    stop: () => (stopped ??= product.stop().finally(cleanUp)),
  };
}

/** Indexes a store through the search service's internal API, as the stores service does after ingestion. */
export async function indexStore(stack: Stack, storeId: string, documents: IndexDocument[]): Promise<number> {
  const res = await fetch(`${stack.search}/internal/stores/${encodeURIComponent(storeId)}/documents`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-sniff-internal-token': stack.internalToken },
    body: JSON.stringify({ documents }),
    signal: AbortSignal.timeout(180_000),
  });
  const body = (await res.json()) as { documents?: number; message?: string };
  if (!res.ok) throw new Error(`indexing failed: ${res.status} ${body.message ?? ''}`);
  return body.documents ?? 0;
}
