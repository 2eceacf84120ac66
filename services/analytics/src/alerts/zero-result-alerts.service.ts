import {
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  billingEndpoints,
  feedbackEndpoints,
  storesEndpoints,
  ZERO_RESULT_ALERT_TOP,
  ZERO_RESULT_ALERTS_UPGRADE_TEXT,
  type CountRow,
  type NoticeRequest,
  type ZeroResultAlert,
} from '@sniff/contracts';
import { callEndpoint, Owner, OwnerPlans, Queue } from '@sniff/service-kit';
import { ANALYTICS_CONFIG, AnalyticsConfig } from '../config';
import { previousIsoWeek, type IsoWeek } from './iso-week';
import { zeroResultMail } from './mail';
import { UnsubscribeTokens } from './unsubscribe-token';

/** The hourly look for stores whose last week's alert is not queued yet (cron; one replica runs it). */
export const ALERTS_DUE_QUEUE = 'zero-result-alerts-due';
/** One job per store and week: the week's queries, the owner's address, the notice to feedback. */
export const ALERT_QUEUE = 'zero-result-alert';
/** About a day of retries with doubling waits from 30 s: billing, stores or feedback may be away. */
const RETRY_LIMIT = 12;
const RETRY_DELAY_SECONDS = 30;
/** Stores queued per statement of the hourly look. */
const DUE_BATCH = 500;

interface AlertJob {
  storeId: string;
  week: string;
  start: string;
  end: string;
}

/** What one alert job did (logged; the tests read it). */
export type AlertOutcome = 'sent' | 'off' | 'empty' | 'not-entitled' | 'store-gone' | 'no-address' | 'not-mailed';

/** One mail per store and week: feedback stores and mails a key once, whoever posts it and however often. */
export const alertKey = (storeId: string, week: string) => `zero-results:${storeId}:${week}`;

const row = (r: { store_id: string; enabled: boolean; updated_at: Date }): ZeroResultAlert => ({
  storeId: r.store_id,
  enabled: r.enabled,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** A 4xx from a sibling: asking again would be refused again. (Unreachable or 5xx: a 503, retried.) */
function refused(error: unknown): boolean {
  return error instanceof HttpException && error.getStatus() < 500 && error.getStatus() !== 429;
}

/**
 * Weekly zero-result e-mail alerts: the owner's switch per store (paid plans), the weekly job that mails
 * each switched-on store's top zero-result queries of the last ISO week through feedback's notices, and
 * the signed unsubscribe link.
 */
@Injectable()
export class ZeroResultAlertsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('ZeroResultAlerts');
  readonly tokens: UnsubscribeTokens;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(ANALYTICS_CONFIG) private readonly config: AnalyticsConfig,
    private readonly queue: Queue,
    private readonly plans: OwnerPlans,
  ) {
    this.tokens = new UnsubscribeTokens(config.INTERNAL_TOKEN);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A replica that cannot mail leaves the jobs to the ones that can.
    if (!this.config.FEEDBACK_URL) {
      this.logger.log('FEEDBACK_URL is not set: zero-result alerts are not mailed by this process');
      return;
    }
    await this.queue.declare(ALERTS_DUE_QUEUE, { policy: 'singleton', retryLimit: 2, expireInSeconds: 300 });
    await this.queue.declare(ALERT_QUEUE, {
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 120,
      // One waiting job per store and week (singletonKey): replicas queueing it together queue one.
      policy: 'short',
    });
    await this.queue.work(ALERTS_DUE_QUEUE, async () => {
      await this.queueDue(new Date());
    });
    await this.queue.work<AlertJob>(ALERT_QUEUE, async (job) => {
      const outcome = await this.send(job);
      this.logger.log(`${alertKey(job.storeId, job.week)}: ${outcome}`);
    });
    // Kept by pg-boss in Postgres: it survives restarts, and one replica sends it each time.
    await (await this.queue.client()).schedule(ALERTS_DUE_QUEUE, this.config.ZERO_RESULT_ALERTS_CRON);
  }

  /** The caller's settings (a store never switched has none: off). */
  async list(owner: Owner): Promise<{ alerts: ZeroResultAlert[] }> {
    const rows: { store_id: string; enabled: boolean; updated_at: Date }[] = await this.db.query(
      `SELECT store_id, enabled, updated_at FROM analytics.zero_result_alerts WHERE owner_sub = $1 ORDER BY store_id`,
      [owner.sub],
    );
    return { alerts: rows.map(row) };
  }

  /**
   * Switches a store of the caller's on or off. On needs a paid plan (403); off is always allowed (a
   * downgraded owner can still stop the mails). Switched on, the first mail reports the week under way.
   */
  async update(owner: Owner, storeId: string, enabled: boolean): Promise<ZeroResultAlert> {
    await this.storeOf(owner.sub, storeId);
    if (enabled && !(await this.entitled(owner.sub))) throw new ForbiddenException(ZERO_RESULT_ALERTS_UPGRADE_TEXT);
    const [saved]: { store_id: string; enabled: boolean; updated_at: Date }[] = await this.db.query(
      `INSERT INTO analytics.zero_result_alerts AS a (store_id, owner_sub, enabled, updated_at, last_week)
       VALUES ($1, $2, $3, now(), CASE WHEN $3 THEN $4 END)
       ON CONFLICT (store_id) DO UPDATE SET
         enabled = EXCLUDED.enabled, owner_sub = EXCLUDED.owner_sub, updated_at = now(),
         last_week = CASE WHEN EXCLUDED.enabled THEN GREATEST(COALESCE(a.last_week, ''), $4) ELSE a.last_week END
       RETURNING store_id, enabled, updated_at`,
      [storeId, owner.sub, enabled, previousIsoWeek(new Date()).id],
    );
    return row(saved);
  }

  /** The unsubscribe link: the token's store switched off (idempotent); `invalid` or `expired` otherwise. */
  async unsubscribe(token: string): Promise<'done' | 'invalid' | 'expired'> {
    const checked = this.tokens.verify(token);
    if (typeof checked === 'string') return checked;
    await this.db.query(
      `UPDATE analytics.zero_result_alerts SET enabled = false, updated_at = now() WHERE store_id = $1 AND enabled`,
      [checked.storeId],
    );
    return 'done';
  }

  /** Whether a link is one this service signed and still valid (the confirm page). */
  check(token: string): 'valid' | 'invalid' | 'expired' {
    const checked = this.tokens.verify(token);
    return typeof checked === 'string' ? checked : 'valid';
  }

  /**
   * The hourly look: queues the last ISO week's alert of every switched-on store not queued for it yet.
   * The job goes first, then the record: a process dying between them leaves no record, so the next look
   * queues it again, and feedback mails the key once.
   */
  async queueDue(now: Date): Promise<number> {
    const week = previousIsoWeek(now);
    let queued = 0;
    for (;;) {
      const due: { store_id: string }[] = await this.db.query(
        `SELECT store_id FROM analytics.zero_result_alerts
          WHERE enabled AND (last_week IS NULL OR last_week < $1) ORDER BY store_id LIMIT $2`,
        [week.id, DUE_BATCH],
      );
      for (const { store_id: storeId } of due) {
        const job: AlertJob = { storeId, week: week.id, start: week.start.toISOString(), end: week.end.toISOString() };
        await this.queue.send(ALERT_QUEUE, job, { singletonKey: alertKey(storeId, week.id) });
        await this.db.query(
          `UPDATE analytics.zero_result_alerts SET last_week = $2
            WHERE store_id = $1 AND (last_week IS NULL OR last_week < $2)`,
          [storeId, week.id],
        );
        queued++;
      }
      if (due.length < DUE_BATCH) break;
    }
    if (queued) this.logger.log(`queued ${queued} zero-result alert(s) for ${week.id}`);
    return queued;
  }

  /**
   * One store's alert for one week: nothing when it was switched off meanwhile, the week had no
   * zero-result search, the owner's plan no longer includes it or the store is gone. A sibling that is
   * away fails the job (retried); one that refuses ends it.
   */
  async send(job: AlertJob): Promise<AlertOutcome> {
    const week: IsoWeek = { id: job.week, start: new Date(job.start), end: new Date(job.end) };
    const [setting]: { owner_sub: string; enabled: boolean }[] = await this.db.query(
      `SELECT owner_sub, enabled FROM analytics.zero_result_alerts WHERE store_id = $1`,
      [job.storeId],
    );
    if (!setting?.enabled) return 'off';
    const { rows, total } = await this.zeroResults(job.storeId, week);
    if (!rows.length) return 'empty';
    const ownerSub = setting.owner_sub;
    if (!(await this.entitled(ownerSub))) return 'not-entitled';
    let store: { name: string; url: string };
    try {
      store = await this.storeOf(ownerSub, job.storeId);
    } catch (error) {
      // Not theirs any more, or the owner's account is being deleted: nothing to mail.
      if (refused(error)) return 'store-gone';
      throw error;
    }
    let to: string;
    try {
      ({ email: to } = await callEndpoint(
        billingEndpoints.ownerContact,
        { path: { sub: ownerSub } },
        { urls: this.config },
      ));
    } catch (error) {
      if (!refused(error)) throw error;
      this.logger.warn(`${alertKey(job.storeId, week.id)}: not mailed, no address for the owner (${String(error)})`);
      return 'no-address';
    }
    const unsubscribeUrl = `${this.config.PUBLIC_URL}/alerts/unsubscribe?token=${this.tokens.sign(job.storeId)}`;
    const { subject, text } = zeroResultMail({
      publicUrl: this.config.PUBLIC_URL,
      storeId: job.storeId,
      store,
      week,
      rows,
      total,
      unsubscribeUrl,
    });
    const notice: NoticeRequest = {
      key: alertKey(job.storeId, week.id),
      ownerSub,
      to,
      subject,
      text,
      listUnsubscribe: unsubscribeUrl,
    };
    const feedbackUrl = this.config.FEEDBACK_URL;
    if (!feedbackUrl) return 'not-mailed';
    try {
      await callEndpoint(feedbackEndpoints.sendNotice, { body: notice }, { urls: { FEEDBACK_URL: feedbackUrl } });
    } catch (error) {
      if (!refused(error)) throw error;
      this.logger.error(`${notice.key}: the feedback service refused the notice: ${String(error)}`);
      return 'not-mailed';
    }
    return 'sent';
  }

  /** The week's most frequent zero-result queries (grouped as the analytics panels group them), and their total. */
  private async zeroResults(storeId: string, week: IsoWeek): Promise<{ rows: CountRow[]; total: number }> {
    const rows: (CountRow & { total: number })[] = await this.db.query(
      `SELECT normalized_query AS query, count(*)::int AS count, sum(count(*)) OVER ()::int AS total
         FROM analytics.search_events
        WHERE store_id = $1 AND type = 'search' AND result_count = 0 AND at >= $2 AND at < $3
          AND normalized_query <> ''
        GROUP BY normalized_query
        ORDER BY count(*) DESC, max(at) DESC, normalized_query
        LIMIT $4`,
      [storeId, week.start, week.end, ZERO_RESULT_ALERT_TOP],
    );
    return { rows: rows.map(({ query, count }) => ({ query, count })), total: rows[0]?.total ?? 0 };
  }

  /** The owner's store (from the stores registry): 404 when it is not theirs or is gone. */
  private async storeOf(ownerSub: string, storeId: string): Promise<{ name: string; url: string }> {
    const { stores } = await callEndpoint(
      storesEndpoints.ownerStores,
      { path: { sub: ownerSub } },
      { urls: this.config },
    );
    const store = stores.find((s) => s.id === storeId);
    if (!store) {
      throw new NotFoundException({
        statusCode: 404,
        error: 'Not Found',
        message: 'You have no store with this id',
        field: 'storeId',
      });
    }
    return { name: store.nickname || store.name, url: store.url };
  }

  /** Billing owns the plans; this service enforces the gate. */
  private async entitled(ownerSub: string): Promise<boolean> {
    return (await this.plans.of(ownerSub)).ent.zeroResultAlerts;
  }
}
