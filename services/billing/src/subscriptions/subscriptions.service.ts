import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, Repository } from 'typeorm';
import type { BillingSubscription, PlanEntry, SubscriptionStatus, UserInfoResponse } from '@sniff/contracts';
import { parseSeedPlans, platformOfPlan } from '../config';
import { Subscription } from './subscription.entity';

export const SEED_PLANS = 'BILLING_SEED_PLANS';

/**
 * Statuses that keep a plan's access: trialing and active, and past_due while Stripe retries a
 * failed renewal. Canceled, unpaid and incomplete ones end it; cancel-at-period-end stays active
 * until Stripe deletes the subscription.
 */
export const ACCESS_STATUSES: SubscriptionStatus[] = ['trialing', 'active', 'past_due'];
/** Checkouts that never completed: not the owner's subscriptions to see. */
const NEVER_STARTED: SubscriptionStatus[] = ['incomplete', 'incomplete_expired'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

@Injectable()
export class SubscriptionsService implements OnModuleInit {
  private readonly logger = new Logger('Billing');

  constructor(
    @InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>,
    @Inject(SEED_PLANS) private readonly seedPlans: string,
  ) {}

  /** Grants the configured plans (idempotent: a plan an owner already holds is left as is). */
  async onModuleInit(): Promise<void> {
    for (const { sub, plan } of parseSeedPlans(this.seedPlans)) {
      await this.subscriptions.query(
        `INSERT INTO "billing"."subscriptions" ("owner_sub", "plan", "platform", "status", "source")
         VALUES ($1, $2, $3, 'active', 'seed')
         ON CONFLICT ("owner_sub", "plan") WHERE "source" = 'seed'
         DO UPDATE SET "status" = 'active', "platform" = EXCLUDED."platform", "updated_at" = now()`,
        [sub, plan, platformOfPlan(plan)],
      );
      this.logger.log(`seeded plan ${plan} for ${sub}`);
    }
  }

  /** The plans the owner has access to now; none means the free plan. */
  async plansOf(sub: string): Promise<UserInfoResponse> {
    const rows = await this.subscriptions.find({
      where: { ownerSub: sub, status: In(ACCESS_STATUSES) },
      order: { createdAt: 'ASC' },
    });
    const plans: PlanEntry[] = [];
    for (const r of rows) {
      if (!plans.some((p) => p.plan === r.plan)) plans.push({ plan: r.plan, platform: r.platform });
    }
    return { plans };
  }

  /** Every subscription the owner has had (but checkouts never completed), newest first. */
  async historyOf(sub: string): Promise<BillingSubscription[]> {
    const rows = await this.subscriptions.find({
      where: { ownerSub: sub, status: Not(In(NEVER_STARTED)) },
      order: { createdAt: 'DESC' },
    });
    return rows.map((r) => ({
      plan: r.plan,
      platform: r.platform,
      status: r.status,
      trialEnd: iso(r.trialEnd),
      currentPeriodEnd: iso(r.currentPeriodEnd),
      cancelAtPeriodEnd: r.cancelAtPeriodEnd,
      paymentFailed: r.paymentFailed,
      source: r.source,
    }));
  }
}
