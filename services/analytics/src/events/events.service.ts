import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  normalizeQuery,
  type RecordedSearchEvent,
  recordedSearchEventSchema,
  SEARCH_EVENTS_QUEUE,
  SEARCH_EVENTS_QUEUE_OPTIONS,
} from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';

/** Events taken from the queue per poll. */
const EVENTS_BATCH = 100;

/** Why an event was not stored; `stored` when it was. */
export type RecordOutcome = 'stored' | 'duplicate' | 'malformed' | 'over-limit' | 'store-deleted';

/**
 * The write side: consumes search events from the queue into analytics.search_events. Each event is
 * its own job: a bad one is dropped (or retried alone) without touching the others of its batch.
 */
@Injectable()
export class EventsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('EventsService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS);
    // pg-boss fetches one job per poll (1 s) by default: far below a busy store's searches. A job
    // that fails is retried alone (see Queue.work); record() is idempotent per job.
    await this.queue.work<object>(
      SEARCH_EVENTS_QUEUE,
      async (data, jobId) => {
        await this.record(data, jobId);
      },
      { batchSize: EVENTS_BATCH },
    );
  }

  /**
   * Stores one event unless it is malformed, a repeat (the same job, or the same visitor's event about
   * the same answer), over the visitor's hourly allowance for the store (EVENTS_PER_VISITOR_HOUR), or
   * about a store deleted meanwhile (it was still in the queue when the store's events were deleted).
   */
  async record(data: unknown, jobId: string): Promise<RecordOutcome> {
    const parsed = recordedSearchEventSchema.safeParse(data);
    if (!parsed.success) {
      // Retrying cannot fix a malformed payload: log it and let the job complete.
      this.logger.warn(`dropping malformed event in job ${jobId}: ${parsed.error.issues[0]?.message}`);
      return 'malformed';
    }
    const e = parsed.data;
    const at = Number.isNaN(Date.parse(e.at)) ? new Date() : new Date(e.at);
    let rows: { id: string | null }[];
    try {
      rows = await this.insert(jobId, e, at);
    } catch (err) {
      // Data Postgres cannot take (class 22, e.g. a NUL character): a retry would fail the same way.
      if (String((err as { code?: unknown }).code ?? '').startsWith('22')) {
        this.logger.warn(`dropping event in job ${jobId} that cannot be stored: ${(err as Error).message}`);
        return 'malformed';
      }
      throw err;
    }
    if (rows.length) return 'stored';
    if (await this.isDeleted(e.storeId)) return 'store-deleted';
    const [{ n }] = (await this.db.query(
      `SELECT count(*)::int AS n FROM analytics.search_events
        WHERE store_id = $1 AND visitor = $2 AND type = $3 AND at > $4::timestamptz - interval '1 hour'`,
      [e.storeId, e.visitor, e.type, at],
    )) as { n: number }[];
    return n >= this.config.EVENTS_PER_VISITOR_HOUR ? 'over-limit' : 'duplicate';
  }

  private async isDeleted(storeId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM analytics.deleted_stores WHERE store_id = $1`, [
      storeId,
    ]);
    return rows.length > 0;
  }

  /**
   * One statement: the allowance and the deleted stores are read and the event inserted together.
   * Conflicts (a retried job, a repeated event) are skipped by the unique indexes.
   */
  private insert(jobId: string, e: RecordedSearchEvent, at: Date): Promise<{ id: string | null }[]> {
    return this.db.query(
      `WITH recent AS (
         SELECT count(*) AS n FROM analytics.search_events
          WHERE store_id = $2 AND visitor = $9 AND type = $3 AND at > $11::timestamptz - interval '1 hour'
       )
       INSERT INTO analytics.search_events
         (job_id, store_id, type, query, normalized_query, result_count, hit_id, url, visitor, search_key, at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 FROM recent WHERE recent.n < $12
          AND NOT EXISTS (SELECT 1 FROM analytics.deleted_stores d WHERE d.store_id = $2)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        jobId,
        e.storeId,
        e.type,
        e.query.trim(),
        normalizeQuery(e.query),
        e.resultCount,
        e.hitId,
        e.url,
        e.visitor,
        e.searchKey,
        at,
        this.config.EVENTS_PER_VISITOR_HOUR,
      ],
    );
  }
}
