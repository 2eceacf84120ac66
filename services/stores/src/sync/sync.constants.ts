/** One job per store sync; `stately` with the store id as singleton key: at most one queued and one running per store. */
export const SYNC_QUEUE = 'sync-store';
/** The cron job that looks for stores due a sync (sent once a minute by one replica). */
export const SYNC_DUE_QUEUE = 'sync-due';
/** Skipped items kept for the owner to read; the count covers all. */
export const MAX_SKIPPED_LISTED = 50;
/** Items one store may hold; more are skipped with a reason. */
export const MAX_ITEMS_PER_STORE = 20_000;
/** Progress is written at most this often while a sync runs. */
export const PROGRESS_EVERY_MS = 500;

export interface SyncJob {
  storeId: string;
  /**
   * Set by an edit of a custom website's page list: a page the last sync indexed is kept as it was,
   * without fetching it again, so only the added pages are fetched. Scheduled syncs and "Sync now"
   * leave it unset and fetch every page (with the last sync's validators).
   */
  reuseKept?: boolean;
}
