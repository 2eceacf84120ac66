import { BadRequestException, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, IsNull, Repository } from 'typeorm';
import {
  ACCOUNT_DELETION_STEPS,
  type AccountDeletionRequest,
  type AccountDeletionStatus,
  type AccountDeletionStep,
} from '@sniff/contracts';
import { Queue, type Owner } from '@sniff/service-kit';
import { revokeSubject } from '../revocations/revoked-subjects';
import { STRIPE } from '../stripe-client';
import { Customer } from '../stripe/customer.entity';
import { Subscription } from '../subscriptions/subscription.entity';
import { AccountDeletion } from './account-deletion.entity';
import { IdentityAccounts } from './identity-accounts';
import { OwnerData } from './owner-data';

export const DELETE_ACCOUNT_QUEUE = 'delete-account';
/** DELETION_DELAY_SECONDS, the wait between a request and its job. */
export const DELETION_DELAY = Symbol('DELETION_DELAY');
/**
 * Retries doubling from 5 s: about three hours while a service or Stripe is down. 'stately': one job
 * per owner waiting and one running at most, so two runs of one deletion never overlap.
 */
const QUEUE = { policy: 'stately' as const, retryLimit: 11, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };
/** Subscriptions that can still charge the owner, or be changed (an expired checkout's cannot). */
const ENDED: Stripe.Subscription.Status[] = ['canceled', 'incomplete_expired'];

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Delete Account: the request is recorded, then a queued job removes the owner's data from every
 * service, step by step (ACCOUNT_DELETION_STEPS). Each step is idempotent and recorded when done,
 * so a job retried after a failure or a crash resumes where it stopped and deletes nothing twice.
 */
@Injectable()
export class AccountDeletionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AccountDeletion');

  constructor(
    @InjectRepository(AccountDeletion) private readonly deletions: Repository<AccountDeletion>,
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(DELETION_DELAY) private readonly delaySeconds: number,
    private readonly ownerData: OwnerData,
    private readonly identity: IdentityAccounts,
    private readonly queue: Queue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.declare(DELETE_ACCOUNT_QUEUE, QUEUE);
    await this.queue.work<{ sub: string }>(DELETE_ACCOUNT_QUEUE, (data) => this.run(data.sub));
    // A request recorded just before a crash has no job yet: queue every unfinished one again.
    for (const pending of await this.deletions.findBy({ finishedAt: IsNull() }))
      await this.enqueue(pending.ownerSub, pending.requestedAt);
  }

  /** Records the request (the owner typed their e-mail to confirm) and queues its job. */
  async request(owner: Owner, body: AccountDeletionRequest): Promise<AccountDeletionStatus> {
    if (!owner.email || !sameEmail(body.confirm, owner.email)) {
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: 'confirm must be the e-mail address you sign in with',
        field: 'confirm',
      });
    }
    // The subject is revoked with the request, in one transaction: no request without its revocation.
    await this.db.transaction(async (m) => {
      // Asked again after a finished deletion (only a sibling can now: the gateways refuse the owner's
      // tokens), the job runs again.
      await m.query(
        `INSERT INTO "billing"."account_deletions" ("owner_sub", "email") VALUES ($1, $2)
         ON CONFLICT ("owner_sub") DO UPDATE SET "email" = EXCLUDED."email", "requested_at" = now(),
           "finished_at" = NULL, "steps" = '{}'::jsonb, "last_error" = NULL
         WHERE "account_deletions"."finished_at" IS NOT NULL`,
        [owner.sub, owner.email],
      );
      await revokeSubject(m, owner.sub);
    });
    const status = await this.status(owner.sub);
    await this.enqueue(owner.sub, new Date(status.requestedAt!));
    return status;
  }

  async status(sub: string): Promise<AccountDeletionStatus> {
    const row = await this.deletions.findOneBy({ ownerSub: sub });
    return {
      status: !row ? 'none' : row.finishedAt ? 'done' : 'pending',
      requestedAt: row?.requestedAt.toISOString() ?? null,
      finishedAt: row?.finishedAt?.toISOString() ?? null,
      steps: ACCOUNT_DELETION_STEPS.map((step) => ({ step, doneAt: row?.steps[step] ?? null })),
      lastError: row?.lastError ?? null,
    };
  }

  /**
   * Queues the job to start DELETION_DELAY_SECONDS after the request, when every gateway has
   * read the revocation and the calls they let through before it have ended. Keyed by owner: a second
   * request while one waits adds none (the queue's policy).
   */
  private async enqueue(sub: string, requestedAt: Date): Promise<void> {
    const startAfter = new Date(requestedAt.getTime() + this.delaySeconds * 1000);
    await this.queue.send(DELETE_ACCOUNT_QUEUE, { sub }, { singletonKey: sub, startAfter });
  }

  /** The job: every step not yet done, in order. A failure is recorded and the job retried. */
  async run(sub: string): Promise<void> {
    const row = await this.deletions.findOneBy({ ownerSub: sub });
    if (!row || row.finishedAt) return;
    for (const step of ACCOUNT_DELETION_STEPS) {
      if (row.steps[step]) continue;
      try {
        await this.perform(step, row);
      } catch (err) {
        const message = `${step}: ${err instanceof Error ? err.message : String(err)}`;
        await this.deletions.update({ ownerSub: sub }, { lastError: message.slice(0, 500) });
        throw new Error(message);
      }
      row.steps[step] = new Date().toISOString();
      await this.db.query(
        `UPDATE "billing"."account_deletions" SET "steps" = "steps" || jsonb_build_object($2::text, $3::text)
         WHERE "owner_sub" = $1`,
        [sub, step, row.steps[step]],
      );
    }
    await this.deletions.update({ ownerSub: sub }, { finishedAt: new Date(), email: null, lastError: null });
    this.logger.log(`account ${sub} deleted`);
  }

  private async perform(step: AccountDeletionStep, row: AccountDeletion): Promise<void> {
    const sub = row.ownerSub;
    switch (step) {
      case 'subscriptions':
        return this.cancelSubscriptions(sub);
      case 'stores': {
        // The ids go first: analytics keeps events by store, and the stores are gone after this step.
        const { stores } = await this.ownerData.stores(sub);
        row.storeIds = [...new Set([...row.storeIds, ...stores.map((s) => s.id)])];
        await this.deletions.update({ ownerSub: sub }, { storeIds: row.storeIds });
        await this.ownerData.deleteStores(sub);
        return;
      }
      case 'analytics':
        for (const id of row.storeIds) await this.ownerData.deleteEvents(id);
        return;
      case 'search':
        await this.ownerData.deleteUsage(sub);
        return;
      case 'feedback':
        await this.ownerData.deleteFeedback(sub);
        return;
      case 'identity':
        return this.identity.delete(sub);
      case 'billing':
        await this.db.transaction(async (m) => {
          await m.delete(Subscription, { ownerSub: sub });
          await m.delete(Customer, { ownerSub: sub });
        });
        return;
    }
  }

  /**
   * Cancels now (not at the period's end) every subscription of the owner's Stripe customer that
   * could still charge them, and ends an open checkout. Stripe keeps the invoices (the privacy
   * policy's billing records).
   */
  private async cancelSubscriptions(sub: string): Promise<void> {
    const customer = await this.customers.findOneBy({ ownerSub: sub });
    if (!customer) return;
    for await (const subscription of this.stripe.subscriptions.list({
      customer: customer.stripeCustomerId,
      status: 'all',
    })) {
      if (!ENDED.includes(subscription.status)) await this.stripe.subscriptions.cancel(subscription.id);
    }
    if (customer.openCheckoutSessionId) {
      const session = await this.stripe.checkout.sessions.retrieve(customer.openCheckoutSessionId);
      if (session.status === 'open') await this.stripe.checkout.sessions.expire(session.id);
    }
  }
}
