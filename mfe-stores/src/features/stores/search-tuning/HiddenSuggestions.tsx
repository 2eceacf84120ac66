import { useId, useState, type FormEvent } from 'react';
import { MAX_HIDDEN_SUGGESTIONS, MAX_QUERY_LENGTH, normalizeQuery } from '@sniff/contracts';
import { errorMessage } from '@sniff/shell-sdk';
import { Spinner, Button } from '@sniff/ui';
import { useGetStoreSuggestionsQuery } from '../../../shared/api';

/**
 * The suggestions visitors see while they type, drawn from what several other visitors searched:
 * the owner hides any they do not want shown (saved with the other search settings), or hides a
 * text before it ever shows up.
 */
export function HiddenSuggestions({
  storeId,
  hidden,
  onChange,
  sectionError,
  disabled,
}: {
  storeId: string;
  /** The hidden suggestions of the draft (normalized). */
  hidden: string[];
  onChange: (hidden: string[]) => void;
  sectionError?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const suggestions = useGetStoreSuggestionsQuery(storeId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const isHidden = new Set(hidden);
  const shown = (suggestions.data ?? []).filter((s) => !isHidden.has(s.query));

  const hide = (query: string) => {
    if (isHidden.has(query)) return;
    onChange([...hidden, query]);
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const query = normalizeQuery(text);
    if (!query) return setError('Enter the suggestion as visitors see it.');
    if (query.length > MAX_QUERY_LENGTH) return setError(`A suggestion is at most ${MAX_QUERY_LENGTH} characters.`);
    if (isHidden.has(query)) return setError(`Already hidden: ${query}`);
    if (hidden.length >= MAX_HIDDEN_SUGGESTIONS) {
      return setError(`A store can hide at most ${MAX_HIDDEN_SUGGESTIONS} suggestions.`);
    }
    hide(query);
    setText('');
    setError(null);
  };

  return (
    <fieldset className="sniff-fieldset tuning-section" disabled={disabled}>
      <legend>Suggestions</legend>
      <p className="sniff-muted">
        While visitors type, the search bar suggests searches that several other visitors made over time. Hide any you
        do not want shown; it stays hidden once you save. {hidden.length} of {MAX_HIDDEN_SUGGESTIONS} hidden.
      </p>
      {sectionError && (
        <p role="alert" className="sniff-error">
          {sectionError}
        </p>
      )}
      <h4 className="tuning-subheading">Suggested to visitors</h4>
      {suggestions.isLoading ? (
        <p>
          <Spinner label="Loading suggestions" /> Loading suggestions...
        </p>
      ) : suggestions.isError ? (
        <div role="alert" className="sniff-panel sniff-panel--error">
          <p>Could not load the suggestions: {errorMessage(suggestions.error)}</p>
          <Button onClick={() => void suggestions.refetch()}>Try Again</Button>
        </div>
      ) : shown.length ? (
        <ul aria-label="Suggested to visitors" className="tuning-rules">
          {shown.map((s) => (
            <li key={s.query}>
              <span className="tuning-rule-words">{s.query}</span>
              <span className="sniff-muted">
                {s.visitors} {s.visitors === 1 ? 'visitor' : 'visitors'}
              </span>
              <Button
                variant="secondary"
                className="tuning-remove"
                aria-label={`Hide suggestion ${s.query}`}
                onClick={() => hide(s.query)}
              >
                Hide
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          No popular searches are suggested yet. A search is suggested once several visitors have made it over time.
        </p>
      )}
      <h4 className="tuning-subheading">Hidden</h4>
      {hidden.length ? (
        <ul aria-label="Hidden suggestions" className="tuning-chips">
          {hidden.map((query) => (
            <li key={query} className="tuning-chip">
              {query}
              <Button
                variant="chip"
                aria-label={`Show suggestion ${query} again`}
                onClick={() => onChange(hidden.filter((h) => h !== query))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No hidden suggestions.</p>
      )}
      <form className="tuning-add tuning-add--inline" aria-label="Hide a suggestion" onSubmit={add} noValidate>
        <div className="sniff-field">
          <label htmlFor={`${id}-input`}>Hide a suggestion (as visitors see it)</label>
          <input
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
          Hide
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
