import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import {
  MAX_PIN_ANSWER_LENGTH,
  MAX_PINNED_RESULTS,
  MAX_PINS,
  pinSchema,
  pinsSchema,
  type Pin,
  type PinnedPage,
} from '@sniff/contracts';
import { Button, Spinner } from '@sniff/ui';
import { useGetPinnedPagesQuery, useLazyFindPinCandidatesQuery } from '../../../shared/api';
import { Choices } from './Choices';

type Shows = 'pages' | 'answer';

/** The first problem zod finds with `value`, as the owner should read it. */
function firstProblem(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'This pin is not valid.');
}
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A pin as a list item: its query and variants, then its pages (missing ones said so) or its answer. */
function PinItem({
  pin,
  found,
  checking,
  error,
  onRemove,
}: {
  pin: Pin;
  found: Map<string, PinnedPage> | null;
  checking: boolean;
  error?: { message: string } | null;
  onRemove: () => void;
}) {
  return (
    <li className={error ? 'tuning-invalid' : undefined}>
      <div className="tuning-pin-head">
        <span className="tuning-pin-query">
          <strong>{pin.query}</strong>
          {pin.variants.length > 0 && <span className="sniff-muted"> (also: {pin.variants.join(', ')})</span>}
        </span>{' '}
        <Button variant="secondary" className="tuning-remove" aria-label={`Remove pin ${pin.query}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
      {pin.answer ? (
        <p className="tuning-pin-answer">
          <span className="sniff-badge">Answer</span> {pin.answer.text}{' '}
          <a href={pin.answer.url} target="_blank" rel="noreferrer noopener">
            {pin.answer.url}
          </a>
        </p>
      ) : (
        <ol className="tuning-pin-pages" aria-label={`Pages pinned for ${pin.query}`}>
          {pin.urls.map((url) => {
            const page = found?.get(url);
            const missing = !!found && !checking && !page;
            return (
              <li key={url}>
                {missing && <span className="sniff-badge tuning-missing">Missing</span>}{' '}
                {page ? page.title || url : url}
                {missing && (
                  <span className="sniff-muted"> — no longer in this store’s index; visitors do not see it.</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {error && (
        <p role="alert" className="sniff-error">
          {error.message}
        </p>
      )}
    </li>
  );
}

/**
 * Pinned answers (custom Q&A): for a query and its variants, up to MAX_PINNED_RESULTS of the store's
 * pages first in the widget, or a short answer with a link. The owner finds pages with a search of
 * the store; pinned pages are kept by URL and checked against the index (a missing one is marked).
 */
export function PinnedAnswers({
  storeId,
  pins,
  onChange,
  pinError,
  sectionError,
  disabled,
  prefill,
}: {
  storeId: string;
  pins: Pin[];
  onChange: (pins: Pin[]) => void;
  /** The API's message about one pin, shown on that pin. */
  pinError?: { index: number; message: string } | null;
  sectionError?: string | null;
  disabled?: boolean;
  /** A query to pin, from a link (e.g. the zero-result e-mail): the form opens filled and focused. */
  prefill?: string;
}) {
  const id = useId();
  const queryRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(prefill ?? '');
  const [variants, setVariants] = useState('');
  const [shows, setShows] = useState<Shows>('pages');
  const [chosen, setChosen] = useState<PinnedPage[]>([]);
  const [find, setFind] = useState(prefill ?? '');
  const [answerText, setAnswerText] = useState('');
  const [answerUrl, setAnswerUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [search, candidates] = useLazyFindPinCandidatesQuery();
  const urls = [...new Set(pins.flatMap((p) => p.urls))];
  const pinned = useGetPinnedPagesQuery({ storeId, urls }, { skip: !urls.length });
  const found = pinned.data ? new Map(pinned.data.map((p) => [p.url, p])) : null;
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  useEffect(() => {
    if (!prefill) return;
    queryRef.current?.focus();
    queryRef.current?.scrollIntoView?.({ block: 'center' });
  }, [prefill]);

  const runFind = () => {
    if (!find.trim()) return;
    void search({ storeId, q: find.trim() });
  };
  const onFindKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // not the Add pin form's submit
    runFind();
  };
  const choose = (page: PinnedPage) => {
    setChosen((list) => (list.some((p) => p.url === page.url) ? list : [...list, page]));
    setError(null);
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    const candidate = {
      query,
      variants: variants
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
      ...(shows === 'pages' ? { urls: chosen.map((p) => p.url) } : { answer: { text: answerText, url: answerUrl } }),
    };
    const one = pinSchema.safeParse(candidate);
    if (!one.success) return setError(capitalize(firstProblem(one)!));
    if (pins.length >= MAX_PINS) return setError(`A store can have at most ${MAX_PINS} pinned answers.`);
    const all = pinsSchema.safeParse([...pins, one.data]);
    if (!all.success) return setError(capitalize(firstProblem(all)!));
    onChange([...pins, one.data]);
    setQuery('');
    setVariants('');
    setChosen([]);
    setFind('');
    setAnswerText('');
    setAnswerUrl('');
    setError(null);
  };

  const results = candidates.data;
  return (
    <fieldset className="sniff-fieldset tuning-section" disabled={disabled}>
      <legend>Pinned answers</legend>
      <p className="sniff-muted">
        Put up to {MAX_PINNED_RESULTS} of your pages, or a short answer with a link, first when visitors search for a
        query or one of its variants (case, accents and spacing do not matter). The search bar marks them “Recommended”.{' '}
        {pins.length} of {MAX_PINS} pins.
      </p>
      {sectionError && (
        <p role="alert" className="sniff-error">
          {sectionError}
        </p>
      )}
      {pinned.isError && (
        <p role="alert" className="sniff-error">
          Could not check the pinned pages: {errorMessage(pinned.error)}
        </p>
      )}
      {pinned.isFetching && (
        <p>
          <Spinner label="Checking pinned pages" /> Checking pinned pages...
        </p>
      )}
      {pins.length ? (
        <ul aria-label="Pinned answers" className="tuning-rules tuning-pins">
          {pins.map((pin, i) => (
            <PinItem
              key={`${i}:${pin.query}`}
              pin={pin}
              found={found}
              checking={pinned.isFetching}
              error={pinError?.index === i ? pinError : null}
              onRemove={() => onChange(pins.filter((_, j) => j !== i))}
            />
          ))}
        </ul>
      ) : (
        <p>No pinned answers yet.</p>
      )}
      <form className="tuning-add" aria-label="Add a pinned answer" onSubmit={add} noValidate>
        <div className="sniff-field">
          <label htmlFor={`${id}-query`}>Query to pin</label>
          <input
            id={`${id}-query`}
            ref={queryRef}
            value={query}
            placeholder="opening hours"
            onChange={(e) => {
              setQuery(e.target.value);
              setError(null);
            }}
            {...invalid}
          />
        </div>
        <div className="sniff-field">
          <label htmlFor={`${id}-variants`}>Other phrasings of it (separate with commas)</label>
          <input
            id={`${id}-variants`}
            value={variants}
            placeholder="when are you open, hours"
            onChange={(e) => {
              setVariants(e.target.value);
              setError(null);
            }}
          />
        </div>
        <Choices
          label="Show first"
          name={`${id}-shows`}
          options={
            [
              ['pages', 'Pages of this store'],
              ['answer', 'A short answer'],
            ] as const
          }
          value={shows}
          onChange={(value) => {
            setShows(value);
            setError(null);
          }}
        />
        {shows === 'pages' ? (
          <>
            <div className="sniff-field">
              <label htmlFor={`${id}-find`}>Find a page of this store</label>
              <div className="tuning-find">
                <input
                  id={`${id}-find`}
                  type="search"
                  value={find}
                  onChange={(e) => setFind(e.target.value)}
                  onKeyDown={onFindKey}
                />
                <Button variant="secondary" onClick={runFind} disabled={!find.trim()}>
                  Find pages
                </Button>
              </div>
            </div>
            <div aria-live="polite">
              {candidates.isFetching ? (
                <p>
                  <Spinner label="Finding pages" /> Finding pages...
                </p>
              ) : candidates.isError ? (
                <p role="alert" className="sniff-error">
                  Could not search this store: {errorMessage(candidates.error)}
                </p>
              ) : results && !results.length ? (
                <p>No pages of this store match “{candidates.originalArgs?.q}”.</p>
              ) : results ? (
                <ul aria-label="Pages found" className="tuning-pin-found">
                  {results.map((page) => {
                    const taken = chosen.some((p) => p.url === page.url);
                    return (
                      <li key={page.url}>
                        <span className="tuning-pin-title">{page.title || page.url}</span>{' '}
                        <span className="sniff-muted tuning-pin-url">{page.url}</span>{' '}
                        <Button
                          variant="secondary"
                          aria-label={`Pin ${page.title || page.url}`}
                          disabled={taken || chosen.length >= MAX_PINNED_RESULTS}
                          onClick={() => choose(page)}
                        >
                          {taken ? 'Chosen' : 'Pin'}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </div>
            {chosen.length > 0 && (
              <ol aria-label="Pages to pin" className="tuning-pin-pages">
                {chosen.map((page) => (
                  <li key={page.url}>
                    {page.title || page.url}{' '}
                    <Button
                      variant="secondary"
                      aria-label={`Do not pin ${page.title || page.url}`}
                      onClick={() => setChosen((list) => list.filter((p) => p.url !== page.url))}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ol>
            )}
            <p className="sniff-muted">
              {chosen.length} of {MAX_PINNED_RESULTS} pages chosen.
            </p>
          </>
        ) : (
          <>
            <div className="sniff-field">
              <label htmlFor={`${id}-text`}>Answer (plain text, up to {MAX_PIN_ANSWER_LENGTH} characters)</label>
              <textarea
                id={`${id}-text`}
                value={answerText}
                maxLength={MAX_PIN_ANSWER_LENGTH}
                rows={3}
                onChange={(e) => {
                  setAnswerText(e.target.value);
                  setError(null);
                }}
                {...invalid}
              />
            </div>
            <div className="sniff-field">
              <label htmlFor={`${id}-link`}>Link (http or https)</label>
              <input
                id={`${id}-link`}
                type="url"
                value={answerUrl}
                placeholder="https://example.com/contact"
                onChange={(e) => {
                  setAnswerUrl(e.target.value);
                  setError(null);
                }}
                {...invalid}
              />
            </div>
          </>
        )}
        {error && (
          <p id={errorId} role="alert" className="sniff-error">
            {error}
          </p>
        )}
        <Button type="submit" variant="secondary">
          Add pin
        </Button>
      </form>
    </fieldset>
  );
}
