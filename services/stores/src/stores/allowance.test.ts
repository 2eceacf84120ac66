import { entitlementsFor, type PlanEntry } from '@sniff/contracts';
import { platformRefusal, storeLimitMessage } from './allowance';

const plan = (id: PlanEntry['plan']): PlanEntry => ({
  plan: id,
  platform: id === 'starter' ? 'shopify' : id.startsWith('squarespace_') ? 'squarespace' : 'custom',
});

describe('plan gates (spec section 5)', () => {
  it('lets only a paid Squarespace plan create a Squarespace store', () => {
    const refused =
      'A Squarespace search widget needs a paid Squarespace plan (Solo Basic or Solo Premium AI). Upgrade to connect it.';
    expect(platformRefusal(entitlementsFor([]), 'squarespace')).toBe(refused);
    expect(platformRefusal(entitlementsFor([plan('busniess_starter_monthly')]), 'squarespace')).toBe(refused);
    expect(platformRefusal(entitlementsFor([plan('starter')]), 'squarespace')).toBe(refused);
    expect(platformRefusal(entitlementsFor([plan('squarespace_basic_monthly')]), 'squarespace')).toBeNull();
    expect(platformRefusal(entitlementsFor([plan('squarespace_pro_yearly')]), 'squarespace')).toBeNull();
  });

  it('lets only Shopify Starter create a Shopify store', () => {
    const refused = 'A Shopify search widget needs the Shopify Starter plan. Upgrade to connect it.';
    expect(platformRefusal(entitlementsFor([plan('free')]), 'shopify')).toBe(refused);
    expect(platformRefusal(entitlementsFor([plan('busniess_starter_yearly')]), 'shopify')).toBe(refused);
    expect(platformRefusal(entitlementsFor([plan('squarespace_pro_monthly')]), 'shopify')).toBe(refused);
    expect(platformRefusal(entitlementsFor([plan('starter')]), 'shopify')).toBeNull();
  });

  it('leaves custom sites to every plan', () => {
    expect(platformRefusal(entitlementsFor([]), 'custom')).toBeNull();
  });

  it('names every plan that makes up the allowance', () => {
    const plans = [plan('starter'), plan('busniess_starter_yearly')];
    expect(storeLimitMessage(plans, entitlementsFor(plans))).toBe(
      'Your plans (Shopify Starter, SaaS Starter) allow 4 search widgets, the free one included. Upgrade or delete one in Manage Your Widgets.',
    );
  });
});
