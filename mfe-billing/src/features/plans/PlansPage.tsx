import { useState } from 'react';
import { usePlatform } from '@sniff/shell-sdk';
import { PLAN_CATALOGUE, type PlanCard as Plan, type PlanEntry } from '@sniff/contracts';

const GROUPS: { key: Plan['group']; title: string }[] = [
  { key: 'saas-squarespace', title: 'SaaS Website and Squarespace' },
  { key: 'shopify', title: 'Shopify' },
];

const FAQ = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. Plan changes take effect immediately; when you cancel, you keep your plan until the end of the billing period.',
  },
  { q: 'Is there a free trial?', a: 'Every paid plan starts with a 3-day free trial with full access.' },
  { q: 'What if Sniff is not for me?', a: 'Paid plans come with a 30-day money-back guarantee.' },
];

/** "Choose Your Plan": the plan catalogue of @sniff/contracts, with the owner's current plan marked. */
export function PlansPage() {
  const { plans, plansError } = usePlatform();
  return (
    <div className="plans">
      <h2>Choose Your Plan</h2>
      {plansError && <p role="alert">Could not retrieve user plan information. Please try again. ({plansError})</p>}
      {GROUPS.map((g) => (
        <section key={g.key} aria-labelledby={`plans-${g.key}`}>
          <h3 id={`plans-${g.key}`}>{g.title}</h3>
          <div className="plans-group">
            {PLAN_CATALOGUE.filter((p) => p.group === g.key).map((p) => (
              <PlanCard key={p.key} plan={p} current={plansError ? null : plans} />
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="plans-faq">
        <h3 id="plans-faq">Frequently asked questions</h3>
        {FAQ.map((f) => (
          <details key={f.q}>
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </section>
    </div>
  );
}

/** `current` is null while the owner's plans are unknown (loading or failed): no card is marked Active. */
export function PlanCard({ plan, current }: { plan: Plan; current: readonly PlanEntry[] | null }) {
  const [yearly, setYearly] = useState(false);
  const price = (yearly ? plan.yearly : plan.monthly) ?? plan.monthly ?? plan.yearly;
  const ids = new Set((current ?? []).map((c) => c.plan));
  const isCurrent =
    current !== null &&
    ([plan.monthly?.id, plan.yearly?.id].some((id) => id && ids.has(id)) ||
      // No plan at all means the free plan.
      (plan.monthly?.id === 'free' && current.every((c) => c.plan === 'free')));
  return (
    <article className={`plan-card${isCurrent ? ' plan-card--current' : ''}`} aria-label={plan.name}>
      <h4>{plan.name}</h4>
      {plan.monthly && plan.yearly && (
        <div className="plan-toggle" role="group" aria-label={`Billing period for ${plan.name}`}>
          <button type="button" aria-pressed={!yearly} onClick={() => setYearly(false)}>
            Monthly
          </button>
          <button type="button" aria-pressed={yearly} onClick={() => setYearly(true)}>
            Annual
          </button>
        </div>
      )}
      {price && (
        <p className="plan-card__price">
          ${price.amountUsd}
          <span className="plan-muted">/{price.interval === 'year' ? 'year' : 'month'}</span>
          {price.listUsd && <span className="plan-card__list">${price.listUsd}</span>}
        </p>
      )}
      <ul>
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {isCurrent ? (
        <button type="button" className="plan-button" disabled>
          Active
        </button>
      ) : (
        <>
          <button type="button" className="plan-button" disabled aria-describedby={`soon-${plan.key}`}>
            Subscribe
          </button>
          <p id={`soon-${plan.key}`} className="plan-muted">
            Checkout is coming soon: payments are not switched on yet.
          </p>
        </>
      )}
    </article>
  );
}
