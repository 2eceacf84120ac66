import { useEffect, useId, useRef } from 'react';
import { CATALOGUE_COLUMNS, shopifyStoreUrl } from '@sniff/contracts';
import { downloadExampleCatalogue } from '../catalogue';
import type { CatalogueUpload } from '../hooks/useCatalogueUpload';
import type { OauthState } from '../hooks/useShopifyOauth';
import { Button } from '@sniff/ui';

/** Rejected rows listed at most (the answer carries the first 100 of them). */
export const MAX_REJECTED_SHOWN = 100;

const UPLOAD_LABEL = {
  idle: 'Upload Catalogue',
  uploading: 'Creating Store...',
  success: 'Store Created Successfully',
  error: 'Failed - Try Again',
} as const;

const products = (n: number) => `${n.toLocaleString()} product${n === 1 ? '' : 's'}`;

function UploadResult({ upload, onContinue }: { upload: CatalogueUpload; onContinue: () => void }) {
  const headingId = useId();
  const result = upload.result;
  if (!result) return null;
  const shown = result.rejected.slice(0, MAX_REJECTED_SHOWN);
  const more = Math.max(0, result.rejected_count - shown.length);
  return (
    <>
      <p role="status" className="wizard-success">
        Imported {products(result.imported)}
        {result.rejected_count > 0 && `; ${result.rejected_count.toLocaleString()} rows were left out.`}
      </p>
      {result.rejected_count > 0 && (
        <section aria-labelledby={headingId} className="wizard-rejected" tabIndex={0}>
          <h4 id={headingId}>Rows not imported</h4>
          <ul>
            {shown.map((r) => (
              <li key={`${r.row}:${r.column}`}>
                Row {r.row}, {r.column}: {r.message}
              </li>
            ))}
          </ul>
          {more > 0 && <p>and {more.toLocaleString()} more</p>}
        </section>
      )}
      <Button onClick={onContinue}>Continue</Button>
    </>
  );
}

/** Step 3 for Shopify: upload a product catalogue (CSV), or connect the shop with Shopify (OAuth). */
export function ConnectShopifyStep({
  storeName,
  upload,
  oauth,
  onContinue,
}: {
  storeName: string;
  upload: CatalogueUpload;
  oauth: { state: OauthState; error: string | null; start: () => void; cancel: () => void };
  onContinue: () => void;
}) {
  const shop = shopifyStoreUrl(storeName);
  const uploading = upload.state === 'uploading';
  const created = upload.state === 'success';
  const oauthBusy = oauth.state !== 'idle';
  // The Connect button and the waiting row's Cancel replace each other: focus follows, rather than falling to
  // the page when the button under it goes away (Cancel pressed, the Shopify window closed or failed).
  const connectRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const focusWasHere = useRef(false);
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (oauth.state === 'idle') {
      if (focusWasHere.current && lost) connectRef.current?.focus();
      focusWasHere.current = false;
      return;
    }
    if (lost || document.activeElement === connectRef.current) focusWasHere.current = true;
    if (oauth.state === 'waiting' && focusWasHere.current) cancelRef.current?.focus();
  }, [oauth.state]);
  return (
    <section aria-labelledby="wizard-connect-title">
      <h2 id="wizard-connect-title">Connect Your Shopify Store</h2>
      {'url' in shop && (
        <p className="sniff-muted">
          Shopify store: <strong>{shop.url}</strong>
        </p>
      )}

      <fieldset className="sniff-fieldset" aria-busy={uploading}>
        <legend>Upload a product catalogue (CSV)</legend>
        <p className="sniff-muted">
          Two kinds of file are accepted. Shopify&apos;s own product export (in Shopify admin, Products, then Export),
          uploaded as it is: a product&apos;s variants become one product with its price range, and drafts and archived
          products are left out and listed. Or a CSV with the columns <code>{CATALOGUE_COLUMNS.join(', ')}</code>: the
          first line names the columns; only <code>name</code> is required. The store name must match your myshopify
          address.
        </p>
        <p>
          <Button variant="secondary" onClick={() => downloadExampleCatalogue()}>
            Download example CSV
          </Button>
        </p>
        <div className="sniff-field">
          <label htmlFor="wizard-catalogue">Product catalogue (CSV)</label>
          <input
            id="wizard-catalogue"
            type="file"
            accept=".csv,text/csv"
            disabled={uploading || created || oauthBusy}
            aria-invalid={upload.fileError ? true : undefined}
            aria-describedby={upload.fileError ? 'wizard-catalogue-error' : undefined}
            onChange={(e) => upload.choose(e.target.files?.[0] ?? null)}
          />
          {upload.fileError && (
            <p id="wizard-catalogue-error" role="alert" className="sniff-error">
              {upload.fileError}
            </p>
          )}
        </div>
        <Button
          disabled={!upload.file || !!upload.fileError || uploading || created || oauthBusy}
          onClick={() => void upload.upload()}
        >
          {UPLOAD_LABEL[upload.state]}
        </Button>
        {upload.error && (
          <p role="alert" className="sniff-error">
            {upload.error}
          </p>
        )}
        <UploadResult upload={upload} onContinue={onContinue} />
      </fieldset>

      <fieldset className="sniff-fieldset">
        <legend>Or connect with Shopify</legend>
        <p className="sniff-muted">
          Sign in to Shopify and allow Sniff to read your products (read only). A Shopify window opens; your products
          then stay in sync.
        </p>
        {oauth.state === 'waiting' ? (
          <div className="wizard-page-actions">
            <span role="status">
              <span className="sniff-ui-spinner" aria-hidden="true" /> Waiting for Shopify...
            </span>
            <Button ref={cancelRef} variant="secondary" onClick={oauth.cancel}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button
            ref={connectRef}

            disabled={oauthBusy || uploading || created || 'error' in shop}
            onClick={oauth.start}
          >
            {oauth.state === 'starting' ? 'Connecting...' : 'Connect with Shopify'}
          </Button>
        )}
        {oauth.error && (
          <p role="alert" className="sniff-error">
            {oauth.error}
          </p>
        )}
      </fieldset>
    </section>
  );
}
