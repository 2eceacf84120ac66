import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import type { Counter } from 'prom-client';
import PgBoss from 'pg-boss';
import { DEFAULT_QUEUE_POOL_MAX } from './config';
import { CONCURRENT_CREATE } from './database';
import { Metrics } from './metrics';

export const QUEUE_SCHEMA = 'pgboss';

/**
 * The Postgres-backed job queue (pg-boss) shared by the services: jobs survive restarts and
 * are retried; a job interrupted by a crash expires and runs again.
 */
@Injectable()
export class Queue implements OnApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;

  private readonly declared = new Set<string>();
  private readonly outcomes?: Counter<'queue' | 'outcome'>;

  constructor(
    @Inject('QUEUE_DATABASE_URL') private readonly url: string,
    @Optional() @Inject(Metrics) metrics?: Metrics,
    /** Connections pg-boss keeps (QUEUE_POOL_MAX). */
    @Optional() @Inject('QUEUE_POOL_MAX') private readonly poolMax: number = DEFAULT_QUEUE_POOL_MAX,
  ) {
    if (!metrics) return;
    this.outcomes = metrics.counter('jobs_total', 'Jobs run, by queue and outcome (completed, failed)', [
      'queue',
      'outcome',
    ]);
    // Read when Prometheus scrapes: jobs waiting (created or to be retried) in each queue this process uses.
    metrics.gauge<'queue'>(
      'queue_depth',
      'Jobs waiting in each queue',
      async (gauge) => {
        if (!this.boss) return;
        for (const name of this.declared) gauge.set({ queue: name }, await this.boss.getQueueSize(name));
      },
      ['queue'],
    );
  }

  /** Starts pg-boss on first use (creating its schema on a fresh database). */
  async client(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.starting ??= (async () => {
      for (let attempt = 1; ; attempt++) {
        const boss = new PgBoss({ connectionString: this.url, schema: QUEUE_SCHEMA, max: this.poolMax });
        boss.on('error', (err) => this.logger.error(err.message));
        try {
          await boss.start();
          this.boss = boss;
          return boss;
        } catch (err) {
          await boss.stop({ graceful: false }).catch(() => undefined);
          // Several processes installing the schema of a fresh database at once: one wins, the others
          // fail on what it created; starting again finds it installed.
          if (attempt >= 3 || !CONCURRENT_CREATE.has((err as { code?: string }).code ?? '')) throw err;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    })();
    return this.starting;
  }

  /**
   * Declares a queue (idempotent) with the retry policy of its jobs. Services that share a queue
   * may declare it at the same moment; pg-boss can then report a deadlock for one of them, so
   * retry until the queue exists.
   */
  async declare(name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
    const boss = await this.client();
    this.declared.add(name);
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...options });
        return;
      } catch (err) {
        if (await boss.getQueue(name)) return;
        if (attempt >= 5) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
      }
    }
  }

  async send(name: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return (await this.client()).send(name, data, options);
  }

  /**
   * Runs `handler` for each job. A thrown error fails that job's attempt alone (pg-boss retries it
   * by the queue's policy); the other jobs of its batch carry on and complete.
   */
  async work<T extends object>(
    name: string,
    handler: (data: T, jobId: string) => Promise<void>,
    options: PgBoss.WorkOptions = {},
  ): Promise<void> {
    const boss = await this.client();
    await boss.work<T>(name, { pollingIntervalSeconds: 1, ...options }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data, job.id);
          this.outcomes?.inc({ queue: name, outcome: 'completed' });
        } catch (err) {
          this.outcomes?.inc({ queue: name, outcome: 'failed' });
          const message = err instanceof Error ? err.message : String(err);
          this.logger.warn(`job ${job.id} of ${name} failed, to be retried: ${message}`);
          // Failed on its own; pg-boss then completes only the jobs still active.
          await boss.fail(name, job.id, { message });
        }
      }
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.boss) await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}
