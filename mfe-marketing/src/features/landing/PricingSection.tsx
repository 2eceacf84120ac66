import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_CATALOGUE, type PlanCard } from '@sniff/contracts';
import { START_PATH } from '../../shared/links';
import { Tabs } from '../../shared/Tabs';
import { MAX_ANNUAL_SAVING_PERCENT, plansFor, PRICING_TABS, priceView, type Billing } from './pricing';

function Plan({ plan, billing }: { plan: PlanCard; billing: Billing }) {
  const price = priceView(plan, billing);
  const free = price.amount === 'Free';
  const titleId = `plan-${plan.key}`;
  return (
    <article className="site-card plan" aria-labelledby={titleId}>
      <h3 id={titleId}>{plan.name}</h3>
      {/* A div: a bold, large paragraph before the note reads as a heading to assistive tech (axe p-as-heading). */}
      <div className="price">
        {price.was && (
          <>
            <s className="price__was">
              <span className="visually-hidden">was </span>
              {price.was}
            </s>{' '}
          </>
        )}
        {price.amount}
        {price.period && <span className="price__period">{price.period}</span>}
      </div>
      <p className="plan__note">{price.note}</p>
      <ul>
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <Link className={`site-button${free ? ' site-button--ghost' : ''}`} to={START_PATH}>
        {free ? 'Start free' : 'Start 3-day free trial'}
        <span className="visually-hidden"> with {plan.name}</span>
      </Link>
    </article>
  );
}

/** Shopify has one plan: a line under the tabs rather than a tab of its own. */
function ShopifyNote() {
  const shopify = PLAN_CATALOGUE.find((p) => p.platform === 'shopify');
  if (!shopify) return null;
  const price = priceView(shopify, 'monthly');
  return (
    <p className="pricing-footnote">
      Selling on Shopify? <strong>{shopify.name}</strong> is {price.amount}
      {price.period}
      {price.was && (
        <>
          {' '}
          (was {price.was}; {price.coupon})
        </>
      )}
      : {shopify.features.join(' · ')}. <Link to="/shopify">Read the Shopify guide</Link>.
    </p>
  );
}

export function PricingSection() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <section id="pricing" aria-labelledby="pricing-title">
      <div className="site-section__head">
        <p className="site-eyebrow">Pricing</p>
        <h2 id="pricing-title">Simple pricing, one site per plan</h2>
        <p>Every paid plan starts with a 3-day free trial with full access.</p>
      </div>
      <div className="pricing-controls">
        <div className="billing-toggle" role="group" aria-label="Billing period">
          <button type="button" aria-pressed={billing === 'monthly'} onClick={() => setBilling('monthly')}>
            Monthly
          </button>
          <button type="button" aria-pressed={billing === 'annually'} onClick={() => setBilling('annually')}>
            Annually
          </button>
        </div>
        <span className="save-badge">Save up to {MAX_ANNUAL_SAVING_PERCENT}%</span>
      </div>
      <Tabs
        idBase="pricing"
        label="Plans for"
        className="pricing-tabs"
        items={PRICING_TABS.map((t) => ({
          key: t.key,
          label: t.label,
          content: (
            <div className="plan-grid">
              {plansFor(t.platform).map((p) => (
                <Plan key={p.key} plan={p} billing={billing} />
              ))}
            </div>
          ),
        }))}
      />
      <ShopifyNote />
      <p className="pricing-footnote">
        Change plans at any time; changes apply immediately. If you cancel, you keep your plan until the end of the
        billing period. Paid plans come with a 30-day money-back guarantee.
      </p>
    </section>
  );
}
