import { useState } from 'react';
import { SITEMAP_URL_INVALID, sitemapUrlSchema } from '@sniff/contracts';
import { Button } from '@sniff/ui';

/**
 * A custom website's optional sitemap URL (spec step 3): pages are found again from it, through the stores
 * service's discovery. Checked here with the service's own rule, so a bad address never leaves the browser.
 */
export function SitemapField({ busy, onFind }: { busy: boolean; onFind: (sitemapUrl: string | undefined) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const find = () => {
    const parsed = sitemapUrlSchema.safeParse(value);
    if (!parsed.success) return setError(SITEMAP_URL_INVALID);
    setError(null);
    onFind(parsed.data);
  };
  return (
    <div className="sniff-field">
      <label htmlFor="wizard-custom-sitemap-url">Sitemap URL (optional)</label>
      <div className="wizard-page-actions">
        <input
          id="wizard-custom-sitemap-url"
          name="sitemapUrl"
          type="url"
          inputMode="url"
          placeholder="https://www.your-site.com/sitemap.xml"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'wizard-custom-sitemap-hint wizard-custom-sitemap-error' : 'wizard-custom-sitemap-hint'
          }
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') find();
          }}
        />
        <Button variant="secondary" disabled={busy} onClick={find}>
          Find pages
        </Button>
      </div>
      <p id="wizard-custom-sitemap-hint" className="sniff-muted wizard-hint">
        If your sitemap is not at /sitemap.xml, enter its address to find your pages from it. Leave empty to look again
        the usual way.
      </p>
      {error && (
        <p id="wizard-custom-sitemap-error" role="alert" className="sniff-error">
          {error}
        </p>
      )}
    </div>
  );
}
