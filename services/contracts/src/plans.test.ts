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
