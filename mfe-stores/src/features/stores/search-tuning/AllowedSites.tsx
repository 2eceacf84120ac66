import { useId, useState, type FormEvent } from 'react';
import { MAX_ALLOWED_SITES } from '@sniff/contracts';
import { Button } from '@sniff/ui';
import { parseAllowedSite } from './rule-input';

/** The sites whose pages may use the widget, as removable chips, and a field that adds one. */
export function AllowedSites({
  sites,
  onChange,
  siteError,
  sectionError,
  disabled,
}: {
  sites: string[];
  onChange: (sites: string[]) => void;
  /** The API's message about one site, shown under the chips with that chip marked. */
  siteError?: { index: number; message: string } | null;
  sectionError?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;
  const bad = siteError && sites[siteError.index] !== undefined ? siteError : null;
  const badId = `${id}-bad`;

  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseAllowedSite(text, sites);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    onChange([...sites, parsed.value]);
    setText('');
    setError(null);
  };

  return (
    <fieldset className="sniff-fieldset tuning-section" disabled={disabled}>
      <legend>Allowed sites</legend>
      <p className="sniff-muted">
        Your widget answers only on these sites (and their subdomains). Leave the list empty to allow any site.{' '}
        {sites.length} of {MAX_ALLOWED_SITES} sites.
      </p>
      {sectionError && (
        <p role="alert" className="sniff-error">
          {sectionError}
        </p>
      )}
      {sites.length ? (
        <ul aria-label="Allowed sites" className="tuning-chips">
          {sites.map((site, i) => (
            <li key={`${i}:${site}`} className={`tuning-chip${bad?.index === i ? ' tuning-invalid' : ''}`}>
              {site}
              <Button
                variant="chip"
                aria-label={`Remove allowed site ${site}`}
                aria-describedby={bad?.index === i ? badId : undefined}
                onClick={() => onChange(sites.filter((_, j) => j !== i))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No allowed sites: any site can use your widget.</p>
      )}
      {bad && (
        <p id={badId} role="alert" className="sniff-error">
          “{sites[bad.index]}”: {bad.message}
        </p>
      )}
      <form className="tuning-add tuning-add--inline" aria-label="Add an allowed site" onSubmit={add} noValidate>
        <div className="sniff-field">
          <label htmlFor={`${id}-input`}>Add a site (a host name like example.com, or paste its address)</label>
          <input
            id={`${id}-input`}
            value={text}
            placeholder="example.com"
            inputMode="url"
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <Button type="submit" variant="secondary">
          Add site
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
