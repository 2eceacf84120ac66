import { useId, useState, type FormEvent } from 'react';
import { MAX_STOP_WORDS } from '@sniff/contracts';
import { parseStopWords } from './rule-input';
import { Button } from '@sniff/ui';

/** The store's stop words as removable chips, and a field that adds one or more. */
export function StopWords({
  words,
  onChange,
  wordError,
  sectionError,
  disabled,
}: {
  words: string[];
  onChange: (words: string[]) => void;
  /** The API's message about one word, shown under the chips with that chip marked. */
  wordError?: { index: number; message: string } | null;
  sectionError?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseStopWords(text, words);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onChange([...words, ...parsed.value]);
    setText('');
    setError(null);
  };

  const bad = wordError && words[wordError.index] !== undefined ? wordError : null;
  return (
    <fieldset className="sniff-fieldset tuning-section" disabled={disabled}>
      <legend>Stop words</legend>
      <p className="sniff-muted">
        Words left out of searches, such as “the” or “and”, so they do not pull in unrelated pages. A search made only
        of stop words still runs. {words.length} of {MAX_STOP_WORDS} words.
      </p>
      {sectionError && (
        <p role="alert" className="sniff-error">
          {sectionError}
        </p>
      )}
      {words.length ? (
        <ul aria-label="Stop words" className="tuning-chips">
          {words.map((word, i) => (
            <li key={`${i}:${word}`} className={`tuning-chip${bad?.index === i ? ' tuning-invalid' : ''}`}>
              {word}
              <Button
                variant="chip"
                aria-label={`Remove stop word ${word}`}
                onClick={() => onChange(words.filter((_, j) => j !== i))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No stop words yet.</p>
      )}
      {bad && (
        <p role="alert" className="sniff-error">
          “{words[bad.index]}”: {bad.message}
        </p>
      )}
      <form className="tuning-add tuning-add--inline" aria-label="Add stop words" onSubmit={add} noValidate>
        <div className="sniff-field">
          <label htmlFor={`${id}-input`}>Add stop words (separate with commas or spaces)</label>
          <input
            id={`${id}-input`}
            value={text}
            placeholder="the, and, of"
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <Button type="submit" variant="secondary">
          Add
        </Button>
        {error && (
          <p id={errorId} role="alert" className="sniff-error">
            {error}
          </p>
        )}
      </form>
    </fieldset>
  );
}
