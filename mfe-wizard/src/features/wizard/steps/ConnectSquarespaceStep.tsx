import { useState } from 'react';
import {
  SQUARESPACE_KEY_ACCESS,
  SQUARESPACE_KEY_NO_MORE,
  SQUARESPACE_STORE_TYPES,
  type SquarespaceSearchType,
} from '@sniff/contracts';
import { RadioGroup } from '../../../shared/ui/RadioGroup';
import { Button } from '@sniff/ui';
import { useDestination } from '@sniff/shell-sdk';

export type SquarespaceStoreType = (typeof SQUARESPACE_STORE_TYPES)[number];

export interface SquarespaceForm {
  storeType: SquarespaceStoreType;
  searchType: SquarespaceSearchType;
  developerApiKey: string;
  sitemapUrl: string;
}
export type SquarespaceErrors = Partial<Record<'developerApiKey' | 'sitemapUrl', string>>;

export const EMPTY_SQUARESPACE_FORM: SquarespaceForm = {
  storeType: 'ecommerce',
  searchType: 'products',
  developerApiKey: '',
  sitemapUrl: '',
};

const STORE_TYPE_LABELS: Record<SquarespaceStoreType, string> = { ecommerce: 'Ecommerce', blog: 'Blog / Portfolio' };
const SEARCH_TYPE_LABELS: Record<SquarespaceSearchType, string> = {
  products: 'Product Search Only',
  full: 'Content Search + Products Search',
};

/** Step 3 for Squarespace: store type, search type (blogs), Developer API Key and an optional sitemap. */
export function ConnectSquarespaceStep({
  form,
  errors,
  connecting,
  onChange,
  onConnect,
}: {
  form: SquarespaceForm;
  errors: SquarespaceErrors;
  connecting: boolean;
  onChange: (form: SquarespaceForm) => void;
  onConnect: () => void;
}) {
  const [showKey, setShowKey] = useState(false);
  const guide = useDestination('stores.installationGuide');
  const blog = form.storeType === 'blog';
  const describe = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;
  return (
    <section aria-labelledby="wizard-connect-title">
      <h2 id="wizard-connect-title">Connect Squarespace</h2>

      <RadioGroup
        legend="Store Type"
        name="squarespaceStoreType"
        labels={STORE_TYPE_LABELS}
        value={form.storeType}
        onChange={(storeType) => onChange({ ...form, storeType })}
      >
        <label className="wizard-radio sniff-muted">
          <input type="radio" name="squarespaceStoreType" value="realestate" disabled /> Real Estate{' '}
          <span className="sniff-badge">Coming Soon</span>
        </label>
      </RadioGroup>

      {blog && (
        <RadioGroup
          legend="Search Type"
          name="squarespaceSearchType"
          labels={SEARCH_TYPE_LABELS}
          value={form.searchType}
          onChange={(searchType) => onChange({ ...form, searchType })}
        />
      )}

      <div className="sniff-field">
        <label htmlFor="wizard-developer-api-key">Developer API Key</label>
        <div className="wizard-secret">
          <input
            id="wizard-developer-api-key"
            name="developerApiKey"
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            required
            value={form.developerApiKey}
            aria-invalid={errors.developerApiKey ? true : undefined}
            aria-describedby={describe(
              'wizard-developer-api-key-hint',
              !!errors.developerApiKey && 'wizard-developer-api-key-error',
            )}
            onChange={(e) => onChange({ ...form, developerApiKey: e.target.value })}
          />
          <Button
            variant="secondary"
            aria-pressed={showKey}
            aria-controls="wizard-developer-api-key"
            onClick={() => setShowKey(!showKey)}
          >
            {showKey ? 'Hide key' : 'Show key'}
          </Button>
        </div>
        <p id="wizard-developer-api-key-hint" className="sniff-muted wizard-hint">
          In Squarespace, open Settings → Developer API Keys and create a key with {SQUARESPACE_KEY_ACCESS}.{' '}
          {SQUARESPACE_KEY_NO_MORE}
          {blog && ' Blogs and portfolios are read from the public site, so it must not be private.'}
        </p>
        {errors.developerApiKey && (
          <p id="wizard-developer-api-key-error" role="alert" className="sniff-error">
            {errors.developerApiKey}
          </p>
        )}
        {guide && (
          <p>
            <a href={guide} target="_blank" rel="noopener noreferrer">
              How to create a Developer API Key
              <span className="sniff-visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
      </div>

      {blog && (
        <div className="sniff-field">
          <label htmlFor="wizard-sitemap-url">Sitemap URL (optional)</label>
          <input
            id="wizard-sitemap-url"
            name="sitemapUrl"
            type="url"
            inputMode="url"
            placeholder="https://www.your-site.com/sitemap.xml"
            value={form.sitemapUrl}
            aria-invalid={errors.sitemapUrl ? true : undefined}
            aria-describedby={describe('wizard-sitemap-url-hint', !!errors.sitemapUrl && 'wizard-sitemap-url-error')}
            onChange={(e) => onChange({ ...form, sitemapUrl: e.target.value })}
          />
          <p id="wizard-sitemap-url-hint" className="sniff-muted wizard-hint">
            Leave empty to use your site&apos;s /sitemap.xml.
          </p>
          {errors.sitemapUrl && (
            <p id="wizard-sitemap-url-error" role="alert" className="sniff-error">
              {errors.sitemapUrl}
            </p>
          )}
        </div>
      )}

      <Button disabled={!form.developerApiKey || connecting} onClick={onConnect}>
        {connecting ? 'Connecting...' : 'Connect Squarespace'}
      </Button>
    </section>
  );
}
