import { MAX_STOP_WORDS } from '@sniff/contracts';
import { AddToList, ChipList } from './ChipList';
import { parseStopWords } from './rule-input';

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
  const add = (text: string) => {
    const parsed = parseStopWords(text, words);
    if (!parsed.ok) return parsed.error;
    onChange([...words, ...parsed.value]);
    return null;
  };
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
      <ChipList
        label="Stop words"
        items={words}
        removeLabel={(word) => `Remove stop word ${word}`}
        onRemove={(i) => onChange(words.filter((_, j) => j !== i))}
        itemError={wordError}
        empty="No stop words yet."
      />
      <AddToList
        formLabel="Add stop words"
        fieldLabel="Add stop words (separate with commas or spaces)"
        button="Add"
        onAdd={add}
        input={{ placeholder: 'the, and, of' }}
      />
    </fieldset>
  );
}
