import { Inject, Injectable, Logger } from '@nestjs/common';
import { analyticsEndpoints } from '@sniff/contracts';
import { callEndpoint } from '@sniff/service-kit';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { queryTerms } from '../engine/text';
import { PopularSuggestion } from './suggestions';

/** Popular queries kept per store (analytics returns them most frequent first). */
export const POPULAR_PER_STORE = 200;
/** After a failed fetch, try again this soon at the latest (the TTL may be much longer). */
const RETRY_MS = 30_000;
/** A store's list is dropped when no search used it for this long (or its index left the cache). */
const MIN_IDLE_MS = 10 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;

interface Entry {
  list: readonly PopularSuggestion[];
  /** When the list should be fetched again. */
  dueAt: number;
  usedAt: number;
  refreshing: boolean;
}

const NONE: readonly PopularSuggestion[] = [];

/**
 * Each store's popular queries from the analytics service, for suggestions. A search only ever
 * reads what is already in memory: a missing or stale list is fetched in the background, so a
 * slow or unavailable analytics service never slows or fails a search; the last list (or none)
 * is served meanwhile.
 */
@Injectable()
export class PopularQueries {
  private readonly logger = new Logger('PopularQueries');
  private readonly entries = new Map<string, Entry>();
  private readonly idleMs: number;
  private sweptAt = Date.now();
  /** Whether the last fetch failed: a failure is logged when it starts, not on every store and retry. */
  private failing = false;

  constructor(@Inject(SEARCH_CONFIG) private readonly config: SearchConfig) {
    this.idleMs = Math.max(MIN_IDLE_MS, 3 * config.SEARCH_POPULAR_TTL_MS);
  }

  get enabled(): boolean {
    return !!this.config.ANALYTICS_URL;
  }

  /** The store's popular queries as last fetched, most popular first; starts a refresh when due. */
  get(storeId: string): readonly PopularSuggestion[] {
    if (!this.enabled) return NONE;
    const now = Date.now();
    if (now - this.sweptAt > Math.min(this.idleMs, 60_000)) this.sweep(now);
    let entry = this.entries.get(storeId);
    if (!entry) {
      entry = { list: NONE, dueAt: 0, usedAt: now, refreshing: false };
      this.entries.set(storeId, entry);
    }
    entry.usedAt = now;
    if (!entry.refreshing && now >= entry.dueAt) void this.refresh(storeId, entry);
    return entry.list;
  }

  /** Drops a store's list (its index left this replica's cache, or the store was deleted). */
  forget(storeId: string): void {
    this.entries.delete(storeId);
  }

  /** Stores with a list in memory. */
  get size(): number {
    return this.entries.size;
  }

  private async refresh(storeId: string, entry: Entry): Promise<void> {
    entry.refreshing = true;
    try {
      const list = await this.fetch(storeId);
      entry.list = list;
      entry.dueAt = Date.now() + this.config.SEARCH_POPULAR_TTL_MS;
      if (this.failing) {
        this.failing = false;
        this.logger.log('analytics answers again: popular queries are back in suggestions');
      }
    } catch (error) {
      entry.dueAt = Date.now() + Math.min(this.config.SEARCH_POPULAR_TTL_MS, RETRY_MS);
      if (!this.failing) {
        this.failing = true;
        this.logger.warn(
          `popular queries unavailable, suggestions come from the index alone until analytics answers: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
    } finally {
      entry.refreshing = false;
    }
  }

  private async fetch(storeId: string): Promise<PopularSuggestion[]> {
    // only asked with ANALYTICS_URL set (see enabled)
    const { queries } = await callEndpoint(
      analyticsEndpoints.popularQueries,
      { path: { storeId }, query: { limit: POPULAR_PER_STORE } },
      { urls: this.config, timeoutMs: FETCH_TIMEOUT_MS },
    );
    // Analytics decides what is popular enough (distinct visitors over time), so one visitor's
    // own queries, or a few planted ones, never reach other visitors.
    return queries
      .slice(0, POPULAR_PER_STORE)
      .map((q) => ({ query: q.query, count: q.count, terms: queryTerms(q.query) }))
      .filter((q) => q.terms.length > 0);
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [storeId, entry] of this.entries) {
      if (now - entry.usedAt > this.idleMs) this.entries.delete(storeId);
    }
  }
}
