import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { AggregatorRegistry } from 'prom-client';
import { Metrics } from '@sniff/service-kit';
import { SEARCH_CONFIG, type SearchConfig } from './config';

/** A worker asks the primary for the replica's metrics; the primary answers with the totals. */
interface MetricsAsked {
  type: 'sniff:metrics';
  id: string;
}
interface MetricsAnswered {
  type: 'sniff:metrics-answer';
  id: string;
  text?: string;
  error?: string;
}
const isMetricsAsked = (m: unknown): m is MetricsAsked =>
  typeof m === 'object' && m !== null && (m as MetricsAsked).type === 'sniff:metrics';
const isMetricsAnswered = (m: unknown): m is MetricsAnswered =>
  typeof m === 'object' && m !== null && (m as MetricsAnswered).type === 'sniff:metrics-answer';

/** A restarted worker waits this long, so a worker that keeps failing does not spin. */
const RESTART_DELAY_MS = 1_000;
/** How long a scrape waits for the primary's totals before answering with its own worker's figures. */
const METRICS_WAIT_MS = 5_000;
/**
 * V8's background threads per worker (compiling, marking; Node's default is 4). With a worker per core,
 * four more threads each took the cores from the workers' own threads mid-search: a query preempted
 * for one scheduler tick took 4-5 ms instead of 0.3 (the engine's tail in `npm run bench`, README).
 */
export const WORKER_V8_THREADS = 1;
/** The worker's number (0…SEARCH_WORKERS-1), kept by its replacement: it picks the worker's own port. */
const WORKER_INDEX = 'SEARCH_WORKER_INDEX';

/**
 * The primary of SEARCH_WORKERS search workers (node:cluster): a search is CPU work, and one Node
 * process uses one core. The workers share PORT (the cluster hands each new connection to one of
 * them) and each also listens on a port of its own (SEARCH_WORKER_PORT + its number), where a load
 * balancer sends the stores it owns. The first worker starts alone, so the database migrations run
 * once; the primary adds up the workers' metrics for a scrape, restarts a worker that dies after it
 * was serving (with the same number, so the same port), and stops them all on SIGTERM or SIGINT.
 */
export function runWorkers(count: number): void {
  const logger = new Logger('search');
  const aggregator = new AggregatorRegistry();
  let stopping = false;
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--v8-pool-size=${WORKER_V8_THREADS}`] });
  const fork = (index: number): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ [WORKER_INDEX]: String(index) });
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        resolve(worker);
      });
      worker.on('message', (message: unknown) => {
        if (!isMetricsAsked(message)) return;
        const answer = (a: Omit<MetricsAnswered, 'type' | 'id'>) =>
          worker.isConnected() && worker.send({ type: 'sniff:metrics-answer', id: message.id, ...a });
        aggregator.clusterMetrics().then(
          (text) => answer({ text }),
          (error: Error) => answer({ error: error.message }),
        );
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        // A worker that never served failed to start (bad settings, no database): so does the service.
        if (!listening) return reject(new Error(`search worker exited with ${signal ?? code} before listening`));
        logger.warn(`search worker ${worker.process.pid} exited with ${signal ?? code}; starting another`);
        setTimeout(() => fork(index).catch((error: Error) => logger.error(error.message)), RESTART_DELAY_MS);
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
      await fork(0);
      await Promise.all(Array.from({ length: count - 1 }, (_, i) => fork(i + 1)));
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
 * What a running search app adds for placement by store: its worker's own port (when
 * SEARCH_WORKER_PORT is set), answered by the same app as the shared one, and, in a cluster
 * worker, metrics scrapes answered with the whole replica's totals.
 */
export async function servePlacement(app: INestApplication): Promise<void> {
  const config = app.get<SearchConfig>(SEARCH_CONFIG);
  if (cluster.isWorker) aggregateMetrics(app.get(Metrics));
  if (config.SEARCH_WORKER_PORT === undefined) return;
  const port = config.SEARCH_WORKER_PORT + Number(process.env[WORKER_INDEX] ?? 0);
  const shared = app.getHttpServer() as http.Server;
  const own = http.createServer((req, res) => shared.emit('request', req, res));
  own.keepAliveTimeout = shared.keepAliveTimeout;
  // Exclusive: this worker alone takes the port's connections (not handed round by the primary).
  await new Promise<void>((resolve, reject) => {
    own.once('error', reject);
    own.listen({ port, host: config.HOST, exclusive: true }, resolve);
  });
  shared.once('close', () => own.close());
  new Logger('search').log(`this worker's stores: http://${config.HOST}:${port}`);
}

/** A scrape of any worker answers for the replica (prom-client's AggregatorRegistry in the primary). */
function aggregateMetrics(metrics: Metrics): void {
  AggregatorRegistry.setRegistries([metrics.registry]);
  // prom-client answers the primary's requests only once an AggregatorRegistry exists in the worker.
  new AggregatorRegistry();
  const waiting = new Map<string, (text: string | undefined) => void>();
  process.on('message', (message: unknown) => {
    if (isMetricsAnswered(message)) waiting.get(message.id)?.(message.text);
  });
  const own = metrics.scrape;
  metrics.scrape = () =>
    new Promise<string | undefined>((resolve) => {
      const id = randomUUID();
      const done = (text: string | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(text);
      };
      // No answer (the primary busy or gone): this worker's own figures rather than none.
      const timer = setTimeout(() => done(undefined), METRICS_WAIT_MS);
      waiting.set(id, done);
      process.send?.({ type: 'sniff:metrics', id } satisfies MetricsAsked);
    }).then((text) => text ?? own());
}
