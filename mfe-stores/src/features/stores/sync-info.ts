import type { Store, StoreSource } from '@sniff/contracts';

const NOUNS: Record<StoreSource, [string, string]> = {
  crawl: ['page', 'pages'],
  squarespace: ['item', 'items'],
  'shopify-csv': ['product', 'products'],
  'shopify-oauth': ['product', 'products'],
};

/** Where a store's content comes from; stores listed before `source` existed follow their platform. */
export function sourceOf(store: Store): StoreSource {
  if (store.source) return store.source;
  return store.platform === 'custom' ? 'crawl' : store.platform === 'squarespace' ? 'squarespace' : 'shopify-csv';
}

/** "12 pages", "1 product", "320 items": `n` things of the store's kind. */
export function countOf(store: Store, n: number): string {
  const [one, many] = NOUNS[sourceOf(store)];
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

export const isSyncing = (store: Store) => store.status === 'queued' || store.status === 'running';
export const hasWarnings = (store: Store) => store.status === 'done' && (store.skipped_count ?? 0) > 0;

export function skippedText(store: Store): string {
  const n = store.skipped_count ?? 0;
  return `${n.toLocaleString()} ${n === 1 ? 'item' : 'items'} skipped`;
}

/** "Syncing: 120 of 480", "Syncing: 120 so far", or "Waiting to start" before a queued sync has begun. */
export function progressText(store: Store): string {
  const progress = store.progress;
  if (!progress) {
    // A failed attempt waiting for its retry says why (the stores service writes "Retrying: <reason>").
    const retrying = store.status === 'queued' && store.status_reason?.startsWith('Retrying: ');
    if (retrying) return `Waiting to retry: ${store.status_reason!.slice('Retrying: '.length)}`;
    return store.status === 'queued' ? 'Waiting to start' : 'Syncing: starting';
  }
  const done = progress.done.toLocaleString();
  return progress.total === null ? `Syncing: ${done} so far` : `Syncing: ${done} of ${progress.total.toLocaleString()}`;
}
