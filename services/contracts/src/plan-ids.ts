// Plan ids and platforms as plain values and types, without zod: front ends that only show plans
// (the public site's pricing) import these and the catalogue without loading the schema library.

/** Plan ids exactly as the product uses them (including the "busniess" spelling). */
export const PLAN_IDS = [
  'free',
  'busniess_starter_monthly',
  'busniess_starter_yearly',
  'squarespace_basic_monthly',
  'squarespace_pro_monthly',
  'squarespace_basic_yearly',
  'squarespace_pro_yearly',
  'starter',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLATFORMS = ['custom', 'squarespace', 'shopify'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PlanEntry {
  plan: PlanId;
  platform: Platform;
}
