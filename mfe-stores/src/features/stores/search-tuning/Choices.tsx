/** A labelled set of radio buttons: one of `options` ([value, label]) is chosen. */
export function Choices<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string;
  name: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="tuning-kinds">
      {options.map(([option, text]) => (
        <label key={option}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />{' '}
          {text}
        </label>
      ))}
    </div>
  );
}
