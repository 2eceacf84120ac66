import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Metrics } from '@sniff/service-kit';
import type { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { SEARCH_ENGINE, SearchEngine, SearchIndex } from '../engine/search-index';
import { SiblingWorkers } from '../workers';
import { DocumentEntity } from './document.entity';
import { CachedIndex, CachedRules, IndexCache } from './index-cache';
import { IndexSnapshotEntity } from './index-snapshot.entity';
import { StoreSettingsService } from './store-settings.service';
import { StoreWrites } from './store-writes';
import { Suggestions } from './suggestions.service';
import { WidgetRules } from './widget-rules';

/**
 * The indexes this worker holds: loaded from their snapshot on a store's first search, checked
 * against the database every SEARCH_REVALIDATE_MS (another replica may have re-indexed the store
 * or saved its settings), rebuilt from the stored documents when the snapshot is missing or of
 * another engine, swapped in after a re-index, and every change told to the sibling workers.
 */
@Injectable()
export class IndexLifecycle implements OnModuleDestroy {
  private readonly logger = new Logger('IndexLifecycle');
  private readonly cache: IndexCache;
  private readonly loading = new Map<string, Promise<CachedIndex | null>>();
  /** Freshness checks under way, per store: searches arriving meanwhile share them (loads: `loading`). */
  private readonly checking = new Map<string, Promise<CachedIndex | null>>();
  private readonly stopListening: () => void;
  /** Index lookups found in memory or loaded. */
  private readonly lookups?: Counter<'result'>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly settings: StoreSettingsService,
    private readonly siblings: SiblingWorkers,
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
    this.stopListening = siblings.listen((storeId) => {
      this.cache.expire(storeId);
      this.widgetRules.forget(storeId);
    });
  }

  onModuleDestroy(): void {
    this.stopListening();
  }

  /**
   * The store's index and query rules: from memory, confirmed against the snapshot and the
   * settings every SEARCH_REVALIDATE_MS, else loaded. Null: unknown store.
   */
  entryFor(storeId: string): Promise<CachedIndex | null> {
    const entry = this.cache.get(storeId);
    this.lookups?.inc({ result: entry ? 'hit' : 'miss' });
    if (entry && Date.now() - entry.checkedAt < this.config.SEARCH_REVALIDATE_MS) return Promise.resolve(entry);
    return entry ? once(this.checking, storeId, () => this.check(storeId, entry)) : this.loadOnce(storeId);
  }

  /** The stores whose index this worker holds (the usage check learns their owners). */
  cachedStoreIds(): string[] {
    return this.cache.storeIds();
  }

  /**
   * Swaps in a freshly built index with the store's current rules; if anything changed while they
   * were read (a settings push), the next search loads both afresh instead. Tells the siblings.
   */
  async swapIn(storeId: string, index: SearchIndex, builtAt: Date): Promise<void> {
    const generation = this.cache.generation(storeId);
    const rules = await this.settings.read(storeId);
    if (!this.cache.set(storeId, index, builtAt.getTime(), rules, generation)) this.cache.delete(storeId);
    this.siblings.announce(storeId);
  }

  /** Newer settings for the store: applied to its cached index at once, and the siblings told. */
  applyRules(storeId: string, rules: CachedRules): void {
    this.cache.setRules(storeId, rules);
    this.siblings.announce(storeId);
  }

  /** The store is gone: its index, widget rules and popular queries leave memory here and in the siblings. */
  drop(storeId: string): void {
    this.cache.delete(storeId);
    this.widgetRules.forget(storeId);
    this.siblings.announce(storeId);
  }

  /** The store's widget rules changed (a plan or widget settings): asked again here and in the siblings. */
  forgetWidgetRules(storeId: string): void {
    this.widgetRules.forget(storeId);
    this.siblings.announce(storeId);
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
    const row = await this.db.getRepository(IndexSnapshotEntity).findOne({ where: { storeId } });
    if (!row) {
      this.cache.delete(storeId);
      return null;
    }
    const rules = await this.settings.read(storeId);
    const index = this.readSnapshot(row) ?? (await this.rebuild(storeId));
    const loaded = { index, builtAt: row.builtAt.getTime(), ...rules, checkedAt: Date.now() };
    // A re-index or settings change that finished while we were loading wins; use it instead.
    return this.cache.set(storeId, index, loaded.builtAt, rules, generation) ?? this.cache.get(storeId) ?? loaded;
  }

  /** The snapshot's index; null when it is missing, of another engine or unreadable. */
  private readSnapshot(row: IndexSnapshotEntity): SearchIndex | null {
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
