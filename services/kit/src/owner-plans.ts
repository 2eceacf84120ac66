import { billingEndpoints, entitlementsFor, type Entitlements, type PlanEntry } from '@sniff/contracts';
import { callEndpoint, type SiblingUrls } from './call-endpoint';

/**
 * An owner's plans, which billing holds, and what they entitle the owner to: every service that
 * enforces a plan (stores' limits, search's quota, analytics' paid features) asks here. Not cached:
 * a plan bought a moment ago counts at once.
 */
export class OwnerPlans {
  /** `urls`: the caller's config (its BILLING_URL). */
  constructor(private readonly urls: SiblingUrls<'billing'>) {}

  async of(ownerSub: string): Promise<{ plans: PlanEntry[]; ent: Entitlements }> {
    const { plans } = await callEndpoint(billingEndpoints.ownerPlans, { path: { sub: ownerSub } }, { urls: this.urls });
    return { plans, ent: entitlementsFor(plans) };
  }
}
