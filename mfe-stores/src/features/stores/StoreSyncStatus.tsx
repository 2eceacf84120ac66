import type { Store } from '@sniff/contracts';
import { StatusBadge } from '@sniff/ui';
import { absoluteTime, parseDate } from '../../shared/time';
import { countOf, hasWarnings, isSyncing, progressText, skippedText } from './sync-info';

/** A <progress> for a running sync: determinate once the total is known. */
export function SyncProgressBar({ store, label }: { store: Store; label: string }) {
  const progress = store.progress;
  if (!progress) return <progress className="stores-progress" aria-label={label} />;
  return progress.total === null ? (
    <progress className="stores-progress" aria-label={label} />
  ) : (
    <progress
      className="stores-progress"
      aria-label={label}
      value={Math.min(progress.done, progress.total)}
      max={Math.max(progress.total, 1)}
    />
  );
}

/** A store's row status: badge, live progress or what the index holds, skipped items, why a sync failed. */
export function StoreSyncStatus({ store, name }: { store: Store; name: string }) {
  const lastSynced = parseDate(store.last_synced_at);
  return (
    <div className="stores-sync">
      <StatusBadge status={store.status} warning={hasWarnings(store)} />
      {isSyncing(store) ? (
        <>
          <p className="stores-detail">{progressText(store)}</p>
          {(store.status === 'running' || store.progress) && (
            <SyncProgressBar store={store} label={`Sync progress of ${name}`} />
          )}
        </>
      ) : (
        store.pages !== undefined && <p className="stores-detail">{countOf(store, store.pages)}</p>
      )}
      {hasWarnings(store) && <p className="stores-detail stores-warning">{skippedText(store)}</p>}
      {store.status === 'failed' && store.status_reason && (
        <p className="sniff-error stores-reason">{store.status_reason}</p>
      )}
      {store.status === 'failed' && lastSynced && (
        <p className="stores-detail">
          Search keeps answering from the last successful sync (
          <time dateTime={lastSynced.toISOString()}>{absoluteTime(lastSynced)}</time>).
        </p>
      )}
    </div>
  );
}
