import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePlatform } from '@sniff/shell-sdk';
import {
  buildEmbedSnippet,
  DEFAULT_WIDGET_SETTINGS,
  type CreateStoreResponse,
  type WidgetSettings,
  type WidgetSize,
} from '@sniff/contracts';
import { CopyButton } from '@sniff/ui';

export function SetupWidgetStep({
  created,
  isFree,
  sizes,
}: {
  created: CreateStoreResponse;
  isFree: boolean;
  sizes: readonly WidgetSize[];
}) {
  const platform = usePlatform();
  const [settings, setSettings] = useState<Pick<WidgetSettings, 'size' | 'rounded'>>({
    size: DEFAULT_WIDGET_SETTINGS.size,
    rounded: DEFAULT_WIDGET_SETTINGS.rounded,
  });
  const snippet = buildEmbedSnippet({
    storeId: created.store_id,
    platform: 'custom',
    type: 'business',
    widgetHost: platform.widgetHost,
    settings,
    isFree,
  });
  return (
    <section aria-labelledby="wizard-done-title">
      <h2 id="wizard-done-title">Search Bar Created! Install Widget Code</h2>
      <p>
        Store ID: <code data-testid="store-id">{created.store_id}</code>
      </p>
      <p className="sniff-muted">
        We are indexing {created.store_url} now. Follow its progress under Manage Your Widgets.
      </p>

      <fieldset className="sniff-fieldset">
        <legend>Widget design</legend>
        <div className="sniff-field">
          <label htmlFor="widget-size">Size</label>
          <select
            id="widget-size"
            value={settings.size}
            onChange={(e) => setSettings({ ...settings, size: e.target.value as WidgetSize })}
          >
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          {isFree && <p className="sniff-muted">Free plan: small and medium sizes.</p>}
        </div>
        <label>
          <input
            type="checkbox"
            checked={settings.rounded}
            onChange={(e) => setSettings({ ...settings, rounded: e.target.checked })}
          />{' '}
          Rounded corners
        </label>
      </fieldset>

      <h3>Embed code</h3>
      <pre className="sniff-code">
        <code data-testid="embed-code">{snippet}</code>
      </pre>
      <CopyButton text={snippet} />

      <h3>Install it</h3>
      <ol>
        <li>Copy the code above.</li>
        <li>Paste it into your website&apos;s HTML where the search bar should appear (for example in the header).</li>
        <li>Publish your site and reload it: the search bar appears once indexing is done.</li>
        <li>If it does not appear, clear the browser cache and reload.</li>
      </ol>
      <p>
        <Link to="/dashboard/stores">Manage Your Widgets</Link>
      </p>
    </section>
  );
}
