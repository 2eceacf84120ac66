import { PLAN_CATALOGUE } from '@sniff/contracts';
import { LOWEST_PAID_MONTHLY_USD, MAX_ANNUAL_SAVING_PERCENT, plansFor, priceView } from './pricing';

const plan = (key: string) => PLAN_CATALOGUE.find((p) => p.key === key)!;

describe('landing pricing from the plan catalogue', () => {
  it('badges the best annual saving of the price table, the one the plans page shows', () => {
    expect(MAX_ANNUAL_SAVING_PERCENT).toBe(25); // SaaS Starter: $141 against its $190 list price
  });

  it('prices a plan per billing period; plans without a yearly price stay monthly', () => {
    expect(priceView(plan('saas-starter'), 'monthly')).toMatchObject({ amount: '$19', period: '/month' });
    expect(priceView(plan('saas-starter'), 'annually')).toEqual({
      amount: '$141',
      period: '/year',
      was: '$190',
      note: '$11.75/month billed yearly. Save $49 (25%)',
    });
    expect(priceView(plan('squarespace-basic'), 'annually')).toMatchObject({
      was: '$60',
      note: '$4.17/month billed yearly. Save 17%',
    });
    expect(priceView(plan('saas-free'), 'annually')).toMatchObject({ amount: 'Free', period: '' });
    expect(priceView(plan('shopify-starter'), 'annually')).toMatchObject({
      amount: '$26',
      was: '$51',
      coupon: '$25 off with SNIFF50, applied at checkout',
    });
  });

  it('splits the tabs by platform and knows the entry price', () => {
    expect(plansFor('squarespace').map((p) => p.name)).toEqual(['Solo Basic', 'Solo Premium AI']);
    expect(plansFor('custom').map((p) => p.name)).toEqual(['SaaS Free', 'SaaS Starter']);
    expect(LOWEST_PAID_MONTHLY_USD).toBe(5);
  });
});
