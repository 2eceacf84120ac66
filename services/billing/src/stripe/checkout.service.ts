import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { Repository } from 'typeorm';
import {
  PLAN_CATALOGUE,
  stripeAmountsOf,
  TRIAL_DAYS,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
  type PlanId,
  type PlanPrice,
} from '@sniff/contracts';
import { ownEmail, type Owner } from '@sniff/service-kit';
import { platformOfPlan } from '../config';
import { RevokedSubjects } from '../revocations/revoked-subjects';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { Customer } from './customer.entity';
import { BILLING_URLS, type BillingUrls } from './billing-urls';
import { STRIPE } from '../stripe-client';
import { callStripe } from './stripe-failure';

/** The price table's entry for a plan id (monthly or yearly). */
const tablePrice = (plan: PlanId): PlanPrice | undefined =>
  PLAN_CATALOGUE.flatMap((c) => [c.monthly, c.yearly]).find((p) => p?.id === plan);

export const CHECKOUT_FAILED = 'Checkout failed. Please try again or contact support if the issue persists.';
/**
 * How long a checkout stays open. Stripe takes 30 minutes to 24 hours after the session is
 * created; counted from the start of the minute the Idempotency-Key names, plus one, so a retry
 * within that minute sends the same parameters and the session still lives at least 30 minutes.
 */
const CHECKOUT_OPEN_MINUTES = 31;

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** "SaaS Starter (yearly)" for the owner, from the one plan catalogue. */
export function planLabel(plan: PlanId): string {
  for (const card of PLAN_CATALOGUE) {
    if (card.monthly?.id === plan) return card.yearly ? `${card.name} (monthly)` : card.name;
    if (card.yearly?.id === plan) return `${card.name} (yearly)`;
  }
  return plan;
}

/** Starts Stripe Checkout for a plan; only the webhooks that follow change what the owner holds. */
/** Longest client_reference_id Stripe accepts. */
const STRIPE_REFERENCE_MAX = 200;

@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(BILLING_URLS) private readonly urls: BillingUrls,
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    private readonly subscriptions: SubscriptionsService,
    private readonly revoked: RevokedSubjects,
  ) {}

  async start(owner: Owner, { plan, email }: CheckoutSessionRequest): Promise<CheckoutSessionResponse> {
    ownEmail(owner, email);
    if (plan === 'free') {
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The free plan needs no checkout',
        field: 'plan',
      });
    }
    // Stripe keeps the owner's id in client_reference_id (200 characters at most): no identity provider
    // issues longer ids, so a longer one is a malformed identity, not a Stripe failure.
    if (owner.sub.length > STRIPE_REFERENCE_MAX) {
      throw new BadRequestException({
        statusCode: 400,
        error: 'Bad Request',
        message: `sub must be at most ${STRIPE_REFERENCE_MAX} characters for checkout`,
        field: 'sub',
      });
    }
    // A call let through by a gateway just before the owner asked to delete the account buys nothing.
    await this.revoked.refuse(owner.sub);
    await this.refuseHeldPlan(owner.sub, plan);
    const stored = await this.customers.findOneBy({ ownerSub: owner.sub });
    const open = await this.openCheckout(stored);
    if (open) {
      // The owner came back to the same plan (a closed tab, the back button): the same checkout again.
      if (open.metadata?.plan === plan && open.url) return { sessionId: open.id, url: open.url };
      const label = open.metadata?.plan ? planLabel(open.metadata.plan as PlanId) : 'another plan';
      throw new ConflictException(`A checkout for ${label} is already open. Finish it or cancel it first.`);
    }

    const price = await this.priceOf(plan);
    const coupon = stripeAmountsOf(tablePrice(plan)!).coupon;
    const customer = stored ?? (await this.createCustomer(owner));
    // The trial is for a first subscription, as the plans page says ("Start 3-day free trial", else "Subscribe").
    const history = await this.subscriptions.historyOf(owner.sub);
    const trial = history.every((s) => s.source !== 'stripe');
    const minute = Math.floor(Date.now() / 60_000);
    const session = await callStripe(this.logger, 'checkout.sessions.create', CHECKOUT_FAILED, () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: customer.stripeCustomerId,
          client_reference_id: owner.sub,
          line_items: [{ price: price.id, quantity: 1 }],
          subscription_data: {
            ...(trial ? { trial_period_days: TRIAL_DAYS } : {}),
            metadata: { owner_sub: owner.sub },
          },
          ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
          metadata: { owner_sub: owner.sub, plan },
          success_url: `${this.urls.publicUrl}/dashboard?success=true`,
          cancel_url: `${this.urls.publicUrl}/dashboard?canceled=true`,
          expires_at: (minute + CHECKOUT_OPEN_MINUTES) * 60,
        },
        // The same owner asking for the same plan within a minute gets the same session back; once a
        // subscription was added (bought, then canceled), the next checkout is another request.
        { idempotencyKey: `checkout-${hash(owner.sub)}-${plan}-${history.length}-${minute}` },
      ),
    );
    if (!session.url) {
      this.logger.warn(`checkout session ${session.id} came back without a URL`);
      throw new BadGatewayException(CHECKOUT_FAILED);
    }
    await this.recordOpenCheckout(owner.sub, stored?.openCheckoutSessionId ?? null, session);
    return { sessionId: session.id, url: session.url };
  }

  /** The plan itself, or a paid plan for the same platform: changes go through the billing portal. */
  private async refuseHeldPlan(sub: string, plan: PlanId): Promise<void> {
    const { plans } = await this.subscriptions.plansOf(sub);
    const held = plans.find(
      (p) => p.plan === plan || (p.plan !== 'free' && platformOfPlan(p.plan) === platformOfPlan(plan)),
    );
    if (held) throw new ConflictException(`You already have ${planLabel(held.plan)}. Use Manage billing to change it.`);
  }

  /**
   * Ends the owner's open checkout (they pressed Back on the payment page, or want another plan).
   * Changes no plan: only a completed checkout's webhooks do that.
   */
  async cancelOpen(owner: Owner): Promise<{ canceled: boolean }> {
    const stored = await this.customers.findOneBy({ ownerSub: owner.sub });
    const open = await this.openCheckout(stored);
    if (open) {
      try {
        await callStripe(this.logger, 'checkout.sessions.expire', CHECKOUT_FAILED, () =>
          this.stripe.checkout.sessions.expire(open.id),
        );
      } catch (err) {
        // Two cancels at once (a double click, two tabs): Stripe refuses to expire a session that
        // the other one ended already. Only a session still open is a failure.
        if (await this.openCheckout(stored)) throw err;
      }
    }
    if (stored?.openCheckoutSessionId) {
      await this.customers.update(
        { ownerSub: owner.sub, openCheckoutSessionId: stored.openCheckoutSessionId },
        { openCheckoutSessionId: null, openCheckoutExpiresAt: null },
      );
    }
    return { canceled: !!open };
  }

  /** One checkout at a time: the session we handed out, when Stripe still has it open. */
  private async openCheckout(customer: Customer | null): Promise<Stripe.Checkout.Session | null> {
    const id = customer?.openCheckoutSessionId;
    if (!id || !customer.openCheckoutExpiresAt || customer.openCheckoutExpiresAt <= new Date()) return null;
    // Completed or expired without us hearing yet (the webhook may still be on its way): not open.
    const session = await callStripe(this.logger, 'checkout.sessions.retrieve', CHECKOUT_FAILED, () =>
      this.stripe.checkout.sessions.retrieve(id),
    );
    return session.status === 'open' ? session : null;
  }

  private async priceOf(plan: PlanId): Promise<Stripe.Price> {
    const prices = await callStripe(this.logger, 'prices.list', CHECKOUT_FAILED, () =>
      this.stripe.prices.list({ lookup_keys: [plan], active: true, limit: 1 }),
    );
    const price = prices.data[0];
    if (!price) {
      this.logger.warn(`no active Stripe price has the lookup key "${plan}" (README: Billing)`);
      throw new BadGatewayException(CHECKOUT_FAILED);
    }
    // Checkout must charge what the plans page and the landing page show: a Stripe price that drifted
    // from the price table is refused rather than sold.
    const expected = tablePrice(plan);
    if (!expected || price.unit_amount !== stripeAmountsOf(expected).unitAmountCents) {
      this.logger.error(
        `Stripe price ${price.id} ("${plan}") is ${price.unit_amount} cents; the price table lists ` +
          `${expected ? stripeAmountsOf(expected).unitAmountCents : 'no such plan'} (README: Billing)`,
      );
      throw new BadGatewayException(CHECKOUT_FAILED);
    }
    return price;
  }

  /**
   * The owner's Stripe customer, created once. Kept even when the checkout then fails: it is
   * Stripe's record of this owner, and the next checkout uses it rather than creating another.
   */
  private async createCustomer(owner: Owner): Promise<Customer> {
    const created = await callStripe(this.logger, 'customers.create', CHECKOUT_FAILED, () =>
      this.stripe.customers.create(
        { email: owner.email, metadata: { owner_sub: owner.sub } },
        { idempotencyKey: `customer-${hash(`${owner.sub}\n${owner.email}`)}` },
      ),
    );
    await this.customers
      .createQueryBuilder()
      .insert()
      .values({ ownerSub: owner.sub, stripeCustomerId: created.id })
      .orIgnore()
      .execute();
    // A concurrent first checkout may have stored its customer first: that one is the owner's.
    return this.customers.findOneByOrFail({ ownerSub: owner.sub });
  }

  /**
   * Remembers the session as the owner's open checkout, unless another checkout started meanwhile
   * (then this one is expired at Stripe and refused, as if it had been seen open).
   */
  private async recordOpenCheckout(sub: string, seen: string | null, session: Stripe.Checkout.Session): Promise<void> {
    const expiresAt = new Date(session.expires_at * 1000);
    const result: [unknown[], number] = await this.customers.query(
      `UPDATE "billing"."customers"
          SET "open_checkout_session_id" = $2, "open_checkout_expires_at" = $3
        WHERE "owner_sub" = $1
          AND ("open_checkout_session_id" IS NOT DISTINCT FROM $4
               OR "open_checkout_session_id" = $2
               OR "open_checkout_expires_at" <= now())`,
      [sub, session.id, expiresAt, seen],
    );
    if (result[1] === 1) return;
    await this.stripe.checkout.sessions.expire(session.id).catch(() => undefined);
    throw new ConflictException('A checkout is already open. Finish or cancel it first.');
  }
}
