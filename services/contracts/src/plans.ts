// The plan catalogue and entitlement rules. The ids and platforms (plan-ids.ts) and their zod schemas
// (plan-schemas.ts) live apart, so a front end that only shows plans never loads zod; all are
// exported from here as before.
import { FREE_WIDGET_SIZES } from './embed-snippet';
import type { PlanEntry, PlanId, Platform } from './plan-ids';

export { PLAN_IDS, PLATFORMS, type PlanEntry, type PlanId, type Platform } from './plan-ids';
export { planEntrySchema, planIdSchema, platformSchema } from './plan-schemas';
export * from './plan-prices';

/** Coupon applied at checkout to Shopify Starter ($51 struck to $26). */
export const SHOPIFY_STARTER_COUPON = 'SNIFF50';

export interface PlanPrice {
  id: PlanId;
  amountUsd: number;
  interval: 'month' | 'year';
  /** Crossed-out list price, when marketing shows one. */
  listUsd?: number;
  /** Stripe coupon that takes listUsd down to amountUsd at checkout (plan-prices.ts). */
  coupon?: string;
}

export interface PlanCard {
  key: string;
  name: string;
  group: 'saas-squarespace' | 'shopify';
  platform: Platform;
  monthly?: PlanPrice;
  yearly?: PlanPrice;
  features: string[];
}

/** The one plan catalogue: the subscribe page and the marketing pricing block both read it. */
export const PLAN_CATALOGUE: PlanCard[] = [
  {
    key: 'saas-free',
    name: 'SaaS Free',
    group: 'saas-squarespace',
    platform: 'custom',
    monthly: { id: 'free', amountUsd: 0, interval: 'month' },
    features: ['1 website', '2 pages indexed', '500 searches per month', 'Small and medium widget sizes'],
  },
  {
    key: 'saas-starter',
    name: 'SaaS Starter',
    group: 'saas-squarespace',
    platform: 'custom',
    monthly: { id: 'busniess_starter_monthly', amountUsd: 19, interval: 'month' },
    yearly: { id: 'busniess_starter_yearly', amountUsd: 141, interval: 'year', listUsd: 190 },
    features: [
      '1 website',
      '20 pages indexed',
      'Up to 10k results plus suggestions per month',
      'Search analytics',
      'Weekly e-mail of the searches that found nothing',
      'All widget sizes and a custom placeholder',
    ],
  },
  {
    key: 'squarespace-basic',
    name: 'Solo Basic',
    group: 'saas-squarespace',
    platform: 'squarespace',
    monthly: { id: 'squarespace_basic_monthly', amountUsd: 5, interval: 'month' },
    yearly: { id: 'squarespace_basic_yearly', amountUsd: 50, interval: 'year' },
    features: ['1 Squarespace site', 'Sync every 24 hours', 'Typo-tolerant instant search'],
  },
  {
    key: 'squarespace-premium',
    name: 'Solo Premium AI',
    group: 'saas-squarespace',
    platform: 'squarespace',
    monthly: { id: 'squarespace_pro_monthly', amountUsd: 10, interval: 'month' },
    yearly: { id: 'squarespace_pro_yearly', amountUsd: 100, interval: 'year' },
    features: [
      '1 Squarespace site',
      'Sync every 12 hours',
      'AI search: words of similar meaning find your pages too ("couch" finds "sofa")',
      'E-mail support',
    ],
  },
  {
    key: 'shopify-starter',
    name: 'Shopify Starter',
    group: 'shopify',
    platform: 'shopify',
    monthly: { id: 'starter', amountUsd: 26, interval: 'month', listUsd: 51, coupon: SHOPIFY_STARTER_COUPON },
    features: ['2 stores', 'Up to 1,000 searches', 'CSV catalogue import'],
  },
];

export const WIDGET_SIZES = ['tiny', 'small', 'medium', 'large', 'xlarge', 'huge'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];

export interface Entitlements {
  isFree: boolean;
  maxStores: number;
  /** Pages a custom-site store may index, main URL included. */
  maxCustomPages: number;
  sizes: readonly WidgetSize[];
  customPlaceholder: boolean;
  analytics: boolean;
  /** A weekly e-mail of each store's zero-result queries (paid plans). */
  zeroResultAlerts: boolean;
  platforms: readonly Platform[];
  /** Hours between automatic re-syncs. */
  resyncHours: number;
  /** Visitor searches per calendar month (section 9); null: no quota. */
  monthlySearches: number | null;
  /** AI search: semantic recall (words and pages close in meaning) in the owner's widgets (Solo Premium AI). */
  semanticSearch: boolean;
}

/** Section 9: free 500 searches, SaaS Starter 10k, Shopify Starter 1,000; Squarespace plans state none. */
const MONTHLY_SEARCHES: Partial<Record<PlanId, number>> = {
  free: 500,
  busniess_starter_monthly: 10_000,
  busniess_starter_yearly: 10_000,
  starter: 1_000,
};

/** The largest quota among the owner's plans; a plan without a quota lifts it. */
function monthlySearchesFor(plans: readonly PlanEntry[]): number | null {
  const quotas = (plans.length ? plans.map((p) => p.plan) : (['free'] as PlanId[])).map(
    (id) => MONTHLY_SEARCHES[id] ?? null,
  );
  return quotas.includes(null) ? null : Math.max(...(quotas as number[]));
}

/** The search widgets every account has, free, whatever it subscribes to. */
export const FREE_WIDGETS = 1;

/** The widget allowance as owners read it (the plans page's FAQ, the wizard's limit dialog). */
export const WIDGET_ALLOWANCE = {
  q: 'How many search widgets can I have?',
  a:
    'Every account has one search widget, free. Each paid subscription adds one more (Shopify Starter adds ' +
    'two), so a widget you made on the free plan never takes the place of one you pay for.',
};

/** Stores one subscription of a plan covers; a free entry beside paid plans adds none. */
function storesPerSubscription(plan: PlanId): number {
  return plan === 'starter' ? 2 : plan === 'free' ? 0 : 1;
}

const PAID_SAAS: PlanId[] = ['busniess_starter_monthly', 'busniess_starter_yearly'];
const SQUARESPACE: PlanId[] = [
  'squarespace_basic_monthly',
  'squarespace_pro_monthly',
  'squarespace_basic_yearly',
  'squarespace_pro_yearly',
];

/** The platform a plan is for (section 3: busniess_* are SaaS, squarespace_*, starter is Shopify). */
export function platformOfPlan(plan: PlanId): Platform {
  if (plan.startsWith('squarespace_')) return 'squarespace';
  if (plan === 'starter') return 'shopify';
  return 'custom';
}

/** A free user has no plans or only the free plan (spec section 3). */
export function isFreeUser(plans: readonly PlanEntry[]): boolean {
  return plans.every((p) => p.plan === 'free');
}

/** Said when the main URL's box is unticked: a custom website always indexes it (wizard and Manage). */
export const MAIN_URL_REQUIRED = 'Main URL must always be selected.';

/** A custom website over its plan's page count: the wizard's tip, the Manage panel's and the 403's words. */
export function pageLimitMessage(ent: Pick<Entitlements, 'isFree' | 'maxCustomPages'>): string {
  return ent.isFree
    ? `Free users can only select up to ${ent.maxCustomPages} pages. Please deselect some pages or upgrade your plan.`
    : `Your plan can index up to ${ent.maxCustomPages} pages. Please deselect some pages.`;
}

/** Entitlement rules shared by the UI (to explain) and the services (to enforce). */
export function entitlementsFor(plans: readonly PlanEntry[]): Entitlements {
  const ids = new Set(plans.map((p) => p.plan));
  const free = isFreeUser(plans);
  const platforms: Platform[] = ['custom'];
  if (SQUARESPACE.some((id) => ids.has(id))) platforms.push('squarespace');
  if (ids.has('starter')) platforms.push('shopify');
  const pro = ids.has('squarespace_pro_monthly') || ids.has('squarespace_pro_yearly');
  return {
    isFree: free,
    // WIDGET_ALLOWANCE: the widget every account has, plus one per subscription (two per Shopify Starter,
    // section 9), so a widget made while free never uses up a plan bought later.
    maxStores: FREE_WIDGETS + plans.reduce((n, p) => n + storesPerSubscription(p.plan), 0),
    maxCustomPages: PAID_SAAS.some((id) => ids.has(id)) ? 20 : free ? 2 : 20,
    sizes: free ? FREE_WIDGET_SIZES : WIDGET_SIZES,
    customPlaceholder: !free,
    analytics: !free,
    zeroResultAlerts: !free,
    platforms,
    resyncHours: pro ? 12 : 24,
    monthlySearches: monthlySearchesFor(plans),
    semanticSearch: pro,
  };
}
