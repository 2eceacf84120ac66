import { useId, useState } from 'react';
import { usePlans, usePlatform } from '@sniff/shell-sdk';
import { buildEmbedSnippet, entitlementsFor, type Store } from '@sniff/contracts';
import { Button, CopyButton, Spinner, StatusBadge, Tabs, useToast } from '@sniff/ui';
import { SearchTuning, type TuningPrefill } from './search-tuning/SearchTuning';
import { useSearchTuning } from './search-tuning/useSearchTuning';
import { PAGES_SAVED, PagesSection, usePagesDraft, type PagesDraft } from './PagesSection';
import { hasWarnings, sourceOf } from './sync-info';
import { SyncSection } from './SyncSection';
import { settingsShown, useWidgetSettings, type WidgetSettingsState } from './widget/useWidgetSettings';
import { WidgetTab } from './widget/WidgetTab';
import { ZeroResultAlertSwitch } from './ZeroResultAlertSwitch';

export type PanelTab = 'details' | 'widget' | 'search';
const TABS: { id: PanelTab; label: string }[] = [
  { id: 'details', label: 'Details' },
  { id: 'widget', label: 'Widget' },
  { id: 'search', label: 'Search tuning' },
];

/** The embed code of what is saved (never the unsaved draft), with the saved version it was made from. */
function EmbedCode({ store, widget }: { store: Store; widget: WidgetSettingsState }) {
  const platform = usePlatform();
  const isFree = entitlementsFor(usePlans() ?? []).isFree;
  if (!widget.saved) return widget.query.isError ? null : <Spinner label="Loading embed code" />;
  const snippet = buildEmbedSnippet({
    storeId: store.id,
    platform: store.platform,
    type: store.store_type,
    widgetHost: platform.widgetHost,
    settings: settingsShown(widget.saved, store.platform),
    settingsVersion: widget.saved.version,
    isFree,
    source: store.source,
  });
  return (
    <>
      <pre className="sniff-code" aria-label="Embed code">
        <code data-testid="manage-embed-code">{snippet}</code>
      </pre>
      <CopyButton text={snippet} />
    </>
  );
}

function Details({ store, widget, pages }: { store: Store; widget: WidgetSettingsState; pages: PagesDraft }) {
  return (
    <>
      <dl>
        <dt>ID</dt>
        <dd>{store.id}</dd>
        <dt>Name</dt>
        <dd>{store.name || 'Unnamed Store'}</dd>
        {store.nickname && (
          <>
            <dt>Nickname</dt>
            <dd>{store.nickname}</dd>
          </>
        )}
        <dt>URL</dt>
        <dd>{store.url}</dd>
        <dt>Platform</dt>
        <dd>{store.platform}</dd>
        <dt>Type</dt>
        <dd>{store.store_type}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={store.status} warning={hasWarnings(store)} />
        </dd>
      </dl>
      <SyncSection store={store} />
      {store.platform === 'custom' && sourceOf(store) === 'crawl' && <PagesSection store={store} draft={pages} />}
      <p className="sniff-muted">
        Paste this code once. Changes you save in the Widget tab reach your site on its next load.
      </p>
      <EmbedCode store={store} widget={widget} />
      <ZeroResultAlertSwitch store={store} />
    </>
  );
}

/**
 * Manage panel: the info block, sync, embed code and weekly zero-result e-mail switch, the widget's look, and the
 * store's search tuning (synonyms, stop words, pins).
 */
export function ManagePanel({
  store,
  onClose,
  onDelete,
  initialTab = 'details',
  prefill,
}: {
  store: Store;
  onClose: () => void;
  onDelete: () => void;
  /** The tab it opens on (a link may ask for search tuning). */
  initialTab?: PanelTab;
  /** A new pin or synonym rule to start in the search tuning tab (from a link). */
  prefill?: TuningPrefill;
}) {
  const titleId = useId();
  const [tab, setTab] = useState<PanelTab>(initialTab);
  // Settings load the first time their tab opens, and edits survive switching tabs.
  const [tuningOpened, setTuningOpened] = useState(initialTab === 'search');
  const tuning = useSearchTuning(store.id, tuningOpened);
  const widget = useWidgetSettings(store);
  const pages = usePagesDraft(store);
  const toast = useToast();
  const choose = (next: PanelTab) => {
    setTab(next);
    if (next === 'search') setTuningOpened(true);
  };
  // The panel's one save: Save Changes keeps its spec meaning (close the panel) and saves every part first,
  // a website's pages, the widget's look and the search tuning; if a part fails the panel stays open on the tab
  // that says why. (Save pages in the Pages section applies the pages at once, as Sync now does.)
  const saveAndClose = async () => {
    const pagesChanged = pages.dirty;
    if (!(await pages.save())) return setTab('details');
    if (pagesChanged) toast(PAGES_SAVED);
    const widgetChanged = widget.dirty;
    if (!(await widget.save())) return setTab('widget');
    if (widgetChanged) toast('Widget saved. Your site shows the new look on its next load.');
    const tuningChanged = tuning.dirty;
    if (!(await tuning.save())) return setTab('search');
    if (tuningChanged) toast('Search settings saved.');
    onClose();
  };
  const saving = tuning.saving || widget.saving || pages.saving.isLoading;
  return (
    <section aria-labelledby={titleId} className="stores-manage">
      <h3 id={titleId}>Manage {store.name || 'Unnamed Store'}</h3>
      <Tabs label="Manage store" tabs={TABS} value={tab} onChange={choose}>
        {tab === 'details' ? (
          <Details store={store} widget={widget} pages={pages} />
        ) : tab === 'widget' ? (
          <WidgetTab store={store} widget={widget} />
        ) : (
          <SearchTuning storeId={store.id} tuning={tuning} prefill={prefill} />
        )}
      </Tabs>
      <div className="wizard-nav">
        <Button variant="danger" onClick={onDelete}>
          Delete Store
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={saving} onClick={() => void saveAndClose()}>
          {saving ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </section>
  );
}
