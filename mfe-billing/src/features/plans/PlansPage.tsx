import { usePlans } from '@sniff/shell-sdk';
import { isFreeUser, PLAN_CATALOGUE, type PlanCard, type PlanId } from '@sniff/contracts';
import { PlanCardView } from './PlanCardView';

const GROUPS: { id: PlanCard['group']; title: string }[] = [
  { id: 'saas-squarespace', title: 'SaaS Website and Squarespace' },
  { id: 'shopify', title: 'Shopify' },
];

const FAQ = [
  { q: 'Can I change plans later?', a: 'Yes. Plan changes take effect immediately; cancelling keeps your plan until the end of the billing period.' },
  { q: 'Is there a free trial?', a: 'New accounts start with a 3-day free trial with full access.' },
  { q: 'How many sites does a plan cover?', a: 'One site per subscription; Shopify Starter covers 2 stores.' },
];

/** /dashboard/subscribe: "Choose Your Plan". Checkout itself arrives in a later release. */
export function PlansPage() {
  const plans = usePlans();
  const current = new Set<PlanId>((plans ?? []).map((p) => p.plan));
  if (plans && isFreeUser(plans)) current.add('free');
  return (
    <div className="plans">
      <h1>Choose Your Plan</h1>
      <p role="note" className="sniff-note">
        Online checkout is coming soon: you can compare plans here, but subscribing is not available yet.
      </p>
      {GROUPS.map((g) => (
        <section key={g.id} aria-labelledby={`plans-${g.id}`}>
          <h2 id={`plans-${g.id}`}>{g.title}</h2>
          <div className="plan-grid">
            {PLAN_CATALOGUE.filter((c) => c.group === g.id).map((card) => (
              <PlanCardView key={card.key} card={card} current={current} />
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="plans-faq">
        <h2 id="plans-faq">Frequently asked questions</h2>
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
