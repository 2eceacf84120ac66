import { Inject, Injectable } from '@nestjs/common';
import { callInternal } from '@sniff/service-kit';
import { type Entitlements, entitlementsFor, type PlanEntry, UserInfoResponse } from '@sniff/contracts';
import { STORES_CONFIG, StoresConfig } from '../config';

/** An owner's plans, from billing, and what they entitle the owner to. */
@Injectable()
export class OwnerPlans {
  constructor(@Inject(STORES_CONFIG) private readonly config: StoresConfig) {}

  async of(ownerSub: string): Promise<{ plans: PlanEntry[]; ent: Entitlements }> {
    const { plans } = await callInternal<UserInfoResponse>(
      'billing',
      this.config.BILLING_URL,
      `/internal/users/${encodeURIComponent(ownerSub)}/plans`,
    );
    return { plans, ent: entitlementsFor(plans) };
  }
}
