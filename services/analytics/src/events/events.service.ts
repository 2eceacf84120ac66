import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { recordedSearchEventSchema, SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS } from '@sniff/contracts';
import { Queue } from '@sniff/service-kit';
import { normalizeQuery } from './normalize';

/** Events taken from the queue per poll. */
const EVENTS_BATCH = 100;

/** The write side: consumes search events from the queue into analytics.search_events. */
@Injectable()
export class EventsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('EventsService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(SEARCH_EVENTS_QUEUE, SEARCH_EVENTS_QUEUE_OPTIONS);
    // pg-boss fetches one job per poll (1 s) by default: far below a busy store's searches. A
    // failed batch is retried whole, which is safe because record() is idempotent per job.
    await this.queue.work<object>(
      SEARCH_EVENTS_QUEUE,
      async (data, jobId) => {
        await this.record(data, jobId);
      },
      { batchSize: EVENTS_BATCH },
    );
  }

  /** Stores one event; the job id makes it idempotent. Returns false for a duplicate or a malformed payload. */
  async record(data: unknown, jobId: string): Promise<boolean> {
    const parsed = recordedSearchEventSchema.safeParse(data);
    if (!parsed.success) {
      // Retrying cannot fix a malformed payload: log it and let the job complete.
      this.logger.warn(`dropping malformed event in job ${jobId}: ${parsed.error.issues[0]?.message}`);
      return false;
    }
    const e = parsed.data;
    const at = Number.isNaN(Date.parse(e.at)) ? new Date() : new Date(e.at);
    const rows: unknown[] = await this.db.query(
      `INSERT INTO analytics.search_events
         (job_id, store_id, type, query, normalized_query, result_count, hit_id, url, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (job_id) DO NOTHING
       RETURNING id`,
      [jobId, e.storeId, e.type, e.query.trim(), normalizeQuery(e.query), e.resultCount, e.hitId, e.url, at],
    );
    return rows.length > 0;
  }
}
