import { type Entitlements, PLAN_CATALOGUE, type PlanEntry, type Platform } from '@sniff/contracts';

/** The catalogue's name for a plan id ("SaaS Starter" for both of its billing periods). */
function planName(plan: PlanEntry['plan']): string {
  return PLAN_CATALOGUE.find((card) => card.monthly?.id === plan || card.yearly?.id === plan)?.name ?? plan;
}

const widgets = (n: number) => `${n} search widget${n === 1 ? '' : 's'}`;

/**
 * Why a paid owner may not create another store: the allowance and the plans that give it. The
 * free plan keeps the wording its limit dialog shows (spec section 5).
 */
export function storeLimitMessage(plans: readonly PlanEntry[], ent: Entitlements): string {
  if (ent.isFree) return `You can only create ${ent.maxStores} search bar on the free plan`;
  const names = [...new Set(plans.filter((p) => p.plan !== 'free').map((p) => planName(p.plan)))];
  const which = names.length === 1 ? `Your ${names[0]} plan allows` : `Your plans (${names.join(', ')}) allow`;
  return `${which} ${widgets(ent.maxStores)}, the free one included. Upgrade or delete one in Manage Your Widgets.`;
}

const PLATFORM_PLAN: Record<Exclude<Platform, 'custom'>, string> = {
  squarespace: 'a paid Squarespace plan (Solo Basic or Solo Premium AI)',
  shopify: 'the Shopify Starter plan',
};

/**
 * Spec section 5 "Plan gates": a Squarespace store needs a paid Squarespace plan, a Shopify store
 * the Starter plan; custom sites are open to every plan (within the store allowance). Null: allowed.
 */
export function platformRefusal(ent: Entitlements, platform: Platform): string | null {
  if (platform === 'custom' || ent.platforms.includes(platform)) return null;
  const name = platform === 'shopify' ? 'Shopify' : 'Squarespace';
  return `A ${name} search widget needs ${PLATFORM_PLAN[platform]}. Upgrade to connect it.`;
}
