import { MAX_ALLOWED_SITES } from '@sniff/contracts';
import { AddToList, ChipList } from './ChipList';
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
  const add = (text: string) => {
    const parsed = parseAllowedSite(text, sites);
    if (!parsed.ok) return parsed.error;
    onChange([...sites, parsed.value]);
    return null;
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
      <ChipList
        label="Allowed sites"
        items={sites}
        removeLabel={(site) => `Remove allowed site ${site}`}
        onRemove={(i) => onChange(sites.filter((_, j) => j !== i))}
        itemError={siteError}
        empty="No allowed sites: any site can use your widget."
      />
      <AddToList
        formLabel="Add an allowed site"
        fieldLabel="Add a site (a host name like example.com, or paste its address)"
        button="Add site"
        onAdd={add}
        input={{
          placeholder: 'example.com',
          inputMode: 'url',
          autoCapitalize: 'none',
          autoComplete: 'off',
          spellCheck: false,
        }}
      />
    </fieldset>
  );
}
