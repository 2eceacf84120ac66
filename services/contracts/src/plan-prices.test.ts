import { annualSaving, maxAnnualSavingPercent, PLAN_CATALOGUE, stripeAmountsOf } from './index';

const card = (key: string) => PLAN_CATALOGUE.find((c) => c.key === key)!;

describe('the price table (spec section 9)', () => {
  it('saves on SaaS Starter annual against its $190 list price: $49, 25%', () => {
    expect(annualSaving(card('saas-starter'))).toEqual({
      againstUsd: 190,
      savedUsd: 49,
      percent: 25,
      text: 'Save $49 (25%)',
    });
  });

  it('saves 17% on the Squarespace plans against twelve monthly payments', () => {
    expect(annualSaving(card('squarespace-basic'))?.text).toBe('Save 17%');
    expect(annualSaving(card('squarespace-premium'))?.text).toBe('Save 17%');
    expect(annualSaving(card('shopify-starter'))).toBeNull();
    expect(maxAnnualSavingPercent(PLAN_CATALOGUE)).toBe(25);
  });

  it('lists Shopify Starter at $51 on Stripe with SNIFF50 taking $25 off, so checkout charges $26', () => {
    const starter = card('shopify-starter').monthly!;
    expect(starter).toMatchObject({ amountUsd: 26, listUsd: 51, coupon: 'SNIFF50' });
    expect(stripeAmountsOf(starter)).toEqual({
      unitAmountCents: 5100,
      coupon: { id: 'SNIFF50', amountOffCents: 2500 },
    });
  });

  it('charges every other price its catalogue amount, with no coupon', () => {
    expect(stripeAmountsOf(card('saas-starter').yearly!)).toEqual({ unitAmountCents: 14100 });
    expect(stripeAmountsOf(card('squarespace-premium').monthly!)).toEqual({ unitAmountCents: 1000 });
  });
});
