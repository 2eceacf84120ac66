import { HttpException, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { billingEndpoints, feedbackEndpoints, type NoticeRequest } from '@sniff/contracts';
import { callEndpoint, Queue } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';

/** An owner's widgets reached a share of the month's searches. */
export interface QuotaReached {
  ownerSub: string;
  /** The month (UTC) the searches were counted in: its first instant, and the next month's. */
  periodStart: Date;
  periodEnd: Date;
  threshold: 80 | 100;
  /** Searches counted this month when the threshold was reached, and the plan's quota. */
  used: number;
  quota: number;
  /** Searches answered past the quota before the widgets pause. */
  graceSearches: number;
}

/** Jobs that mail one notice each: ask billing for the owner's address, post the notice to feedback. */
export const QUOTA_NOTICE_QUEUE = 'quota-notice';
/** About a day of retries with doubling waits from 30 s: billing, the identity provider or feedback may be away. */
const RETRY_LIMIT = 12;
const RETRY_DELAY_SECONDS = 30;

interface NoticeJob {
  key: string;
  ownerSub: string;
  periodStart: string;
  periodEnd: string;
  threshold: 80 | 100;
  used: number;
  quota: number;
  graceSearches: number;
}

/**
 * The owner's e-mails at 80% and at 100% of the month's searches, each once a month. The usage tick
 * calls reached() as often as it likes: a notice this worker handled is remembered in memory, and
 * one any worker queued is recorded in search.quota_notices. Mail goes through the feedback service
 * (stored, retried while SMTP is down, one mail per key), to the address billing reads from the
 * identity provider. Without FEEDBACK_URL a notice is logged and not mailed.
 */
@Injectable()
export class QuotaNotices implements OnApplicationBootstrap {
  private readonly logger = new Logger('QuotaNotices');
  /** Keys handled by this worker, by period start (ms); only the latest two periods are kept. */
  private readonly handled = new Map<number, Set<string>>();
  /** Calls in progress, so repeated calls while one waits on the database share it. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly queue: Queue,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const feedbackUrl = this.config.FEEDBACK_URL;
    // A worker that cannot mail leaves the jobs to the workers that can.
    if (!feedbackUrl) return;
    await this.queue.declare(QUOTA_NOTICE_QUEUE, {
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 120,
      // One waiting job per notice key (singletonKey): replicas reaching it together queue one.
      policy: 'short',
    });
    await this.queue.work<NoticeJob>(QUOTA_NOTICE_QUEUE, (job) => this.mail(job, feedbackUrl));
  }

  /**
   * The owner's widgets reached `threshold`% of the month's searches: queues their e-mail unless it was
   * queued before. Never rejects: a failure is logged, and the next call tries again.
   */
  reached(input: QuotaReached): Promise<void> {
    const key = noticeKey(input.ownerSub, input.periodStart, input.threshold);
    if (this.handled.get(input.periodStart.getTime())?.has(key)) return Promise.resolve();
    let call = this.pending.get(key);
    if (!call) {
      call = this.handle(key, input).finally(() => this.pending.delete(key));
      this.pending.set(key, call);
    }
    return call;
  }

  /** Internal (account deletion): forgets the owner's notices. */
  async deleteOwner(ownerSub: string): Promise<number> {
    for (const keys of this.handled.values()) {
      for (const key of keys) if (key.startsWith(`quota:${ownerSub}:`)) keys.delete(key);
    }
    // A DELETE answers [rows, count] through TypeORM.
    const [, count] = (await this.db.query(`DELETE FROM "search"."quota_notices" WHERE "owner_sub" = $1`, [
      ownerSub,
    ])) as [unknown, number];
    return count;
  }

  private async handle(key: string, input: QuotaReached): Promise<void> {
    try {
      if (!this.config.FEEDBACK_URL) {
        this.logger.log(`${key}: reached; not mailed, FEEDBACK_URL is not set`);
      } else if (!(await this.recorded(input))) {
        const job: NoticeJob = {
          key,
          ownerSub: input.ownerSub,
          periodStart: input.periodStart.toISOString(),
          periodEnd: input.periodEnd.toISOString(),
          threshold: input.threshold,
          used: input.used,
          quota: input.quota,
          graceSearches: input.graceSearches,
        };
        // The job first, then the record: a crash between them leaves no record, so a later call queues
        // it again (feedback mails a key once) rather than a record with no mail behind it.
        await this.queue.send(QUOTA_NOTICE_QUEUE, job, { singletonKey: key });
        await this.db.query(
          `INSERT INTO "search"."quota_notices" ("owner_sub", "period_start", "threshold") VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [input.ownerSub, input.periodStart, input.threshold],
        );
      }
      this.remember(input.periodStart, key);
    } catch (error) {
      this.logger.warn(`${key}: not queued yet, tried again at the next call: ${String(error)}`);
    }
  }

  private async recorded(input: QuotaReached): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM "search"."quota_notices" WHERE "owner_sub" = $1 AND "period_start" = $2 AND "threshold" = $3`,
      [input.ownerSub, input.periodStart, input.threshold],
    );
    return rows.length > 0;
  }

  private remember(periodStart: Date, key: string): void {
    const period = periodStart.getTime();
    let keys = this.handled.get(period);
    if (!keys) {
      this.handled.set(period, (keys = new Set()));
      // Only this month and the last are still reached (a late count of last month's searches).
      for (const old of [...this.handled.keys()].sort((a, b) => b - a).slice(2)) this.handled.delete(old);
    }
    keys.add(key);
  }

  /** The job: the owner's address from billing, the notice to feedback. A refusal is final; a failure is retried. */
  private async mail(job: NoticeJob, feedbackUrl: string): Promise<void> {
    let to: string;
    try {
      ({ email: to } = await callEndpoint(
        billingEndpoints.ownerContact,
        { path: { sub: job.ownerSub } },
        { urls: this.config },
      ));
    } catch (error) {
      if (!refused(error)) throw error;
      this.logger.warn(`${job.key}: not mailed, no address for the owner (${String(error)})`);
      return;
    }
    const { subject, text } = quotaNoticeMail(job, this.config.PUBLIC_URL);
    const notice: NoticeRequest = { key: job.key, ownerSub: job.ownerSub, to, subject, text };
    try {
      await callEndpoint(feedbackEndpoints.sendNotice, { body: notice }, { urls: { FEEDBACK_URL: feedbackUrl } });
    } catch (error) {
      if (!refused(error)) throw error;
      this.logger.error(`${job.key}: the feedback service refused the notice: ${String(error)}`);
    }
  }
}

/** A 4xx from a sibling: asking again would be refused again. (Unreachable or 5xx: a 503, retried.) */
function refused(error: unknown): boolean {
  return error instanceof HttpException && error.getStatus() < 500 && error.getStatus() !== 429;
}

/** One notice per owner, month and threshold: feedback mails each key once. */
export function noticeKey(ownerSub: string, periodStart: Date, threshold: 80 | 100): string {
  return `quota:${ownerSub}:${periodStart.toISOString().slice(0, 7)}:${threshold}`;
}

const count = new Intl.NumberFormat('en-US');
const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The notice's words, with the figures of the moment it was reached. */
export function quotaNoticeMail(
  n: Pick<NoticeJob, 'periodStart' | 'periodEnd' | 'threshold' | 'used' | 'quota' | 'graceSearches'>,
  publicUrl: string,
): { subject: string; text: string } {
  const quota = count.format(n.quota);
  const until = `${day.format(new Date(n.periodEnd))} (UTC), when the next month's searches begin`;
  const paused = `show "Search is temporarily unavailable." until ${until}`;
  const used = `Your Sniff search widgets have used ${count.format(n.used)} of the ${quota} searches your plan includes for ${month.format(new Date(n.periodStart))}.`;
  const upgrade = `To keep search running, upgrade your plan:\n${publicUrl}/dashboard/subscribe`;
  if (n.threshold === 80) {
    const atQuota = n.graceSearches
      ? `When they reach ${quota}, they keep answering for ${count.format(n.graceSearches)} more searches; after that they ${paused}.`
      : `When they reach ${quota}, they ${paused}.`;
    return {
      subject: "Your Sniff widgets have used 80% of this month's searches",
      text: ['Hello,', used, atQuota, upgrade, 'The Sniff team'].join('\n\n'),
    };
  }
  const left = Math.max(0, n.quota + n.graceSearches - n.used);
  const next = left
    ? `They will answer ${count.format(left)} more searches, then pause and ${paused}.`
    : `They have paused and ${paused}.`;
  return {
    subject: "Your Sniff widgets have used this month's searches",
    text: ['Hello,', used, next, upgrade, 'The Sniff team'].join('\n\n'),
  };
}
