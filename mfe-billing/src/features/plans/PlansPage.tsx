import { usePlatform } from '@sniff/shell-sdk';
import { useBillingAccountQuery } from '@sniff/shell-sdk/shared-data';
import {
  PLAN_CATALOGUE,
  TRIAL_DAYS,
  WHAT_IS_A_SEARCH,
  WIDGET_ALLOWANCE,
  type PlanCard as Plan,
} from '@sniff/contracts';
import { YourPlan } from '../account/YourPlan';
import { PlanCard } from './PlanCard';
import { planName } from './plan-state';
import { NOT_READY_TEXT, useCheckout } from './useCheckout';

const GROUPS: { key: Plan['group']; title: string }[] = [
  { key: 'saas-squarespace', title: 'SaaS Website and Squarespace' },
  { key: 'shopify', title: 'Shopify' },
];

const FAQ = [
  {
    q: 'Can I change plans later?',
    a: 'Yes. Plan changes take effect immediately; when you cancel, you keep your plan until the end of the billing period.',
  },
  {
    q: 'Is there a free trial?',
    a: `Every paid plan starts with a ${TRIAL_DAYS}-day free trial with full access. Your card is charged when the trial ends, unless you cancel before.`,
  },
  {
    q: 'How do I cancel?',
    a: 'Open Manage billing and cancel. You keep your plan until the end of the billing period (or of the trial), then your account returns to the free plan; your widgets and their content are kept.',
  },
  { q: 'What if Sniff is not for me?', a: 'Paid plans come with a 30-day money-back guarantee.' },
  WHAT_IS_A_SEARCH,
  WIDGET_ALLOWANCE,
];

/** "Choose Your Plan" (the shell shows that title once, as the page's h1): the owner's plan, usage and invoices, then the plan catalogue of @sniff/contracts. */
export function PlansPage() {
  const { plans, plansError, user, payments } = usePlatform();
  const current = plansError ? null : plans;
  const account = useBillingAccountQuery(undefined, { skip: !user });
  const checkout = useCheckout({ plansKnown: current !== null });
  // The trial is offered to owners who never subscribed; unknown history reads "Subscribe".
  const offerTrial = account.data?.subscriptions.every((s) => s.source !== 'stripe') ?? false;
  // Unavailable (no key, script failed) or signed out will not fix itself: say so up front.
  const blocked = !user || payments.status === 'unavailable';

  return (
    <div className="plans">
      {plansError && <p role="alert">Could not retrieve user plan information. Please try again. ({plansError})</p>}
      {user && <YourPlan />}
      <section aria-labelledby="choose-plan" className="plans-section">
        <h3 id="choose-plan" tabIndex={-1}>
          Plans
        </h3>
        {blocked && (
          <p role="alert" className="plan-card__message">
            {NOT_READY_TEXT}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {checkout.pending ? `Processing: starting checkout for ${planName(checkout.pending)}...` : ''}
        </p>
        {GROUPS.map((g) => (
          <section key={g.key} aria-labelledby={`plans-${g.key}`}>
            <h4 id={`plans-${g.key}`}>{g.title}</h4>
            <div className="plans-group">
              {PLAN_CATALOGUE.filter((p) => p.group === g.key).map((p) => (
                <PlanCard
                  key={p.key}
                  plan={p}
                  current={current}
                  subscriptions={account.data?.subscriptions}
                  ready={checkout.ready}
                  offerTrial={offerTrial}
                  pending={checkout.pending}
                  message={checkout.message}
                  onSubscribe={(plan) => void checkout.start(plan)}
                  onReplaceOpen={(plan) => void checkout.replaceOpen(plan)}
                />
              ))}
            </div>
          </section>
        ))}
      </section>
      <section aria-labelledby="plans-faq" className="plans-section">
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
