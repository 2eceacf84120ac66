import type { StoreStatus } from '@sniff/contracts';

/** queued amber, running blue (spinning), done green, failed red. Local until @sniff/ui has it. */
export function StatusBadge({ status }: { status: StoreStatus }) {
  return (
    <span className={`status-badge status-badge--${status}`}>
      {status === 'running' && <span className="sniff-spinner__dot" aria-hidden="true" />}
      {status}
    </span>
  );
}
