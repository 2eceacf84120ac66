import { MAX_HIDDEN_SUGGESTIONS, MAX_QUERY_LENGTH, normalizeQuery } from '@sniff/contracts';
import { errorMessage } from '@sniff/shell-sdk';
import { Spinner, Button } from '@sniff/ui';
import { useGetStoreSuggestionsQuery } from '../../../shared/api';
import { AddToList, ChipList } from './ChipList';

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
  const suggestions = useGetStoreSuggestionsQuery(storeId);
  const isHidden = new Set(hidden);
  const shown = (suggestions.data ?? []).filter((s) => !isHidden.has(s.query));

  const hide = (query: string) => {
    if (isHidden.has(query)) return;
    onChange([...hidden, query]);
  };
  const add = (text: string) => {
    const query = normalizeQuery(text);
    if (!query) return 'Enter the suggestion as visitors see it.';
    if (query.length > MAX_QUERY_LENGTH) return `A suggestion is at most ${MAX_QUERY_LENGTH} characters.`;
    if (isHidden.has(query)) return `Already hidden: ${query}`;
    if (hidden.length >= MAX_HIDDEN_SUGGESTIONS)
      return `A store can hide at most ${MAX_HIDDEN_SUGGESTIONS} suggestions.`;
    hide(query);
    return null;
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
      <ChipList
        label="Hidden suggestions"
        items={hidden}
        removeLabel={(query) => `Show suggestion ${query} again`}
        onRemove={(i) => onChange(hidden.filter((_, j) => j !== i))}
        empty="No hidden suggestions."
      />
      <AddToList
        formLabel="Hide a suggestion"
        fieldLabel="Hide a suggestion (as visitors see it)"
        button="Hide"
        onAdd={add}
      />
    </fieldset>
  );
}
