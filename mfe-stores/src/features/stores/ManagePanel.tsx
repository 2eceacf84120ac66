import { useId } from 'react';
import { usePlans, usePlatform } from '@sniff/shell-sdk';
import { buildEmbedSnippet, entitlementsFor, type Store } from '@sniff/contracts';
import { CopyButton } from '@sniff/ui';
import { StatusBadge } from '../../shared/ui/StatusBadge';

/** Manage panel (walking skeleton): the info block and the embed code. Customisation comes later. */
export function ManagePanel({ store, onClose, onDelete }: { store: Store; onClose: () => void; onDelete: () => void }) {
  const platform = usePlatform();
  const isFree = entitlementsFor(usePlans() ?? []).isFree;
  const titleId = useId();
  const snippet = buildEmbedSnippet({
    storeId: store.id,
    platform: store.platform,
    type: store.store_type,
    widgetHost: platform.widgetHost,
    isFree,
  });
  return (
    <section aria-labelledby={titleId} className="stores-manage">
      <h3 id={titleId}>Manage {store.name || 'Unnamed Store'}</h3>
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
          <StatusBadge status={store.status} />
        </dd>
      </dl>
      <p className="sniff-muted">Widget customisation and live preview are coming in a later release.</p>
      <pre className="sniff-code" aria-label="Embed code">
        <code>{snippet}</code>
      </pre>
      <CopyButton text={snippet} />
      <div className="wizard-nav">
        <button type="button" className="sniff-button sniff-button--danger" onClick={onDelete}>
          Delete Store
        </button>
        <button type="button" className="sniff-button sniff-button--secondary" onClick={onClose}>
          Cancel
        </button>
        {/* Per the spec, Save Changes only closes the panel: there is no save call yet. */}
        <button type="button" className="sniff-button" onClick={onClose}>
          Save Changes
        </button>
      </div>
    </section>
  );
}
