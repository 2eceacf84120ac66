import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { GatewayConfig } from './config';

type Window = ConstructorParameters<typeof RateLimiterMemory>[0];

/** A limit as configured: `burst` requests at once, `perSecond` sustained (a token bucket's terms). */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/**
 * rate-limiter-flexible counts requests in fixed windows, so a bucket becomes `burst` requests per
 * window of burst / perSecond seconds: the average stays `perSecond`, and no more than `burst` pass
 * within one window (up to twice that across a window's edge). Windows are whole seconds, at least
 * one, as Redis expires keys by the second. The defaults map exactly: the widget's 50/s with bursts
 * of 100 is 100 per 2 s, the dashboard's 20/s with 40 is 40 per 2 s.
 */
export function windowOf(limit: RateLimit): { points: number; duration: number } {
  const points = Math.max(1, Math.floor(limit.burst));
  return { points, duration: Math.max(1, Math.round(points / limit.perSecond)) };
}

/** Postgres store: the gateway's own schema, one table for every limit (keys carry the limit's prefix). */
const SCHEMA = 'gateway';
const TABLE = 'rate_limits';
/** How long start-up waits for the store, and how often an unreachable Postgres store is tried again. */
const CONNECT_WAIT_MS = 2_000;
const RETRY_MS = 10_000;

/** One limit (per client address, or per signed-in subject) over whichever store is configured. */
export class Limiter {
  constructor(
    /** Replaced once a Postgres store that was unreachable at start-up answers. */
    public store: RateLimiterAbstract,
    private readonly logger: Logger,
  ) {}

  /** Counts one request for `key`: 0 when it may pass, else the seconds to wait (Retry-After). */
  async take(key: string): Promise<number> {
    try {
      // Store keys are bounded (Postgres: 255 characters); addresses are short, a subject need not be.
      await this.store.consume(key.length > 128 ? createHash('sha256').update(key).digest('hex') : key);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      // Not expected (store errors go to the insurance limiter): a broken limiter must not stop the product.
      this.logger.error(err instanceof Error ? err.stack : String(err));
      return 0;
    }
  }
}

/**
 * rate-limiter-flexible's insurance limiter: counts in this process's memory while the shared store
 * does not answer, and says so in the log (at most once a minute).
 */
class Insurance extends RateLimiterMemory {
  constructor(
    window: Window,
    private readonly onUse: () => void,
  ) {
    super(window);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.onUse();
    return super.consume(key, points, options);
  }
}

function throttled(logger: Logger, message: string): (detail?: string) => void {
  let last = -Infinity;
  return (detail) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    logger.warn(detail ? `${message} (${detail})` : message);
  };
}

/**
 * The gateway's two limits: the public widget API per client address, the dashboard API per
 * subject. RATE_LIMIT_STORE_URL shares the counts between replicas (Redis or Postgres); without it
 * they are kept in memory. A store that is down never stops requests: its insurance limiter counts
 * in memory meanwhile, so limits then hold per replica.
 */
export class RateLimits implements OnApplicationShutdown {
  private constructor(
    readonly publicApi: Limiter,
    readonly api: Limiter,
    private readonly close: () => Promise<void>,
  ) {}

  static async create(config: GatewayConfig, logger = new Logger('RateLimits')): Promise<RateLimits> {
    const windows: Window[] = [
      {
        ...windowOf({ perSecond: config.PUBLIC_RATE_PER_SECOND, burst: config.PUBLIC_RATE_BURST }),
        keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}:v1`,
      },
      {
        ...windowOf({ perSecond: config.API_RATE_PER_SECOND, burst: config.API_RATE_BURST }),
        keyPrefix: `${config.RATE_LIMIT_KEY_PREFIX}:api`,
      },
    ];
    const url = config.RATE_LIMIT_STORE_URL;
    if (!url) {
      const [v1, api] = windows.map((w) => new Limiter(new RateLimiterMemory(w), logger));
      return new RateLimits(v1, api, async () => undefined);
    }
    const { protocol, host } = new URL(url); // never the credentials, in logs
    const warn = throttled(
      logger,
      `The rate-limit store ${protocol}//${host} does not answer: counting in this gateway's memory until it does`,
    );
    const insurances = windows.map((w) => new Insurance(w, warn));
    const stored = (i: number) => ({
      ...windows[i],
      insuranceLimiter: insurances[i],
      // A client over its limit is refused by this replica without asking the store, until its window ends.
      inMemoryBlockOnConsumed: windows[i].points + 1,
    });
    const [v1, api] = insurances.map((insurance) => new Limiter(insurance, logger));
    const limiters = [v1, api];
    const limits = (close: () => Promise<void>) => new RateLimits(v1, api, close);

    if (protocol.startsWith('redis')) {
      const client = new Redis(url, {
        // A command while disconnected fails at once (to the insurance limiter) instead of queueing.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: CONNECT_WAIT_MS,
        commandTimeout: 1_000,
        disconnectTimeout: 500, // on shutdown; its timer outlives a connection that never opened
      });
      client.on('error', (err: Error) => warn(err.message)); // ioredis reconnects by itself
      // Start-up waits for the connection, briefly: until it is ready, refused, or the wait is over.
      await new Promise<void>((resolve) => {
        client.once('ready', resolve).once('error', () => resolve());
        setTimeout(resolve, CONNECT_WAIT_MS).unref();
      });
      limiters.forEach((limiter, i) => {
        limiter.store = new RateLimiterRedis({ ...stored(i), storeClient: client, rejectIfRedisNotReady: true });
      });
      return limits(async () => client.disconnect());
    }

    const pool = new Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: CONNECT_WAIT_MS,
      query_timeout: 1_000,
    });
    pool.on('error', (err) => warn(err.message)); // an idle connection dropped: the pool opens another
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      retry = undefined;
      try {
        await createSchema(pool);
        // One after the other: both limits share the table.
        const stores: RateLimiterPostgres[] = [];
        for (let i = 0; i < windows.length; i++) stores.push(await postgresLimiter(pool, stored(i)));
        limiters.forEach((limiter, i) => (limiter.store = stores[i]));
      } catch (err) {
        warn((err as Error).message);
        retry = setTimeout(() => void connect(), RETRY_MS).unref();
      }
    };
    await connect();
    return limits(async () => {
      clearTimeout(retry);
      await pool.end();
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}

/**
 * Postgres errors of two replicas creating the same schema or table at once (CREATE ... IF NOT
 * EXISTS is not safe against that): the other one made it, so going on (or trying once more) is right.
 */
const CREATED_BY_ANOTHER = new Set(['23505', '42P06', '42P07', '42710']);
const createdByAnother = (err: unknown) => CREATED_BY_ANOTHER.has((err as { code?: string }).code ?? '');

async function createSchema(pool: Pool): Promise<void> {
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  } catch (err) {
    if (!createdByAnother(err)) throw err;
  }
}

/**
 * The pool, minus the names the library gives its statements: a named prepared statement lives in a
 * server session, and poolers in transaction mode (PgBouncer) and the embedded Postgres share one
 * session between connections, where a second connection preparing the same name fails.
 */
function unprepared(pool: Pool) {
  return { query: (q: { text: string; values?: unknown[] }) => pool.query({ text: q.text, values: q.values }) };
}

/** The library creates its table (if missing) before it counts; resolves once it has. */
async function postgresLimiter(pool: Pool, window: Window, attempt = 1): Promise<RateLimiterPostgres> {
  try {
    return await new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        { ...window, storeClient: unprepared(pool), storeType: 'pool', schemaName: SCHEMA, tableName: TABLE },
        (err?: Error) => (err ? reject(err) : resolve(limiter)),
      );
    });
  } catch (err) {
    if (attempt === 1 && createdByAnother(err)) return postgresLimiter(pool, window, 2);
    throw err;
  }
}
