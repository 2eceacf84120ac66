import { useId, useState } from 'react';
import type { PlanCard, PlanId } from '@sniff/contracts';

export function PlanCardView({ card, current }: { card: PlanCard; current: ReadonlySet<PlanId> }) {
  const both = !!card.monthly && !!card.yearly;
  const [annual, setAnnual] = useState(false);
  const titleId = useId();
  const price = (annual ? card.yearly : card.monthly) ?? card.yearly ?? card.monthly;
  if (!price) return null;
  const active = current.has(price.id);
  return (
    <article aria-labelledby={titleId} className="plan-card">
      <h3 id={titleId}>{card.name}</h3>
      {both && (
        <label className="plan-toggle">
          <input type="checkbox" role="switch" checked={annual} onChange={(e) => setAnnual(e.target.checked)} /> Billed annually
        </label>
      )}
      <p className="plan-price">
        {price.listUsd !== undefined && (
          <>
            <s aria-label={`was $${price.listUsd}`}>${price.listUsd}</s>{' '}
          </>
        )}
        <strong>${price.amountUsd}</strong> / {price.interval}
      </p>
      <ul>
        {card.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {active ? (
        <button type="button" className="sniff-button" disabled>
          Active
        </button>
      ) : price.amountUsd === 0 ? (
        <button type="button" className="sniff-button sniff-button--secondary" disabled>
          Included
        </button>
      ) : (
        <>
          <button type="button" className="sniff-button" disabled aria-describedby={`${titleId}-soon`}>
            Subscribe
          </button>
          <p id={`${titleId}-soon`} className="sniff-muted">
            Checkout is coming soon
          </p>
        </>
      )}
    </article>
  );
}
