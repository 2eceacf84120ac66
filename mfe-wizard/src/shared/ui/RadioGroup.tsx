import type { ReactNode } from 'react';

/** A fieldset of radios, one per value, labelled from `labels`; `children` follow them (e.g. a disabled option). */
export function RadioGroup<V extends string>({
  legend,
  name,
  labels,
  value,
  onChange,
  children,
}: {
  legend: string;
  name: string;
  labels: Record<V, string>;
  value: V;
  onChange: (value: V) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="sniff-fieldset">
      <legend>{legend}</legend>
      {(Object.keys(labels) as V[]).map((option) => (
        <label key={option} className="wizard-radio">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />{' '}
          {labels[option]}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
