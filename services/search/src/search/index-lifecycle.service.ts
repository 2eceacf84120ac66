import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Metrics } from '@sniff/service-kit';
import type { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { SEARCH_ENGINE, SearchEngine, SearchIndex } from '../engine/search-index';
import { DocumentEntity } from './document.entity';
import { CachedIndex, CachedRules, IndexCache } from './index-cache';
import { IndexSnapshotEntity } from './index-snapshot.entity';
import { StoreChanges, UNHEARD_RECHECK_MS } from './store-changes';
import { StoreSettingsService } from './store-settings.service';
import { StoreWrites } from './store-writes';
import { Suggestions } from './suggestions.service';
import { WidgetRules } from './widget-rules';

/** How often a held index is checked against the database while store changes are not heard. */

/**
 * The indexes this worker holds: loaded from their snapshot on a store's first search, refreshed
 * when the database announces a change to the store (a re-index or settings saved by any replica:
 * StoreChanges), caught up from one version read of every held store when the announcements had a
 * gap, rebuilt from the stored documents when the snapshot is missing or of another engine, and
 * swapped in at once in the worker that re-indexed.
 */
@Injectable()
export class IndexLifecycle implements OnModuleDestroy {
  private readonly logger = new Logger('IndexLifecycle');
  private readonly cache: IndexCache;
  private readonly loading = new Map<string, Promise<CachedIndex | null>>();
  /** Freshness checks under way, per store: searches arriving meanwhile share them (loads: `loading`). */
  private readonly checking = new Map<string, Promise<CachedIndex | null>>();
  private hits = 0;
  private misses = 0;
  /** Index lookups found in memory or loaded. */
  private readonly lookups?: Counter<'result'>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly settings: StoreSettingsService,
    private readonly changes: StoreChanges,
    private readonly widgetRules: WidgetRules,
    private readonly writes: StoreWrites,
    suggestions: Suggestions,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    this.cache = new IndexCache(config.SEARCH_CACHE_MB * 1024 * 1024, (storeId) => suggestions.forget(storeId));
    if (metrics) {
      this.lookups = metrics.counter('index_cache_lookups_total', 'Index lookups: hit (in memory) or miss (loaded)', [
        'result',
      ]);
      metrics.gauge('index_cache_bytes', 'Memory the cached indexes hold (their own estimate)', (g) =>
        g.set(this.cache.bytes),
      );
      metrics.gauge('index_cache_stores', 'Stores whose index is in memory', (g) => g.set(this.cache.size));
    }
    changes.listen({ changed: (storeId) => this.changed(storeId), resynced: () => void this.catchUp() });
  }

  /**
   * The store's index and query rules: from memory while no change to the store was announced,
   * else confirmed against the snapshot and the settings, else loaded. Null: unknown store.
   */
  entryFor(storeId: string): Promise<CachedIndex | null> {
    const entry = this.cache.get(storeId);
    if (entry) this.hits++;
    else this.misses++;
    this.lookups?.inc({ result: entry ? 'hit' : 'miss' });
    if (entry && this.current(entry)) return Promise.resolve(entry);
    return entry ? this.checkOnce(storeId, entry) : this.loadOnce(storeId);
  }

  /** The stores whose index this worker holds (the usage check learns their owners). */
  cachedStoreIds(): string[] {
    return this.cache.storeIds();
  }

  /** What this worker holds, for GET /internal/index-cache. */
  held() {
    return {
      stores: this.cache.storeIds(),
      bytes: Math.round(this.cache.bytes),
      hits: this.hits,
      misses: this.misses,
      listening: this.changes.listening,
    };
  }

  onModuleDestroy(): void {
    this.changes.listen({ changed: () => {}, resynced: () => {} });
  }

  /** Whether a held entry may answer without asking the database (see SEARCH_REVALIDATE_MS). */
  private current(entry: CachedIndex): boolean {
    if (entry.checkedAt === 0) return false; // a change was announced
    const age = Date.now() - entry.checkedAt;
    if (this.config.SEARCH_REVALIDATE_MS > 0) return age < this.config.SEARCH_REVALIDATE_MS;
    return this.changes.listening || age < UNHEARD_RECHECK_MS;
  }

  /**
   * A change to the store was announced: if this worker holds it, the new state is read now, so the
   * next search finds it in memory (a store this worker does not hold costs nothing).
   */
  private changed(storeId: string): void {
    this.widgetRules.forget(storeId);
    this.cache.expire(storeId);
    const entry = this.cache.get(storeId);
    if (entry) this.checkOnce(storeId, entry).catch((error: Error) => this.refreshFailed(storeId, error));
  }

  /**
   * After a gap in the announcements: one version read of every held store; the changed ones
   * refresh. (Widget rules missed in the gap are asked again within SEARCH_WIDGET_RULES_TTL_MS.)
   */
  private async catchUp(): Promise<void> {
    const held = this.cache.storeIds();
    if (!held.length) return;
    try {
      const rows: { store_id: string; built_at: Date; version: number | null }[] = await this.db.query(
        `SELECT s."store_id", s."built_at", st."version" FROM "search"."index_snapshots" s
         LEFT JOIN "search"."store_settings" st ON st."store_id" = s."store_id" WHERE s."store_id" = ANY($1)`,
        [held],
      );
      const now = new Map(rows.map((r) => [r.store_id, r]));
      for (const storeId of held) {
        const entry = this.cache.get(storeId);
        const row = now.get(storeId);
        if (!entry) continue;
        if (row && row.built_at.getTime() === entry.builtAt && (row.version ?? 0) === entry.version) {
          entry.checkedAt = Date.now();
        } else {
          // Known to have changed: load it (a check would read its version again).
          this.widgetRules.forget(storeId);
          this.cache.expire(storeId);
          this.loadOnce(storeId).catch((error: Error) => this.refreshFailed(storeId, error));
        }
      }
    } catch (error) {
      // Entries keep their age: they are checked one by one as searches come (see current()).
      this.logger.warn(`catching up on store changes failed: ${(error as Error).message}`);
    }
  }

  private refreshFailed(storeId: string, error: Error): void {
    this.logger.warn(
      `refreshing store ${storeId} after a change failed (its next search tries again): ${error.message}`,
    );
  }

  /**
   * Swaps in a freshly built index with the store's current rules, if this worker holds the store;
   * if anything changed while they were read (a settings push), the next search loads both afresh
   * instead. A worker that indexed a store it does not hold keeps no copy: with placement by store
   * it is usually not one of the store's owners (they hear of the change and load it).
   */
  async swapIn(storeId: string, index: SearchIndex, builtAt: Date): Promise<void> {
    if (!this.cache.has(storeId)) {
      this.cache.expire(storeId); // a load of the old snapshot under way here is not kept
      return;
    }
    const generation = this.cache.generation(storeId);
    const rules = await this.settings.read(storeId);
    if (!this.cache.set(storeId, index, builtAt.getTime(), rules, generation)) this.cache.delete(storeId);
  }

  /** Newer settings for the store: applied to its cached index here at once (the others hear of them). */
  applyRules(storeId: string, rules: CachedRules): void {
    this.cache.setRules(storeId, rules);
  }

  /** The store is gone: its index, widget rules and popular queries leave memory here (the others hear of it). */
  drop(storeId: string): void {
    this.cache.delete(storeId);
    this.widgetRules.forget(storeId);
  }

  /** The store's widget rules changed (a plan or widget settings): asked again by every worker that uses them. */
  async forgetWidgetRules(storeId: string): Promise<void> {
    this.widgetRules.forget(storeId);
    await this.changes.announce(storeId);
  }

  private checkOnce(storeId: string, entry: CachedIndex): Promise<CachedIndex | null> {
    return once(this.checking, storeId, () => this.check(storeId, entry));
  }

  private loadOnce(storeId: string): Promise<CachedIndex | null> {
    return once(this.loading, storeId, () => this.load(storeId));
  }

  /** Is the cached index still the newest snapshot (and are its rules the newest settings)? */
  private async check(storeId: string, entry: CachedIndex): Promise<CachedIndex | null> {
    const rows: { built_at: Date; version: number | null }[] = await this.db.query(
      `SELECT s."built_at", st."version" FROM "search"."index_snapshots" s
       LEFT JOIN "search"."store_settings" st ON st."store_id" = s."store_id" WHERE s."store_id" = $1`,
      [storeId],
    );
    const row = rows[0];
    const version = row?.version ?? 0;
    if (row && row.built_at.getTime() === entry.builtAt && version >= entry.version) {
      if (version === entry.version) {
        entry.checkedAt = Date.now();
        return entry;
      }
      // Only the settings changed: swap the rules, keep the index.
      this.cache.setRules(storeId, await this.settings.read(storeId));
      return this.cache.get(storeId) ?? entry;
    }
    return this.loadOnce(storeId);
  }

  private async load(storeId: string): Promise<CachedIndex | null> {
    const generation = this.cache.generation(storeId);
    // The snapshot and the settings in one query: a load is most of what the database does for searches.
    const rows: {
      store_id: string;
      engine: string;
      snapshot: Buffer | null;
      built_at: Date;
      settings: unknown;
      version: number | null;
    }[] = await this.db.query(
      `SELECT s."store_id", s."engine", s."snapshot", s."built_at", st."settings", st."version"
       FROM "search"."index_snapshots" s
       LEFT JOIN "search"."store_settings" st ON st."store_id" = s."store_id" WHERE s."store_id" = $1`,
      [storeId],
    );
    const found = rows[0];
    if (!found) {
      this.cache.delete(storeId);
      return null;
    }
    const row = { storeId, engine: found.engine, snapshot: found.snapshot, builtAt: found.built_at };
    const rules = this.settings.compile(found.settings, found.version ?? 0);
    const index = this.readSnapshot(row) ?? (await this.rebuild(storeId));
    const loaded = { index, builtAt: row.builtAt.getTime(), ...rules, checkedAt: Date.now() };
    // A re-index or settings change that finished while we were loading wins; use it instead.
    return this.cache.set(storeId, index, loaded.builtAt, rules, generation) ?? this.cache.get(storeId) ?? loaded;
  }

  /** The snapshot's index; null when it is missing, of another engine or unreadable. */
  private readSnapshot(row: Pick<IndexSnapshotEntity, 'storeId' | 'engine' | 'snapshot'>): SearchIndex | null {
    if (!row.snapshot || row.engine !== this.engine.name) return null;
    try {
      return this.engine.load(row.snapshot);
    } catch (error) {
      this.logger.warn(`snapshot of store ${row.storeId} unreadable, rebuilding: ${String(error)}`);
      return null;
    }
  }

  /** Builds the index again from the store's documents and saves its snapshot. */
  private rebuild(storeId: string): Promise<SearchIndex> {
    return this.writes.run(storeId, async () => {
      const rows = await this.db.getRepository(DocumentEntity).find({ where: { storeId } });
      const index = this.engine.build(
        rows.map((r) => ({
          id: r.docId,
          url: r.url,
          title: r.title,
          description: r.description,
          headings: r.headings,
          body: r.body,
          ...(r.price !== null ? { price: r.price } : {}),
          ...(r.imageUrl ? { imageUrl: r.imageUrl } : {}),
        })),
      );
      await this.db
        .getRepository(IndexSnapshotEntity)
        .update({ storeId }, { engine: this.engine.name, snapshot: index.serialize(), docCount: index.documentCount });
      this.logger.log(`rebuilt the index of store ${storeId} from ${rows.length} documents`);
      return index;
    });
  }
}

/** The work under way for `key`, or `run()` started and kept there until it settles. */
function once<T>(pending: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  let p = pending.get(key);
  if (!p) {
    p = run().finally(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}
