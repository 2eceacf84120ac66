import { useId, useState } from 'react';
import { usePlans, usePlatform } from '@sniff/shell-sdk';
import { buildEmbedSnippet, entitlementsFor, type Store } from '@sniff/contracts';
import { CopyButton, StatusBadge, Tabs } from '@sniff/ui';
import { SearchTuning } from './search-tuning/SearchTuning';
import { useSearchTuning } from './search-tuning/useSearchTuning';
import { hasWarnings } from './sync-info';
import { SyncSection } from './SyncSection';

type PanelTab = 'details' | 'search';
const TABS: { id: PanelTab; label: string }[] = [
  { id: 'details', label: 'Details' },
  { id: 'search', label: 'Search tuning' },
];

function Details({ store }: { store: Store }) {
  const platform = usePlatform();
  const isFree = entitlementsFor(usePlans() ?? []).isFree;
  const snippet = buildEmbedSnippet({
    storeId: store.id,
    platform: store.platform,
    type: store.store_type,
    widgetHost: platform.widgetHost,
    // Section 3: the manage panel's default is cards (products with image and price); custom sites stay a list.
    settings: { displayFormat: 'cards' },
    isFree,
    source: store.source,
  });
  return (
    <>
      <dl>
        <dt>ID</dt>
        <dd>{store.id}</dd>
        <dt>Name</dt>
        <dd>{store.name || 'Unnamed Store'}</dd>
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
      <p className="sniff-muted">Widget customisation and live preview are coming in a later release.</p>
      <pre className="sniff-code" aria-label="Embed code">
        <code>{snippet}</code>
      </pre>
      <CopyButton text={snippet} />
    </>
  );
}

/** Manage panel: the info block and embed code, and the store's search tuning (synonyms, stop words). */
export function ManagePanel({ store, onClose, onDelete }: { store: Store; onClose: () => void; onDelete: () => void }) {
  const titleId = useId();
  const [tab, setTab] = useState<PanelTab>('details');
  // Settings load the first time their tab opens, and edits survive switching tabs.
  const [tuningOpened, setTuningOpened] = useState(false);
  const tuning = useSearchTuning(store.id, tuningOpened);
  const choose = (next: PanelTab) => {
    setTab(next);
    if (next === 'search') setTuningOpened(true);
  };
  // Save Changes keeps its spec meaning (close the panel) and also saves unsaved search tuning;
  // if that fails the panel stays open on the tab that says why.
  const saveAndClose = async () => {
    if (!tuning.dirty || (await tuning.save())) onClose();
    else setTab('search');
  };
  return (
    <section aria-labelledby={titleId} className="stores-manage">
      <h3 id={titleId}>Manage {store.name || 'Unnamed Store'}</h3>
      <Tabs label="Manage store" tabs={TABS} value={tab} onChange={choose}>
        {tab === 'details' ? <Details store={store} /> : <SearchTuning storeId={store.id} tuning={tuning} />}
      </Tabs>
      <div className="wizard-nav">
        <button type="button" className="sniff-button sniff-button--danger" onClick={onDelete}>
          Delete Store
        </button>
        <button type="button" className="sniff-button sniff-button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="sniff-button" disabled={tuning.saving} onClick={() => void saveAndClose()}>
          Save Changes
        </button>
      </div>
    </section>
  );
}
