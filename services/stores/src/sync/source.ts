import type { IndexDocument } from '@sniff/contracts';
import type { SafeFetcher } from '../fetching/safe-fetch';
import type { StoreEntity } from '../stores/store.entity';
import type { Fingerprint } from './source-item.entity';

/** One page, post or product as a source yields it: its key, what tells whether it changed, its document. */
export interface SourceItem {
  key: string;
  fingerprint: Fingerprint;
  document: IndexDocument;
}

/** What a source reports while it reads: items, items it skipped (and why) and, once known, how many to expect. */
export type SourceEvent =
  | { kind: 'total'; total: number }
  | { kind: 'item'; item: SourceItem }
  | { kind: 'skip'; item: string; reason: string };

export interface SyncContext {
  store: StoreEntity;
  /** The store's credential (API key, access token), opened; null when the source needs none. */
  credential: string | null;
  /** The item of this key as the last sync left it, to reuse when the source says it has not changed. */
  previous(key: string): SourceItem | undefined;
  /** Every item of the last sync (a catalogue upload is its own source). */
  previousItems(): Iterable<SourceItem>;
  fetcher: SafeFetcher;
  /**
   * Keep every item the last sync left as it was, without reading it again (the owner edited the
   * page list: only the new pages need fetching). Sources that do not know the flag read as usual.
   */
  reuseKept: boolean;
}

/**
 * Reads a store's content. A source throws only when the whole sync cannot go on (the site or API
 * is unreachable, the key was revoked); one item that cannot be read is a `skip` with its reason.
 * Thrown messages are shown to the owner, so they say what happened and what to do.
 */
export interface Source {
  /** What the owner calls its items ("pages", "products"), in messages about them. */
  readonly items: { one: string; many: string };
  read(ctx: SyncContext): AsyncIterable<SourceEvent>;
}

/** A failure that retrying will not mend (a revoked key, a deleted shop): the sync fails at once. */
export class PermanentSourceError extends Error {}
