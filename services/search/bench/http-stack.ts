import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexDocument } from '@sniff/contracts';

/**
 * Which settings of the gateway's micro-cache of search answers (on in production) the HTTP benchmark
 * measures: both in turn, or only one with SNIFF_BENCH_EDGE_CACHE=1 (on) or 0 (off).
 */
export function edgeCacheModes(): boolean[] {
  const chosen = process.env.SNIFF_BENCH_EDGE_CACHE;
  return chosen === '1' ? [true] : chosen === '0' ? [false] : [true, false];
}

type Ports = Record<string, number> & { gateway: number; search: number };
interface Product {
  stop(): Promise<void>;
}
interface Launcher {
  startProduct(options: {
    ports: Ports;
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
// The launcher, test database and port layout are plain JS in infra/, shared with `npm start`, the e2e tests and
// the product-level benchmarks.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startProduct } = require('@sniff/infra/launcher.js') as Launcher;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { benchPorts } = require('@sniff/infra/bench/bench-product.js') as { benchPorts(base: number): Ports };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createTestDatabase } = require('@sniff/infra/test-database.js') as {
  createTestDatabase(): Promise<TestDatabase>;
};

/** npm start's layout moved into 29xxx, apart from the other benchmarks' blocks and the e2e tests'. */
export const BENCH_PORTS = benchPorts(29000);

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
export async function startStack(edgeCache: boolean, log: (line: string) => void = () => undefined): Promise<Stack> {
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
        // Off, every search is measured through to the engine.
        ...(edgeCache ? {} : { PUBLIC_CACHE_ENTRIES: '0' }),
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
