import { PLAN_CATALOGUE } from '@sniff/contracts';
import {
  annualSavingPercent,
  LOWEST_PAID_MONTHLY_USD,
  MAX_ANNUAL_SAVING_PERCENT,
  plansFor,
  priceView,
} from './pricing';

const plan = (key: string) => PLAN_CATALOGUE.find((p) => p.key === key)!;

describe('landing pricing from the plan catalogue', () => {
  it('reads the annual saving against twelve monthly payments, which gives the badge its 38%', () => {
    expect(annualSavingPercent(plan('saas-starter'))).toBe(38); // $141 vs 12 x $19
    expect(annualSavingPercent(plan('squarespace-basic'))).toBe(17); // $50 vs 12 x $5
    expect(annualSavingPercent(plan('saas-free'))).toBeNull();
    expect(annualSavingPercent(plan('shopify-starter'))).toBeNull();
    expect(MAX_ANNUAL_SAVING_PERCENT).toBe(38);
  });

  it('prices a plan per billing period; plans without a yearly price stay monthly', () => {
    expect(priceView(plan('saas-starter'), 'monthly')).toMatchObject({ amount: '$19', period: '/month' });
    expect(priceView(plan('saas-starter'), 'annually')).toEqual({
      amount: '$141',
      period: '/year',
      was: '$228',
      note: '$11.75/month billed yearly, save 38%',
    });
    expect(priceView(plan('squarespace-basic'), 'annually').note).toBe('$4.17/month billed yearly, save 17%');
    expect(priceView(plan('saas-free'), 'annually')).toMatchObject({ amount: 'Free', period: '' });
    expect(priceView(plan('shopify-starter'), 'annually')).toMatchObject({ amount: '$26', was: '$51' });
  });

  it('splits the tabs by platform and knows the entry price', () => {
    expect(plansFor('squarespace').map((p) => p.name)).toEqual(['Solo Basic', 'Solo Premium AI']);
    expect(plansFor('custom').map((p) => p.name)).toEqual(['SaaS Free', 'SaaS Starter']);
    expect(LOWEST_PAID_MONTHLY_USD).toBe(5);
  });
});
