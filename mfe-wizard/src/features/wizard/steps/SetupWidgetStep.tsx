import { useEffect, useRef, useState } from 'react';
import { DestinationLink, errorMessage, usePlatform } from '@sniff/shell-sdk';
import {
  buildEmbedSnippet,
  DEFAULT_WIDGET_SETTINGS,
  type CreateStoreResponse,
  type WidgetSettings,
  type WidgetSettingsResponse,
} from '@sniff/contracts';
import { Alert, Button, CopyButton } from '@sniff/ui';
import { sameSettings, studioErrors, WidgetPreview, WidgetStudio, type StudioPlan } from '@sniff/widget-studio';
import { useSaveWidgetSettingsMutation } from '../../../shared/api';

/** A change is saved once the owner has stopped editing this long. */
export const AUTOSAVE_MS = 600;

/**
 * The design a new store starts with (section 3): the list, the spec's wizard default (the owner may pick
 * cards); paid owners get "Search by {site}" as the placeholder, {site} being what the owner called the store
 * (its nickname, else its name; its address only when neither is known, as after Shopify's redirect), free
 * owners the fixed promotional text.
 */
export function initialDesign(
  created: CreateStoreResponse,
  customPlaceholder: boolean,
  storeName = '',
): WidgetSettings {
  let site = storeName.trim();
  if (!site) {
    try {
      site = new URL(created.store_url).hostname.replace(/^www\./, '');
    } catch {
      site = created.store_url; // keep what the owner typed
    }
  }
  return {
    ...DEFAULT_WIDGET_SETTINGS,
    displayFormat: 'list',
    ...(customPlaceholder && site ? { searchPlaceholder: `Search by ${site}`.slice(0, 120) } : {}),
  };
}

export function SetupWidgetStep({
  created,
  storeName,
  isFree,
  plan,
}: {
  created: CreateStoreResponse;
  /** What the owner called the store in step 2 (nickname, else name); empty when not known. */
  storeName: string;
  isFree: boolean;
  plan: StudioPlan;
}) {
  const platform = usePlatform();
  const [settings, setSettings] = useState<WidgetSettings>(() =>
    initialDesign(created, plan.customPlaceholder, storeName),
  );
  const [saved, setSaved] = useState<WidgetSettingsResponse | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saveSettings, saving] = useSaveWidgetSettingsMutation();
  const errors = studioErrors(settings, plan, created.platform);
  const valid = Object.keys(errors).length === 0;
  const attempt = useRef(0);
  const [retries, setRetries] = useState(0);

  // The design is saved as soon as the store exists and after each change, so the code below (built
  // from what is saved) and the installed widget always agree.
  const pending = valid && (!saved || !sameSettings(saved.settings, settings));
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(
      async () => {
        const mine = ++attempt.current;
        try {
          const answer = await saveSettings({ storeId: created.store_id, settings }).unwrap();
          if (mine === attempt.current) {
            setSaved(answer);
            setSaveError(null);
          }
        } catch (error) {
          if (mine === attempt.current) setSaveError(errorMessage(error));
        }
      },
      saved ? AUTOSAVE_MS : 0,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved only decides the delay
  }, [pending, settings, created.store_id, saveSettings, retries]);

  const snippet = buildEmbedSnippet({
    storeId: created.store_id,
    platform: created.platform,
    type: created.type,
    widgetHost: platform.widgetHost,
    settings: saved?.settings ?? initialDesign(created, plan.customPlaceholder, storeName),
    settingsVersion: saved?.version,
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

      <h3>Design your widget</h3>
      <div className="sniff-studio-layout">
        <div>
          <WidgetStudio
            value={settings}
            onChange={setSettings}
            plan={plan}
            platform={created.platform}
            errors={errors}
          />
          <p className="sniff-muted" role="status" data-testid="design-status">
            {!valid
              ? 'Correct the highlighted fields to save your design.'
              : saving.isLoading || pending
                ? 'Saving your design…'
                : saved
                  ? 'Design saved.'
                  : ''}
          </p>
          {saveError && (
            <Alert kind="error">
              Your design could not be saved: {saveError}{' '}
              <Button variant="secondary" onClick={() => setRetries((n) => n + 1)}>
                Try again
              </Button>
            </Alert>
          )}
        </div>
        {valid ? (
          <WidgetPreview
            storeId={created.store_id}
            platform={created.platform}
            type={created.type}
            source={created.source}
            widgetHost={platform.widgetHost}
            settings={settings}
            isFree={isFree}
            label="Live preview (results appear once indexing is done)"
          />
        ) : (
          <section className="sniff-studio-preview" aria-label="Live preview">
            <h4>Live preview</h4>
            <p className="sniff-muted">Correct the highlighted fields to see the preview.</p>
          </section>
        )}
      </div>

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
        <DestinationLink to="stores.manage">Manage Your Widgets</DestinationLink>
      </p>
    </section>
  );
}
