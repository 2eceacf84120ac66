import type { IndexDocument, SearchHit } from '@sniff/contracts';
import type { QueryRules } from './query-rules';

/** What one query returns from an index (the service adds `query` and `tookMs`). */
export interface IndexSearchResult {
  hits: SearchHit[];
  /** Set when nothing matched as typed and the closest indexed words did. */
  correctedQuery?: string;
  suggestions: string[];
}

export interface QueryOptions {
  limit: number;
  /** The store's synonyms and stop words (none when absent). */
  rules?: QueryRules;
  /** Cut each hit's description to this many characters (see `cutText`); whole when absent. */
  descriptionLength?: number;
  /** Semantic recall (the plans with AI search): words and documents close in meaning fill what the words leave. */
  semantic?: boolean;
}

/**
 * One store's in-memory index. The service only talks to this interface, so the engine
 * behind it can be replaced (a later benchmark picks the engine) without touching routes.
 */
export interface SearchIndex {
  readonly documentCount: number;
  /** Approximate bytes this index holds in memory (the cache's budget counts these). */
  readonly memoryBytes: number;
  search(q: string, options: QueryOptions): IndexSearchResult;
  /** A self-contained snapshot that `SearchEngine.load` turns back into an equal index. */
  serialize(): Buffer;
}

export interface SearchEngine {
  readonly name: string;
  /** `semantic`: also make what semantic recall needs now (kept in the snapshot), for a store with AI search. */
  build(documents: IndexDocument[], options?: { semantic?: boolean }): SearchIndex;
  load(snapshot: Buffer): SearchIndex;
}

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');
