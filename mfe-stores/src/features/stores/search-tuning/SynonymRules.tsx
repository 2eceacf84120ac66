import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MAX_SYNONYM_RULES, type SynonymRule } from '@sniff/contracts';
import { parseOneWay, parseTwoWay } from './rule-input';
import { Button } from '@sniff/ui';
import { Choices } from './Choices';

/** How a rule reads aloud and on its Remove button. */
export function describeRule(rule: SynonymRule): string {
  return rule.kind === 'two-way' ? rule.words.join(', ') : `${rule.from} also finds ${rule.to.join(', ')}`;
}

function RuleText({ rule }: { rule: SynonymRule }) {
  if (rule.kind === 'two-way') return <span className="tuning-rule-words">{rule.words.join(' ⇄ ')}</span>;
  return (
    <span className="tuning-rule-words">
      {rule.from} <span aria-hidden="true">→</span> <span className="sniff-visually-hidden">also finds</span>{' '}
      {rule.to.join(', ')}
    </span>
  );
}

/** The store's synonym rules: the list with Remove buttons and a small form that adds one. */
export function SynonymRules({
  rules,
  onChange,
  ruleError,
  sectionError,
  disabled,
  prefill,
}: {
  rules: SynonymRule[];
  onChange: (rules: SynonymRule[]) => void;
  /** The API's message about one rule, shown on that rule. */
  ruleError?: { index: number; message: string } | null;
  sectionError?: string | null;
  disabled?: boolean;
  /** A word from a link (e.g. the zero-result e-mail): a new two-way rule starts with it, focused. */
  prefill?: string;
}) {
  const id = useId();
  const wordsRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<SynonymRule['kind']>('two-way');
  const [words, setWords] = useState(prefill ? `${prefill}, ` : '');
  useEffect(() => {
    if (!prefill) return;
    wordsRef.current?.focus();
    wordsRef.current?.scrollIntoView?.({ block: 'center' });
  }, [prefill]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = kind === 'two-way' ? parseTwoWay(words, rules) : parseOneWay(from, to, rules);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onChange([...rules, parsed.value]);
    setWords('');
    setFrom('');
    setTo('');
    setError(null);
  };

  return (
    <fieldset className="sniff-fieldset tuning-section" disabled={disabled}>
      <legend>Synonyms</legend>
      <p className="sniff-muted">
        Words your visitors use for the same thing. Two-way: each word finds the others. One-way: a word also finds
        other words, not the reverse. {rules.length} of {MAX_SYNONYM_RULES} rules.
      </p>
      {sectionError && (
        <p role="alert" className="sniff-error">
          {sectionError}
        </p>
      )}
      {rules.length ? (
        <ul aria-label="Synonym rules" className="tuning-rules">
          {rules.map((rule, i) => (
            <li key={`${i}:${describeRule(rule)}`} className={ruleError?.index === i ? 'tuning-invalid' : undefined}>
              <span className="sniff-badge">{rule.kind === 'two-way' ? 'Two-way' : 'One-way'}</span>{' '}
              <RuleText rule={rule} />{' '}
              <Button
                variant="secondary"
                className="tuning-remove"
                aria-label={`Remove rule ${describeRule(rule)}`}
                onClick={() => onChange(rules.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
              {ruleError?.index === i && (
                <p role="alert" className="sniff-error">
                  {ruleError.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No synonyms yet.</p>
      )}
      <form className="tuning-add" aria-label="Add a synonym rule" onSubmit={add} noValidate>
        <Choices
          label="Rule type"
          name={`${id}-kind`}
          options={
            [
              ['two-way', 'Two-way'],
              ['one-way', 'One-way'],
            ] as const
          }
          value={kind}
          onChange={(value) => {
            setKind(value);
            setError(null);
          }}
        />
        {kind === 'two-way' ? (
          <div className="sniff-field">
            <label htmlFor={`${id}-words`}>Words that mean the same (separate with commas)</label>
            <input
              id={`${id}-words`}
              ref={wordsRef}
              value={words}
              placeholder="sofa, couch, settee"
              onChange={(e) => {
                setWords(e.target.value);
                setError(null);
              }}
              {...invalid}
            />
          </div>
        ) : (
          <>
            <div className="sniff-field">
              <label htmlFor={`${id}-from`}>When visitors search for</label>
              <input
                id={`${id}-from`}
                value={from}
                placeholder="phone"
                onChange={(e) => {
                  setFrom(e.target.value);
                  setError(null);
                }}
                {...invalid}
              />
            </div>
            <div className="sniff-field">
              <label htmlFor={`${id}-to`}>Also find (separate with commas)</label>
              <input
                id={`${id}-to`}
                value={to}
                placeholder="iphone, smartphone"
                onChange={(e) => {
                  setTo(e.target.value);
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
          Add rule
        </Button>
      </form>
    </fieldset>
  );
}
