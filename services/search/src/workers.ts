import cluster, { type Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';

/** What one worker tells the others: a store's index or settings changed in the database. */
interface StoreChanged {
  type: 'sniff:store-changed';
  storeId: string;
}
const isStoreChanged = (m: unknown): m is StoreChanged =>
  typeof m === 'object' && m !== null && (m as StoreChanged).type === 'sniff:store-changed';

/** A restarted worker waits this long, so a worker that keeps failing does not spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * The primary of SEARCH_WORKERS search workers sharing one port (node:cluster hands each new
 * connection to a worker): a search is CPU work, and one Node process uses one core. Each worker
 * holds its own indexes, like replicas on one host. The first worker starts alone, so the
 * database migrations run once; the primary relays store changes between workers, restarts a
 * worker that dies after it was serving, and stops them all on SIGTERM or SIGINT.
 */
export function runWorkers(count: number): void {
  const logger = new Logger('search');
  let stopping = false;
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve(worker);
      });
      worker.on('message', (message: unknown) => {
        if (!isStoreChanged(message)) return;
        for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker) other.send(message);
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        // A worker that never served failed to start (bad settings, no database): so does the service.
        if (!listening) return reject(new Error(`search worker exited with ${signal ?? code} before listening`));
        logger.warn(`search worker ${worker.process.pid} exited with ${signal ?? code}; starting another`);
        setTimeout(() => fork().catch((error: Error) => logger.error(error.message)), RESTART_DELAY_MS);
      });
    });

  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    if (!workers.length) process.exit(0);
    let left = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => --left || process.exit(0));
      worker.process.kill('SIGTERM');
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  void (async () => {
    try {
      await fork();
      await Promise.all(Array.from({ length: count - 1 }, fork));
      logger.log(`${count} search workers serving`);
    } catch (error) {
      logger.error((error as Error).message);
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      process.exitCode = 1;
    }
  })();
}

/**
 * Store changes between sibling workers: a worker that re-indexed a store or saved its settings
 * tells the others, which check the database on their next search of it instead of up to
 * SEARCH_REVALIDATE_MS later. A no-op in a single process.
 */
export class SiblingWorkers {
  /** Tells the other workers that `storeId` changed. */
  announce(storeId: string): void {
    if (cluster.isWorker && process.send) process.send({ type: 'sniff:store-changed', storeId } satisfies StoreChanged);
  }

  /** Calls `changed` with each store another worker announces; returns the unsubscribe. */
  listen(changed: (storeId: string) => void): () => void {
    const onMessage = (message: unknown) => {
      if (isStoreChanged(message)) changed(message.storeId);
    };
    process.on('message', onMessage);
    return () => process.off('message', onMessage);
  }
}
