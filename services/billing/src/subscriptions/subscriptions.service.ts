import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { PlanEntry, UserInfoResponse } from '@sniff/contracts';
import { parseSeedPlans, platformOfPlan } from '../config';
import { Subscription } from './subscription.entity';

export const SEED_PLANS = 'BILLING_SEED_PLANS';

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
      await this.subscriptions
        .createQueryBuilder()
        .insert()
        .values({ ownerSub: sub, plan, platform: platformOfPlan(plan), status: 'active' })
        .orUpdate(['status', 'platform'], ['owner_sub', 'plan'])
        .execute();
      this.logger.log(`seeded plan ${plan} for ${sub}`);
    }
  }

  /** The owner's active plans; none means the free plan. */
  async plansOf(sub: string): Promise<UserInfoResponse> {
    const rows = await this.subscriptions.find({
      where: { ownerSub: sub, status: 'active' },
      order: { createdAt: 'ASC' },
    });
    const plans: PlanEntry[] = rows.map((r) => ({ plan: r.plan, platform: r.platform }));
    return { plans };
  }
}
