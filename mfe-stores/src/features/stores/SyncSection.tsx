import { useId } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import type { Store } from '@sniff/contracts';
import { useSyncStoreMutation } from '../../shared/api';
import { absoluteTime, parseDate, relativeTime, useNow } from '../../shared/time';
import { CatalogueUpload } from './CatalogueUpload';
import { SyncProgressBar } from './StoreSyncStatus';
import { countOf, isSyncing, progressText, sourceOf } from './sync-info';
import { Button } from '@sniff/ui';

/** When the wait is shorter than this, the button counts down in seconds; longer waits name the time. */
const COUNTDOWN_MS = 2 * 60 * 1000;

function When({ at, now }: { at: Date; now: number }) {
  const absolute = absoluteTime(at);
  return (
    <>
      <time dateTime={at.toISOString()} title={absolute}>
        {relativeTime(at, now)}
      </time>{' '}
      <span className="sniff-muted">({absolute})</span>
    </>
  );
}

/** "Available again in 42 s" / "Available again at 10:05 AM" while Sync now is resting; null when it may be pressed. */
export function availableAgain(availableAt: Date | null, now: number): string | null {
  if (!availableAt) return null;
  const wait = availableAt.getTime() - now;
  if (wait <= 0) return null;
  if (wait < COUNTDOWN_MS) return `Available again in ${Math.ceil(wait / 1000)} s`;
  return `Available again at ${availableAt.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`;
}

function SkippedItems({ store }: { store: Store }) {
  const count = store.skipped_count ?? 0;
  const items = store.skipped ?? [];
  if (count === 0) return null;
  return (
    <details className="stores-skipped">
      <summary>Skipped items ({count.toLocaleString()})</summary>
      <p className="sniff-muted">
        The last sync could not index {count === 1 ? 'this item' : 'these items'}
        {items.length < count
          ? ` (the first ${items.length.toLocaleString()} of ${count.toLocaleString()} are listed)`
          : ''}
        .
      </p>
      <ul tabIndex={0} aria-label="Skipped items and reasons">
        {items.map((skipped, i) => (
          <li key={`${i}:${skipped.item}`}>
            <span className="stores-skipped-item">{skipped.item}</span>: {skipped.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The manage panel's Sync section: when it last ran and runs next, what the index holds, and Sync now. */
export function SyncSection({ store }: { store: Store }) {
  const headingId = useId();
  const hintId = useId();
  const [sync, state] = useSyncStoreMutation();
  const lastSynced = parseDate(store.last_synced_at);
  const nextSync = parseDate(store.next_sync_at);
  const availableAt = parseDate(store.sync_available_at);
  // Every second while a countdown may show, else twice a minute for "5 minutes ago".
  const now = useNow(availableAt ? 1000 : 30_000);
  const resting = availableAgain(availableAt, now);
  const syncing = isSyncing(store) || state.isLoading;
  const catalogue = sourceOf(store) === 'shopify-csv';
  // The file's upload time: Sync now hands the same products again and changes nothing of it.
  const uploaded = parseDate(store.catalogue_uploaded_at) ?? parseDate(store.created_at);

  return (
    <section aria-labelledby={headingId} className="stores-sync-section">
      <h4 id={headingId}>Sync</h4>
      <dl>
        <dt>Last sync</dt>
        <dd>{lastSynced ? <When at={lastSynced} now={now} /> : 'Not yet'}</dd>
        {catalogue ? (
          <>
            <dt>Catalogue</dt>
            <dd>
              Catalogue uploaded {uploaded ? absoluteTime(uploaded) : 'with this store'}; upload a new catalogue to
              change products
            </dd>
          </>
        ) : (
          <>
            <dt>Next sync</dt>
            <dd>{nextSync ? <When at={nextSync} now={now} /> : 'Not scheduled'}</dd>
          </>
        )}
        <dt>Items indexed</dt>
        <dd>{store.pages !== undefined ? countOf(store, store.pages) : 'Not known yet'}</dd>
      </dl>
      {isSyncing(store) && (
        <div className="stores-sync-progress">
          <p className="stores-detail">{progressText(store)}</p>
          <SyncProgressBar store={store} label="Sync progress" />
        </div>
      )}
      <div className="stores-sync-actions">
        <Button
          disabled={syncing || !!resting}
          aria-describedby={resting ? hintId : undefined}
          onClick={() => void sync({ store_id: store.id })}
        >
          {syncing ? 'Syncing...' : 'Sync now'}
        </Button>
        {resting && !syncing && (
          <span id={hintId} className="sniff-muted">
            {resting}
          </span>
        )}
      </div>
      {state.isError && (
        <p role="alert" className="sniff-error">
          {errorMessage(state.error)}
        </p>
      )}
      {catalogue && <CatalogueUpload store={store} />}
      <SkippedItems store={store} />
    </section>
  );
}
