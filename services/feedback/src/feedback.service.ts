import { HttpException, HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, IsNull, Repository } from 'typeorm';
import { ownEmail, Queue, type Owner } from '@sniff/service-kit';
import type { FeedbackSendRequest, FeedbackSendResponse } from '@sniff/contracts';
import { FEEDBACK_CONFIG, FeedbackConfig } from './config';
import { FeedbackEntity } from './feedback.entity';
import { Mailer } from './mailer';
import { NoticesService } from './notices.service';

/** Jobs that deliver one stored message each. */
export const DELIVER_QUEUE = 'deliver-feedback';
/** About a day of retries with doubling delays: an SMTP outage loses nothing. */
const DELIVER_RETRY_LIMIT = 12;

/**
 * feedback/send: the message is stored first (nothing is lost if the mail server is down), then
 * delivered by a queued job with retries. One owner may send FEEDBACK_PER_WINDOW messages per window.
 */
@Injectable()
export class FeedbackService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Feedback');

  constructor(
    @InjectRepository(FeedbackEntity) private readonly messages: Repository<FeedbackEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(FEEDBACK_CONFIG) private readonly config: FeedbackConfig,
    private readonly queue: Queue,
    private readonly mailer: Mailer,
    private readonly notices: NoticesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(DELIVER_QUEUE, {
      retryLimit: DELIVER_RETRY_LIMIT,
      retryDelay: this.config.FEEDBACK_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: 60,
    });
    await this.queue.work<{ id: string }>(DELIVER_QUEUE, (data) => this.deliver(data.id));
  }

  async send(owner: Owner, request: FeedbackSendRequest): Promise<FeedbackSendResponse> {
    // The sender (subject, reply-to) is the token's e-mail; the payload's may only repeat it.
    const senderEmail = ownEmail(owner, request.email);
    const id = randomUUID();
    await this.db.transaction(async (m) => {
      // One owner's sends take turns, so the count below cannot be raced past the limit.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('feedback:' || $1))`, [owner.sub]);
      const [{ count }] = await m.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM "feedback"."messages"
         WHERE "owner_sub" = $1 AND "created_at" > now() - make_interval(mins => $2)`,
        [owner.sub, this.config.FEEDBACK_WINDOW_MINUTES],
      );
      if (count >= this.config.FEEDBACK_PER_WINDOW) {
        throw new HttpException(
          {
            message: `You have sent ${count} messages in the last ${this.config.FEEDBACK_WINDOW_MINUTES} minutes. Please try again later.`,
            retryAfter: this.config.FEEDBACK_WINDOW_MINUTES * 60,
          },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      await m.insert(FeedbackEntity, {
        id,
        ownerSub: owner.sub,
        ownerEmail: senderEmail,
        text: request.text,
        page: request.page ?? null,
        copySupport: request.copySupport,
      });
    });
    try {
      await this.deliver(id);
      return { id, status: 'sent' };
    } catch (err) {
      this.logger.warn(`feedback ${id} not delivered yet (${(err as Error).message}); queued for retry`);
      await this.queue.send(DELIVER_QUEUE, { id }, { startAfter: this.config.FEEDBACK_RETRY_DELAY_SECONDS });
      return { id, status: 'queued' };
    }
  }

  /** Sends a stored message unless it went out already (a retry after a crash sends it once). */
  private async deliver(id: string): Promise<void> {
    const message = await this.messages.findOneBy({ id, sentAt: IsNull() });
    if (!message) return;
    await this.mailer.send(message);
    await this.messages.update({ id }, { sentAt: new Date() });
  }

  /** Internal (account export): the owner's messages. */
  async ofOwner(ownerSub: string) {
    const rows = await this.messages.find({ where: { ownerSub }, order: { createdAt: 'ASC' } });
    return {
      messages: rows.map((r) => ({ id: r.id, text: r.text, page: r.page, createdAt: r.createdAt, sentAt: r.sentAt })),
    };
  }

  /** Internal (account deletion): removes the owner's messages and the notices mailed to them. */
  async deleteOwner(ownerSub: string): Promise<{ deleted: number; notices: number }> {
    const result = await this.messages.delete({ ownerSub });
    return { deleted: result.affected ?? 0, notices: await this.notices.deleteOwner(ownerSub) };
  }
}
