import { entitlementsFor, usagePeriod } from './index';

describe('monthly search quotas (section 9)', () => {
  it('gives a free owner 500, SaaS Starter 10k and Shopify Starter 1,000 searches', () => {
    expect(entitlementsFor([]).monthlySearches).toBe(500);
    expect(entitlementsFor([{ plan: 'free', platform: 'custom' }]).monthlySearches).toBe(500);
    expect(entitlementsFor([{ plan: 'busniess_starter_yearly', platform: 'custom' }]).monthlySearches).toBe(10_000);
    expect(entitlementsFor([{ plan: 'starter', platform: 'shopify' }]).monthlySearches).toBe(1_000);
  });

  it('takes the largest quota among plans, and none when a plan has none', () => {
    const both = [
      { plan: 'starter', platform: 'shopify' },
      { plan: 'busniess_starter_monthly', platform: 'custom' },
    ] as const;
    expect(entitlementsFor(both).monthlySearches).toBe(10_000);
    expect(
      entitlementsFor([{ plan: 'squarespace_basic_monthly', platform: 'squarespace' }]).monthlySearches,
    ).toBeNull();
  });

  it('resets usage on the 1st of each month, UTC', () => {
    const { start, end } = usagePeriod(new Date('2026-12-31T23:59:59Z'));
    expect(start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('AI search (semantic recall)', () => {
  it('comes with Solo Premium AI, monthly or yearly, and with no other plan', () => {
    for (const plan of ['squarespace_pro_monthly', 'squarespace_pro_yearly'] as const) {
      expect({ plan, ai: entitlementsFor([{ plan, platform: 'squarespace' }]).semanticSearch }).toEqual({
        plan,
        ai: true,
      });
    }
    for (const plan of ['free', 'busniess_starter_monthly', 'squarespace_basic_yearly', 'starter'] as const) {
      expect({ plan, ai: entitlementsFor([{ plan, platform: 'custom' }]).semanticSearch }).toEqual({ plan, ai: false });
    }
    // An owner with Premium AI beside another plan keeps it.
    const both = [
      { plan: 'starter', platform: 'shopify' },
      { plan: 'squarespace_pro_yearly', platform: 'squarespace' },
    ] as const;
    expect(entitlementsFor(both).semanticSearch).toBe(true);
  });
});

describe('store allowance (one site per subscription, section 9)', () => {
  const free = { plan: 'free', platform: 'custom' } as const;
  const saas = { plan: 'busniess_starter_monthly', platform: 'custom' } as const;
  const shopify = { plan: 'starter', platform: 'shopify' } as const;
  const squarespace = { plan: 'squarespace_basic_yearly', platform: 'squarespace' } as const;

  it('allows the free widget, plus one per paid subscription and two per Shopify Starter', () => {
    expect(entitlementsFor([]).maxStores).toBe(1);
    expect(entitlementsFor([free]).maxStores).toBe(1);
    // an owner who made a widget while free and then subscribed can still add the one they paid for
    expect(entitlementsFor([saas]).maxStores).toBe(2);
    expect(entitlementsFor([free, saas]).maxStores).toBe(2);
    expect(entitlementsFor([shopify]).maxStores).toBe(3);
    expect(entitlementsFor([saas, squarespace]).maxStores).toBe(3);
    expect(entitlementsFor([shopify, saas]).maxStores).toBe(4);
    expect(entitlementsFor([shopify, shopify]).maxStores).toBe(5);
  });
});
