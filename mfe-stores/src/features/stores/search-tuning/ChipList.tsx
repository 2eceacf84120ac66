import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button } from '@sniff/ui';

/**
 * A list's entries as removable chips. The entry the API complained about (`itemError`) is marked,
 * its remove button described by the message shown below the chips.
 */
export function ChipList({
  label,
  items,
  removeLabel,
  onRemove,
  itemError,
  empty,
}: {
  label: string;
  items: string[];
  removeLabel: (item: string) => string;
  onRemove: (index: number) => void;
  itemError?: { index: number; message: string } | null;
  /** What shows while the list is empty. */
  empty: ReactNode;
}) {
  const badId = `${useId()}-bad`;
  const bad = itemError && items[itemError.index] !== undefined ? itemError : null;
  return (
    <>
      {items.length ? (
        <ul aria-label={label} className="tuning-chips">
          {items.map((item, i) => (
            <li key={`${i}:${item}`} className={`tuning-chip${bad?.index === i ? ' tuning-invalid' : ''}`}>
              {item}
              <Button
                variant="chip"
                aria-label={removeLabel(item)}
                aria-describedby={bad?.index === i ? badId : undefined}
                onClick={() => onRemove(i)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>{empty}</p>
      )}
      {bad && (
        <p id={badId} role="alert" className="sniff-error">
          “{items[bad.index]}”: {bad.message}
        </p>
      )}
    </>
  );
}

/**
 * The inline form that adds to a list: a labelled field and its button (Enter adds too). `onAdd`
 * answers what is wrong with the text, shown on the field, or null when it was added (the field empties).
 */
export function AddToList({
  formLabel,
  fieldLabel,
  button,
  onAdd,
  input,
}: {
  formLabel: string;
  fieldLabel: string;
  button: string;
  onAdd: (text: string) => string | null;
  /** More attributes for the field (placeholder, inputMode...). */
  input?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const add = (e: FormEvent) => {
    e.preventDefault();
    const problem = onAdd(text);
    setError(problem);
    if (problem === null) setText('');
  };
  return (
    <form className="tuning-add tuning-add--inline" aria-label={formLabel} onSubmit={add} noValidate>
      <div className="sniff-field">
        <label htmlFor={`${id}-input`}>{fieldLabel}</label>
        <input
          {...input}
          id={`${id}-input`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <Button type="submit" variant="secondary">
        {button}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="sniff-error">
          {error}
        </p>
      )}
    </form>
  );
}
