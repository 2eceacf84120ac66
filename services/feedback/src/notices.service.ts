import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Queue } from '@sniff/service-kit';
import type { NoticeRequest, NoticeResponse } from '@sniff/contracts';
import { FEEDBACK_CONFIG, FeedbackConfig } from './config';
import { Mailer, type StoredNotice } from './mailer';

/** Jobs that deliver one stored notice each (at most one waiting per notice). */
export const NOTICE_QUEUE = 'deliver-notice';
/** About a day of retries with doubling delays, as for feedback. */
const NOTICE_RETRY_LIMIT = 12;
/**
 * How long one attempt may hold a notice: longer than nodemailer's slowest failure (its socket
 * timeout, 10 minutes), so two attempts never mail it together; a crashed attempt's hold lapses.
 */
const HOLD_SECONDS = 15 * 60;

/**
 * Sniff's mails to owners (POST /internal/notices): stored first under their key, then mailed by
 * the Mailer now or by a queued retry while the mail server is down. A key is stored and mailed once,
 * however often and by however many callers it is posted.
 */
@Injectable()
export class NoticesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Notices');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(FEEDBACK_CONFIG) private readonly config: FeedbackConfig,
    private readonly queue: Queue,
    private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(NOTICE_QUEUE, {
      retryLimit: NOTICE_RETRY_LIMIT,
      retryDelay: this.config.FEEDBACK_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
      // A waiting job per key is enough (a repeated post queues no second one).
      policy: 'short',
    });
    await this.queue.work<{ key: string }>(NOTICE_QUEUE, async ({ key }) => {
      if ((await this.deliver(key)) === 'held') throw new Error(`notice ${key} is being sent by another attempt`);
    });
  }

  async send(notice: NoticeRequest): Promise<NoticeResponse> {
    const { key } = notice;
    const inserted: unknown[] = await this.db.query(
      `INSERT INTO "feedback"."notices" ("key", "owner_sub", "recipient", "subject", "text", "list_unsubscribe")
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("key") DO NOTHING RETURNING "key"`,
      [key, notice.ownerSub, notice.to, notice.subject, notice.text, notice.listUnsubscribe ?? null],
    );
    if (!inserted.length) {
      const [stored] = await this.db.query<{ sent_at: Date | null }[]>(
        `SELECT "sent_at" FROM "feedback"."notices" WHERE "key" = $1`,
        [key],
      );
      if (stored?.sent_at) return { key, status: 'sent', duplicate: true };
      // The first call may have died between storing and queueing it: make sure a delivery is queued.
      await this.retryLater(key);
      return { key, status: 'queued', duplicate: true };
    }
    try {
      if ((await this.deliver(key)) !== 'held') return { key, status: 'sent', duplicate: false };
    } catch (err) {
      this.logger.warn(`notice ${key} not delivered yet (${(err as Error).message}); queued for retry`);
    }
    await this.retryLater(key);
    return { key, status: 'queued', duplicate: false };
  }

  /** Internal (account deletion): removes the notices mailed to the owner. */
  async deleteOwner(ownerSub: string): Promise<number> {
    // A DELETE answers [rows, count] through TypeORM.
    const [, count] = (await this.db.query(`DELETE FROM "feedback"."notices" WHERE "owner_sub" = $1`, [ownerSub])) as [
      unknown,
      number,
    ];
    return count;
  }

  private async retryLater(key: string): Promise<void> {
    await this.queue.send(
      NOTICE_QUEUE,
      { key },
      { startAfter: this.config.FEEDBACK_RETRY_DELAY_SECONDS, singletonKey: key },
    );
  }

  /**
   * Mails the notice unless it went out already (`done`) or another attempt holds it (`held`). The hold
   * is taken in one statement, so a request and a queued retry never both mail it; a failure releases it.
   */
  private async deliver(key: string): Promise<'sent' | 'done' | 'held'> {
    const [[notice]] = (await this.db.query(
      `UPDATE "feedback"."notices" SET "held_until" = now() + make_interval(secs => $2)
       WHERE "key" = $1 AND "sent_at" IS NULL AND ("held_until" IS NULL OR "held_until" < now())
       RETURNING "key", "recipient", "subject", "text", "list_unsubscribe" AS "listUnsubscribe"`,
      [key, HOLD_SECONDS],
    )) as [StoredNotice[], number];
    if (!notice) {
      const [row] = await this.db.query<{ sent_at: Date | null }[]>(
        `SELECT "sent_at" FROM "feedback"."notices" WHERE "key" = $1`,
        [key],
      );
      // Gone (the owner's account was deleted) or sent: nothing to do.
      return row && !row.sent_at ? 'held' : 'done';
    }
    try {
      await this.mailer.sendNotice(notice);
    } catch (err) {
      await this.db.query(`UPDATE "feedback"."notices" SET "held_until" = NULL WHERE "key" = $1`, [key]);
      throw err;
    }
    await this.db.query(`UPDATE "feedback"."notices" SET "sent_at" = now(), "held_until" = NULL WHERE "key" = $1`, [
      key,
    ]);
    return 'sent';
  }
}
