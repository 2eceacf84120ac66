import { z } from 'zod';
import { baseServiceConfigSchema } from '@sniff/service-kit';
import { planIdSchema, PlanId, Platform } from '@sniff/contracts';

export interface SeedPlan {
  sub: string;
  plan: PlanId;
}

/** Reads `sub:plan,sub:plan`; throws naming the first entry that is not a known plan. */
export function parseSeedPlans(value: string): SeedPlan[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf(':');
      const sub = entry.slice(0, at).trim();
      const plan = planIdSchema.safeParse(entry.slice(at + 1).trim());
      if (at <= 0 || !sub || !plan.success) throw new Error(`"${entry}" is not <owner-sub>:<plan id>`);
      return { sub, plan: plan.data };
    });
}

/** The platform a plan is for: busniess_* custom sites, squarespace_* Squarespace, starter Shopify. */
export function platformOfPlan(plan: PlanId): Platform {
  if (plan.startsWith('squarespace_')) return 'squarespace';
  if (plan === 'starter') return 'shopify';
  return 'custom';
}

export const billingConfigSchema = baseServiceConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3101),
  /** Plans granted at start-up, e.g. `demo-owner:busniess_starter_monthly` (comma-separated). */
  BILLING_SEED_PLANS: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      try {
        parseSeedPlans(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
