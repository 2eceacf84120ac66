import { useId, useState } from 'react';
import { MAIN_URL_REQUIRED, pageLimitMessage } from '@sniff/contracts';
import { Spinner, Button } from '@sniff/ui';
import { SitemapField } from './SitemapField';

export interface ConnectCustomProps {
  mainUrl: string;
  pages: string[];
  selected: ReadonlySet<string>;
  discovering: boolean;
  discoverError: string | null;
  isFree: boolean;
  maxPages: number;
  connecting: boolean;
  onToggle: (url: string) => void;
  onSelect: (urls: string[]) => void;
  /** Discovers the pages again, from this sitemap (or the usual way when undefined). */
  onFindFromSitemap: (sitemapUrl: string | undefined) => void;
  onConnect: () => void;
}

export function ConnectCustomStep(props: ConnectCustomProps) {
  const { mainUrl, pages, selected, discovering, discoverError, isFree, maxPages, connecting } = props;
  const count = 1 + selected.size;
  const overLimit = count > maxPages;
  // The main URL's box stays ticked; unticking it says why instead of doing nothing (a disabled box says nothing).
  const [mainUrlKept, setMainUrlKept] = useState(false);
  const mainNoteId = useId();
  return (
    <section aria-labelledby="wizard-connect-title">
      <h2 id="wizard-connect-title">Connect Your Website</h2>

      <fieldset className="sniff-fieldset">
        <legend>Site Type</legend>
        <label>
          <input type="radio" name="siteType" value="business" defaultChecked /> SaaS/Business
        </label>
        <label className="sniff-muted">
          <input type="radio" name="siteType" value="blog" disabled /> Blog{' '}
          <span className="sniff-badge">Coming Soon</span>
        </label>
      </fieldset>

      <SitemapField busy={discovering} onFind={props.onFindFromSitemap} />

      <fieldset className="sniff-fieldset" aria-busy={discovering}>
        <legend>Discovered Pages</legend>
        {discovering ? (
          <p>
            <Spinner label="Discovering pages" /> Discovering pages...
          </p>
        ) : (
          <>
            <p className="sniff-muted">
              {count} of {1 + pages.length} selected. Your plan indexes up to {maxPages} pages, the main URL included.
            </p>
            <div className="wizard-page-actions">
              {isFree ? (
                <Button
                  variant="secondary"
                  disabled={pages.length === 0}
                  onClick={() => props.onSelect(pages.slice(0, 1))}
                >
                  Select Main + 1
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  disabled={pages.length === 0}
                  onClick={() => props.onSelect(pages.slice(0, Math.max(0, maxPages - 1)))}
                >
                  Select All
                </Button>
              )}
              <Button variant="secondary" onClick={() => props.onSelect([])}>
                Main URL Only
              </Button>
            </div>
            <ul className="wizard-pages">
              <li>
                <label>
                  <input type="checkbox" checked aria-describedby={mainNoteId} onChange={() => setMainUrlKept(true)} />
                  {mainUrl}
                </label>{' '}
                <span className="sniff-badge">Main URL, always included</span>
                <span id={mainNoteId} role="status" className="sniff-error">
                  {mainUrlKept ? MAIN_URL_REQUIRED : ''}
                </span>
              </li>
              {pages.map((url) => (
                <li key={url}>
                  <label>
                    <input type="checkbox" checked={selected.has(url)} onChange={() => props.onToggle(url)} />
                    {url}
                  </label>
                </li>
              ))}
            </ul>
            {discoverError && (
              <p role="alert" className="sniff-error">
                {discoverError}
              </p>
            )}
            {pages.length === 0 && (
              <div className="sniff-note">
                <p>We could not find other pages on this website. Possible causes:</p>
                <ul>
                  <li>the site has no sitemap.xml and few links on its main page;</li>
                  <li>its robots.txt blocks the links we found;</li>
                  <li>the site was unreachable or did not answer with an HTML page.</li>
                </ul>
                <p>You can still connect the main URL alone.</p>
              </div>
            )}
          </>
        )}
      </fieldset>

      {overLimit && (
        <p role="alert" className="sniff-warning">
          {pageLimitMessage({ isFree, maxCustomPages: maxPages })}
        </p>
      )}
      <Button disabled={discovering || connecting || overLimit} onClick={props.onConnect}>
        {connecting ? 'Connecting...' : 'Connect Custom Website'}
      </Button>
    </section>
  );
}
