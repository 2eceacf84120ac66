import { STEPS } from './platforms';

export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="wizard-steps" aria-label="Progress">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li
            key={label}
            className={`wizard-steps__item wizard-steps__item--${state}`}
            aria-current={n === step ? 'step' : undefined}
          >
            <span className="wizard-steps__number" aria-hidden="true">
              {n < step ? '✓' : n}
            </span>
            <span>
              <span className="sniff-visually-hidden">Step {n}: </span>
              {label}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
