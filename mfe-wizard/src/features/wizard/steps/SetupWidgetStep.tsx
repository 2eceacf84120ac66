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

type DesignSettings = Pick<WidgetSettings, 'size' | 'rounded' | 'displayFormat' | 'showPrice'>;

const FORMAT_LABELS: Record<WidgetSettings['displayFormat'], string> = {
  cards: 'Cards (image, title, price)',
  list: 'List',
  auto: 'Automatic (cards when results have images)',
};

/**
 * The design a new store starts with: catalogue stores (Shopify, Squarespace) show products as cards
 * with price and image; custom websites always use the list (section 5).
 */
export function initialDesign(platform: CreateStoreResponse['platform']): DesignSettings {
  return {
    size: DEFAULT_WIDGET_SETTINGS.size,
    rounded: DEFAULT_WIDGET_SETTINGS.rounded,
    displayFormat: platform === 'custom' ? 'list' : 'cards',
    showPrice: true,
  };
}

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
  const [settings, setSettings] = useState<DesignSettings>(() => initialDesign(created.platform));
  const products = created.platform !== 'custom';
  const snippet = buildEmbedSnippet({
    storeId: created.store_id,
    platform: created.platform,
    type: created.type,
    widgetHost: platform.widgetHost,
    settings,
    isFree,
    source: created.source,
  });
  return (
    <section aria-labelledby="wizard-done-title">
      <h2 id="wizard-done-title">Search Bar Created! Install Widget Code</h2>
      <p>
        Store ID: <code data-testid="store-id">{created.store_id}</code>
      </p>
      <p className="sniff-muted">
        We are indexing {created.store_url || 'your store'} now. Follow its progress under Manage Your Widgets.
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
        {products && (
          <div className="sniff-field">
            <label htmlFor="widget-format">Results</label>
            <select
              id="widget-format"
              value={settings.displayFormat}
              onChange={(e) =>
                setSettings({ ...settings, displayFormat: e.target.value as WidgetSettings['displayFormat'] })
              }
            >
              {(['cards', 'list', 'auto'] as const).map((f) => (
                <option key={f} value={f}>
                  {FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className="wizard-check">
          <input
            type="checkbox"
            checked={settings.rounded}
            onChange={(e) => setSettings({ ...settings, rounded: e.target.checked })}
          />{' '}
          Rounded corners
        </label>
        {products && (
          <label className="wizard-check">
            <input
              type="checkbox"
              checked={settings.showPrice}
              onChange={(e) => setSettings({ ...settings, showPrice: e.target.checked })}
            />{' '}
            Show prices
          </label>
        )}
      </fieldset>

      <h3>Embed code</h3>
      <pre className="sniff-code">
        <code data-testid="embed-code">{snippet}</code>
      </pre>
      <CopyButton text={snippet} />

      <h3>Install it</h3>
      <ol>
        <li>Copy the code above.</li>
        {created.platform === 'squarespace' ? (
          <li>In Squarespace, add a Code block in HTML mode where the search bar should appear and paste the code.</li>
        ) : created.platform === 'shopify' ? (
          <li>In your Shopify theme, paste it where the search bar should appear (for example in the header).</li>
        ) : (
          <li>
            Paste it into your website&apos;s HTML where the search bar should appear (for example in the header).
          </li>
        )}
        <li>Publish your site and reload it: the search bar appears once indexing is done.</li>
        <li>If it does not appear, clear the browser cache and reload.</li>
      </ol>
      <p>
        <Link to="/dashboard/stores">Manage Your Widgets</Link>
      </p>
    </section>
  );
}
