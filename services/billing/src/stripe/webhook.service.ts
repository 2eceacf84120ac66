import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Stripe from 'stripe';
import { DataSource, type QueryRunner } from 'typeorm';
import { platformOfPlan } from '../config';
import { STRIPE } from '../stripe-client';
import { describeStripeError } from './stripe-failure';
import { idOf, subscriptionIdOf, subscriptionState, type SubscriptionState } from './subscription-state';

export const WEBHOOK_SECRET = Symbol('WEBHOOK_SECRET');
/** Signed more than 5 minutes ago: refused (a replay). */
const TOLERANCE_SECONDS = 300;

/** Events that change what an owner holds; any other type is acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
const HANDLED = new Set<string>(HANDLED_EVENTS);

export type WebhookAnswer = { received: true; duplicate?: true; ignored?: true };

class Duplicate extends Error {}

/**
 * Applies Stripe's webhooks. Each event is applied at most once (its id is recorded in the same
 * transaction as its effect) and in any order: the effect is the subscription's current state as
 * Stripe returns it now, never the event's copy, so a late event cannot bring back an old state.
 */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(WEBHOOK_SECRET) private readonly secret: string,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async receive(raw: unknown, signature: string | undefined): Promise<WebhookAnswer> {
    const event = this.verify(raw, signature);
    if (!HANDLED.has(event.type)) return { received: true, ignored: true };
    if (await this.processed(event.id)) return { received: true, duplicate: true };
    const subscriptionId = subscriptionIdOf(event);
    try {
      if (subscriptionId) await this.sync(event, subscriptionId);
      else await this.recordOnly(event);
    } catch (err) {
      if (err instanceof Duplicate) return { received: true, duplicate: true };
      throw err;
    }
    return { received: true };
  }

  private verify(raw: unknown, signature: string | undefined): Stripe.Event {
    if (!Buffer.isBuffer(raw) && typeof raw !== 'string') {
      throw new BadRequestException('Send the event as the JSON request body, as Stripe does');
    }
    if (!signature) throw new BadRequestException('The Stripe-Signature header is missing');
    try {
      return this.stripe.webhooks.constructEvent(raw, signature, this.secret, TOLERANCE_SECONDS);
    } catch (err) {
      // Wrong secret, tampered body, or signed outside the 5 minutes (Stripe's message says which).
      throw new BadRequestException(`The Stripe-Signature header does not verify: ${(err as Error).message}`);
    }
  }

  private async processed(eventId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM "billing"."processed_events" WHERE "event_id" = $1`, [
      eventId,
    ]);
    return rows.length > 0;
  }

  /**
   * Reads the subscription from Stripe and stores it. One event per subscription at a time (an
   * advisory lock held across both), so two events cannot store what each read in the wrong order.
   * The lock is the session's, not a transaction's: the embedded Postgres runs one transaction at a
   * time, and none is open while Stripe answers.
   */
  private async sync(event: Stripe.Event, subscriptionId: string): Promise<void> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    const key = `billing.subscription:${subscriptionId}`;
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [key]);
      try {
        const sub = await this.fromStripe(`subscriptions.retrieve ${subscriptionId}`, () =>
          this.stripe.subscriptions.retrieve(subscriptionId),
        );
        const unpaidInvoice = event.type === 'invoice.payment_failed' && (await this.stillUnpaid(event));
        const state = subscriptionState(sub);
        await this.inTransaction(runner, event, async () => {
          if (typeof state === 'string') {
            this.logger.warn(`${event.type} ${event.id}: subscription ${sub.id} ignored: ${state}`);
            return;
          }
          const owner = await this.ownerOf(runner, sub, event);
          if (!owner) {
            this.logger.warn(`${event.type} ${event.id}: subscription ${sub.id} has no owner billing knows; ignored`);
            return;
          }
          await this.store(runner, owner, state, event.type, unpaidInvoice);
        });
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [key]);
      }
    } finally {
      await runner.release();
    }
  }

  /** An event about no subscription (an expired checkout, or one completed without a subscription). */
  private async recordOnly(event: Stripe.Event): Promise<void> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await this.inTransaction(runner, event, async () => undefined);
    } finally {
      await runner.release();
    }
  }

  /** Records the event and applies `effect` in one transaction; a duplicate changes nothing. */
  private async inTransaction(runner: QueryRunner, event: Stripe.Event, effect: () => Promise<void>): Promise<void> {
    await runner.startTransaction();
    try {
      const inserted: unknown[] = await runner.query(
        `INSERT INTO "billing"."processed_events" ("event_id", "type") VALUES ($1, $2)
         ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
        [event.id, event.type],
      );
      // Another delivery of this event committed while this one ran.
      if (inserted.length === 0) throw new Duplicate();
      await effect();
      await this.closeCheckout(runner, event);
      await runner.commitTransaction();
    } catch (err) {
      await runner.rollbackTransaction();
      throw err;
    }
  }

  /** A checkout that completed or expired is no longer the owner's open one. */
  private async closeCheckout(runner: QueryRunner, event: Stripe.Event): Promise<void> {
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') return;
    await runner.query(
      `UPDATE "billing"."customers" SET "open_checkout_session_id" = NULL, "open_checkout_expires_at" = NULL
        WHERE "open_checkout_session_id" = $1`,
      [event.data.object.id],
    );
  }

  /** The subscription's owner, unless they deleted their account. */
  private async ownerOf(
    runner: QueryRunner,
    sub: Stripe.Subscription,
    event: Stripe.Event,
  ): Promise<string | undefined> {
    const owner = await this.namedOwner(runner, sub, event);
    if (!owner) return undefined;
    // An owner who deleted their account: the cancellation's own events must not bring rows back.
    const deleted: unknown[] = await runner.query(
      `SELECT 1 FROM "billing"."account_deletions" WHERE "owner_sub" = $1`,
      [owner],
    );
    return deleted.length ? undefined : owner;
  }

  private async namedOwner(
    runner: QueryRunner,
    sub: Stripe.Subscription,
    event: Stripe.Event,
  ): Promise<string | undefined> {
    const fromMetadata = sub.metadata?.owner_sub;
    if (fromMetadata) return fromMetadata;
    const rows: Array<{ owner_sub: string }> = await runner.query(
      `SELECT "owner_sub" FROM "billing"."customers" WHERE "stripe_customer_id" = $1`,
      [idOf(sub.customer)],
    );
    if (rows[0]) return rows[0].owner_sub;
    if (event.type === 'checkout.session.completed') return event.data.object.client_reference_id ?? undefined;
    return undefined;
  }

  /** An invoice.payment_failed whose invoice is still not paid (a later retry may have paid it). */
  private async stillUnpaid(event: Stripe.Event): Promise<boolean> {
    const id = idOf(event.data.object as { id?: string });
    if (!id) return true;
    const invoice = await this.fromStripe(`invoices.retrieve ${id}`, () => this.stripe.invoices.retrieve(id));
    return invoice.status !== 'paid';
  }

  /**
   * Upserts the subscription. payment_failed: Stripe's status says so (past_due, unpaid), or this
   * is a failed invoice not paid since; invoice.paid clears it, other events keep what it was.
   */
  private async store(
    runner: QueryRunner,
    owner: string,
    s: SubscriptionState,
    type: string,
    unpaidInvoice: boolean,
  ): Promise<void> {
    const failed = s.statusSaysUnpaid || unpaidInvoice;
    const keepFailed = type !== 'invoice.paid';
    await runner.query(
      `INSERT INTO "billing"."subscriptions" AS s
         ("owner_sub", "plan", "platform", "status", "source", "stripe_subscription_id", "trial_end",
          "current_period_end", "cancel_at_period_end", "payment_failed")
       VALUES ($1, $2, $3, $4, 'stripe', $5, $6, $7, $8, $9)
       ON CONFLICT ("stripe_subscription_id") DO UPDATE SET
         "plan" = EXCLUDED."plan", "platform" = EXCLUDED."platform", "status" = EXCLUDED."status",
         "trial_end" = EXCLUDED."trial_end", "current_period_end" = EXCLUDED."current_period_end",
         "cancel_at_period_end" = EXCLUDED."cancel_at_period_end",
         "payment_failed" = EXCLUDED."payment_failed" OR ($10 AND s."payment_failed"),
         "updated_at" = now()`,
      [
        owner,
        s.plan,
        platformOfPlan(s.plan),
        s.status,
        s.stripeSubscriptionId,
        s.trialEnd,
        s.currentPeriodEnd,
        s.cancelAtPeriodEnd,
        failed,
        keepFailed,
      ],
    );
    this.logger.log(`${type}: ${s.stripeSubscriptionId} is ${s.status} (${s.plan})`);
  }

  /** A Stripe failure while applying an event: not applied, answered 503 so that Stripe retries. */
  private async fromStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeError)) throw err;
      this.logger.warn(`${what} failed: ${describeStripeError(err)}`);
      throw new ServiceUnavailableException('Stripe could not be reached to apply this event; it will be retried');
    }
  }
}
