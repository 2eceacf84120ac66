import { Inject, Injectable } from '@nestjs/common';
import { entitlementsFor, type UserInfoResponse } from '@sniff/contracts';
import { callInternal } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';

/** The owner's monthly search quota, from the plans billing holds (as stores asks for them). */
@Injectable()
export class OwnerPlans {
  constructor(@Inject(SEARCH_CONFIG) private readonly config: SearchConfig) {}

  async monthlySearches(ownerSub: string): Promise<number | null> {
    const { plans } = await callInternal<UserInfoResponse>(
      'billing',
      this.config.BILLING_URL,
      `/internal/users/${encodeURIComponent(ownerSub)}/plans`,
    );
    return entitlementsFor(plans).monthlySearches;
  }
}
