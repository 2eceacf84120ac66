import type { StoreStatus } from '@sniff/contracts';

/**
 * queued amber, running blue (spinning), done green, failed red; a sync that finished but skipped
 * items reads "Done with warnings" in amber. Local: @sniff/ui's StatusBadge has no warning state.
 */
export function StatusBadge({ status, warning = false }: { status: StoreStatus; warning?: boolean }) {
  if (status === 'done' && warning) {
    return (
      <span className="status-badge status-badge--warning">
        <span aria-hidden="true">!</span>
        Done with warnings
      </span>
    );
  }
  return (
    <span className={`status-badge status-badge--${status}`}>
      {status === 'running' && <span className="sniff-spinner__dot" aria-hidden="true" />}
      {status}
    </span>
  );
}
