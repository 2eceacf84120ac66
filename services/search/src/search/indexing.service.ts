import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { IndexDocument } from '@sniff/contracts';
import { DataSource } from 'typeorm';
import { SEARCH_ENGINE, SearchEngine } from '../engine/search-index';
import { DocumentEntity } from './document.entity';
import { IndexLifecycle } from './index-lifecycle.service';
import { IndexSnapshotEntity } from './index-snapshot.entity';
import { StoreSettingsEntity } from './store-settings.entity';
import { StoreWrites } from './store-writes';
import { WidgetRules } from './widget-rules';

const INSERT_CHUNK = 500;

export interface IndexedStore {
  storeId: string;
  documents: number;
  builtAt: string;
}

/** Document writes from the stores service: a store's documents replaced (and its index with them), or the store deleted. */
@Injectable()
export class IndexingService {
  private readonly logger = new Logger('IndexingService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly lifecycle: IndexLifecycle,
    private readonly writes: StoreWrites,
    private readonly widgetRules: WidgetRules,
  ) {}

  /** PUT /internal/stores/:id/documents: replaces the documents and swaps the index. */
  replaceDocuments(storeId: string, documents: IndexDocument[]): Promise<IndexedStore> {
    return this.writes.run(storeId, async () => {
      // Build outside the transaction: searches keep using the old index meanwhile. A store with AI search
      // gets its document vectors now, into the snapshot (others only if their owner upgrades: on first use).
      const { semantic } = await this.widgetRules.current(storeId);
      const index = this.engine.build(documents, { semantic });
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
      await this.lifecycle.swapIn(storeId, index, builtAt);
      this.logger.log(`indexed store ${storeId}: ${index.documentCount} documents`);
      return { storeId, documents: index.documentCount, builtAt: builtAt.toISOString() };
    });
  }

  /** DELETE /internal/stores/:id */
  deleteStore(storeId: string): Promise<{ storeId: string; deleted: boolean }> {
    return this.writes.run(storeId, async () => {
      let deleted = false;
      await this.db.transaction(async (m) => {
        await m.delete(DocumentEntity, { storeId });
        await m.delete(StoreSettingsEntity, { storeId });
        const r = await m.delete(IndexSnapshotEntity, { storeId });
        deleted = (r.affected ?? 0) > 0;
      });
      this.lifecycle.drop(storeId);
      return { storeId, deleted };
    });
  }
}
