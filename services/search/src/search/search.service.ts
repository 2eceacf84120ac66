import { Inject, Injectable, Logger, NotFoundException, OnModuleDestroy, Optional } from '@nestjs/common';
import { Metrics } from '@sniff/service-kit';
import type { Counter, Histogram } from 'prom-client';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IndexDocument, SearchResponse, SearchSettings, SearchUnavailable } from '@sniff/contracts';
import { SEARCH_ENGINE, SearchEngine, SearchIndex } from '../engine/search-index';
import { SEARCH_CONFIG, SearchConfig } from '../config';
import { DocumentEntity } from './document.entity';
import { IndexSnapshotEntity } from './index-snapshot.entity';
import { CachedIndex, IndexCache } from './index-cache';
import { PopularQueries } from './popular-queries';
import { StoreSettingsEntity } from './store-settings.entity';
import { compileRules, SavedSettings, StoreSettingsService } from './store-settings.service';
import { mergeSuggestions } from './suggestions';
import { SiblingWorkers } from '../workers';
import { SearchEvents } from '../events/search-events.service';
import { WidgetRules } from './widget-rules';
import { QuotaGate } from '../usage/quota-gate';

const INSERT_CHUNK = 500;
/** One shared value: an over-quota answer allocates nothing for it. */
const OVER_QUOTA: SearchUnavailable = Object.freeze({ reason: 'quota' as const });

export interface IndexedStore {
  storeId: string;
  documents: number;
  builtAt: string;
}

@Injectable()
export class SearchService implements OnModuleDestroy {
  private readonly logger = new Logger('SearchService');
  private readonly cache: IndexCache;
  private readonly loading = new Map<string, Promise<CachedIndex | null>>();
  /** Freshness checks under way, per store: searches arriving meanwhile share them (loads: `loading`). */
  private readonly checking = new Map<string, Promise<CachedIndex | null>>();
  /** Re-indexing of one store runs one at a time, in arrival order. */
  private readonly writes = new Map<string, Promise<unknown>>();
  private readonly stopListening: () => void;
  /** Engine time of each answered query; index lookups found in memory or loaded. */
  private readonly searchTime?: Histogram<'result'>;
  private readonly lookups?: Counter<'result'>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    @Inject(SEARCH_CONFIG) private readonly config: SearchConfig,
    private readonly settings: StoreSettingsService,
    private readonly popular: PopularQueries,
    private readonly siblings: SiblingWorkers,
    private readonly events: SearchEvents,
    private readonly widgetRules: WidgetRules,
    private readonly quota: QuotaGate,
    @Optional() @Inject(Metrics) metrics?: Metrics,
  ) {
    // A store's popular queries stay in memory only while its index does.
    this.cache = new IndexCache(config.SEARCH_CACHE_MB * 1024 * 1024, (storeId) => popular.forget(storeId));
    if (metrics) {
      this.searchTime = metrics.histogram(
        'search_duration_seconds',
        'Time to answer a widget query in this worker (hits or none), engine and suggestions included',
        ['result'],
        [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      );
      this.lookups = metrics.counter('index_cache_lookups_total', 'Index lookups: hit (in memory) or miss (loaded)', [
        'result',
      ]);
      metrics.gauge('index_cache_bytes', 'Memory the cached indexes hold (their own estimate)', (g) =>
        g.set(this.cache.bytes),
      );
      metrics.gauge('index_cache_stores', 'Stores whose index is in memory', (g) => g.set(this.cache.size));
      metrics.gauge('stores_over_quota', "Stores whose owner used this month's searches", (g) =>
        g.set(this.quota.count),
      );
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
   * GET /v1/stores/:id/search. A blank query is the widget mounting: it gets the store's widget
   * rules. Any other answer carries its signed searchId for the visitor's events. A store whose
   * owner used this month's searches answers `unavailable` and no hits (one Set lookup, no await).
   */
  async search(storeId: string, q: string, limit: number, descriptionLength?: number): Promise<SearchResponse> {
    const started = performance.now();
    const took = () => Math.round((performance.now() - started) * 100) / 100;
    if (!q.trim()) {
      if (!(await this.storeExists(storeId))) throw new NotFoundException('Store not found');
      const widget = await this.widgetRules.get(storeId);
      const blank: SearchResponse = { query: q, hits: [], suggestions: [], tookMs: took(), widget };
      if (this.quota.blocks(storeId)) blank.unavailable = OVER_QUOTA;
      return blank;
    }
    if (this.quota.blocks(storeId))
      return { query: q, hits: [], suggestions: [], tookMs: took(), unavailable: OVER_QUOTA };
    const entry = await this.entryFor(storeId);
    if (!entry) throw new NotFoundException('Store not found');
    const result = entry.index.search(q, { limit, rules: entry.rules, descriptionLength });
    // Popular queries first, then the index's completions; never waits for analytics.
    const suggestions = mergeSuggestions(q, this.popular.get(storeId), result.suggestions, entry.hidden);
    const searchId = this.events.searchId(storeId, q, result.hits.length);
    const tookMs = took();
    this.searchTime?.observe({ result: result.hits.length ? 'hits' : 'none' }, tookMs / 1000);
    return { query: q, ...result, suggestions, tookMs, searchId };
  }

  /** PUT /internal/stores/:id/documents: replaces the documents and swaps the index. */
  replaceDocuments(storeId: string, documents: IndexDocument[]): Promise<IndexedStore> {
    return this.serialized(storeId, async () => {
      // Build outside the transaction: searches keep using the old index meanwhile.
      const index = this.engine.build(documents);
      const snapshot = index.serialize();
      const builtAt = new Date();
      const unique = [...new Map(documents.map((d) => [d.id, d])).values()];
      await this.db.transaction(async (m) => {
        await m.delete(DocumentEntity, { storeId });
        for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
          const rows = unique.slice(i, i + INSERT_CHUNK).map((d) => ({
            storeId,
            docId: d.id,
            url: d.url,
            title: d.title,
            description: d.description,
            headings: d.headings,
            body: d.body,
            price: d.price ?? null,
            imageUrl: d.imageUrl ?? null,
          }));
          await m.createQueryBuilder().insert().into(DocumentEntity).values(rows).execute();
        }
        await m.upsert(
          IndexSnapshotEntity,
          { storeId, engine: this.engine.name, snapshot, docCount: index.documentCount, builtAt },
          ['storeId'],
        );
      });
      // The index is swapped in with the store's current rules; if anything changed while we
      // read them (a settings push), the next search loads both afresh instead.
      const generation = this.cache.generation(storeId);
      const rules = await this.settings.read(storeId);
      if (!this.cache.set(storeId, index, builtAt.getTime(), rules, generation)) this.cache.delete(storeId);
      this.siblings.announce(storeId);
      this.logger.log(`indexed store ${storeId}: ${index.documentCount} documents`);
      return { storeId, documents: index.documentCount, builtAt: builtAt.toISOString() };
    });
  }

  /** PUT /internal/stores/:id/settings: stores the settings; applies them unless a newer version is in. */
  async saveSettings(storeId: string, settings: SearchSettings, version: number): Promise<SavedSettings> {
    const applied = await this.settings.save(storeId, settings, version);
    // This replica applies them at once; its sibling workers are told; other hosts' replicas
    // notice the new version when they revalidate.
    if (applied) {
      this.cache.setRules(storeId, compileRules(settings, version));
      this.siblings.announce(storeId);
    }
    return { storeId, version, applied };
  }

  /** DELETE /internal/stores/:id */
  deleteStore(storeId: string): Promise<{ storeId: string; deleted: boolean }> {
    return this.serialized(storeId, async () => {
      let deleted = false;
      await this.db.transaction(async (m) => {
        await m.delete(DocumentEntity, { storeId });
        await m.delete(StoreSettingsEntity, { storeId });
        const r = await m.delete(IndexSnapshotEntity, { storeId });
        deleted = (r.affected ?? 0) > 0;
      });
      this.cache.delete(storeId);
      this.widgetRules.forget(storeId);
      this.siblings.announce(storeId);
      return { storeId, deleted };
    });
  }

  /** DELETE /internal/stores/:id/widget-rules: this worker and its siblings ask the stores service again. */
  forgetWidgetRules(storeId: string): { storeId: string; forgotten: true } {
    this.widgetRules.forget(storeId);
    this.siblings.announce(storeId);
    return { storeId, forgotten: true };
  }

  /** The stores whose index this worker holds (the usage check learns their owners). */
  cachedStoreIds(): string[] {
    return this.cache.storeIds();
  }

  private async storeExists(storeId: string): Promise<boolean> {
    if (this.cache.get(storeId)) return true;
    return this.db.getRepository(IndexSnapshotEntity).exists({ where: { storeId } });
  }

  /**
   * The store's index and query rules: from memory, confirmed against the snapshot and the
   * settings every SEARCH_REVALIDATE_MS (another replica may have re-indexed the store or saved
   * its settings), else loaded. Null: unknown store.
   */
  private async entryFor(storeId: string): Promise<CachedIndex | null> {
    const entry = this.cache.get(storeId);
    this.lookups?.inc({ result: entry ? 'hit' : 'miss' });
    if (entry && Date.now() - entry.checkedAt < this.config.SEARCH_REVALIDATE_MS) return entry;
    return entry ? once(this.checking, storeId, () => this.check(storeId, entry)) : this.loadOnce(storeId);
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
    return this.serialized(storeId, async () => {
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

  private serialized<T>(storeId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.writes.get(storeId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.writes.set(storeId, next);
    void next
      .finally(() => {
        if (this.writes.get(storeId) === next) this.writes.delete(storeId);
      })
      .catch(() => undefined);
    return next;
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
