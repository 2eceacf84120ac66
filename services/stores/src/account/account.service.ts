import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Repository } from 'typeorm';
import {
  type OwnerDeletionCounts,
  type OwnerStoreExport,
  type IndexDocument,
  indexDocumentSchema,
  type OwnerStoresExport,
  searchSettingsSchema,
} from '@sniff/contracts';
import { SearchSettingsEntity } from '../search-settings/search-settings.entity';
import { StoreEntity } from '../stores/store.entity';
import { StoresService } from '../stores/stores.service';
import { WidgetSettingsEntity } from '../widget-settings/widget-settings.entity';
import { savedSettings } from '../widget-settings/widget-settings.service';
import { tombstone } from './deleted-owners';

/**
 * An owner's stores for "Export my data" and "Delete Account" (billing's account job calls these).
 * The export is what the owner entered or chose, never a credential.
 */
@Injectable()
export class AccountService {
  constructor(
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @InjectRepository(WidgetSettingsEntity) private readonly widgetSettings: Repository<WidgetSettingsEntity>,
    @InjectRepository(SearchSettingsEntity) private readonly searchSettings: Repository<SearchSettingsEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly registry: StoresService,
  ) {}

  async exportOwner(ownerSub: string): Promise<OwnerStoresExport> {
    // `credential` is never selected (select: false); only whether there is one.
    const rows = await this.stores.find({ where: { ownerSub }, order: { createdAt: 'ASC', id: 'ASC' } });
    if (!rows.length) return { stores: [] };
    const ids = rows.map((s) => s.id);
    const connected = new Set(
      (
        await this.db.query<{ id: string }[]>(
          `SELECT "id" FROM "stores"."stores" WHERE "id" = ANY($1) AND "credential" IS NOT NULL`,
          [ids],
        )
      ).map((r) => r.id),
    );
    const widget = new Map((await this.widgetSettings.findBy({ storeId: In(ids) })).map((w) => [w.storeId, w]));
    const search = new Map((await this.searchSettings.findBy({ storeId: In(ids) })).map((w) => [w.storeId, w]));
    const indexed = await this.indexedItems(ids);
    return {
      stores: rows.map((s): OwnerStoreExport => {
        const w = widget.get(s.id);
        const q = search.get(s.id);
        return {
          id: s.id,
          name: s.name,
          nickname: s.nickname,
          url: s.url,
          platform: s.platform,
          storeType: s.storeType,
          source: s.source,
          // Picked field by field: nothing added to the column later reaches an export unseen.
          sourceConfig: pick(s.sourceConfig, ['storeType', 'searchType', 'sitemapUrl', 'siteUrl', 'shop']),
          connected: connected.has(s.id),
          pageUrls: s.pageUrls,
          status: s.status,
          statusReason: s.statusReason,
          pagesIndexed: s.pagesIndexed,
          createdAt: s.createdAt.toISOString(),
          updatedAt: s.updatedAt.toISOString(),
          lastSyncedAt: s.lastSyncedAt?.toISOString() ?? null,
          nextSyncAt: s.nextSyncAt?.toISOString() ?? null,
          widgetSettings: w ? savedSettings(w) : null,
          searchSettings: q ? searchSettingsSchema.parse(q.settings) : null,
          indexed: indexed.get(s.id) ?? [],
        };
      }),
    };
  }

  /**
   * Each store's pages and products as last synced (what search indexes), in key order. An item whose
   * document is not a whole one (a sync cut short) has nothing to export and is left out.
   */
  private async indexedItems(ids: string[]): Promise<Map<string, IndexDocument[]>> {
    const rows = await this.db.query<{ store_id: string; document: unknown }[]>(
      `SELECT "store_id", "document" FROM "stores"."source_items" WHERE "store_id" = ANY($1) ORDER BY "store_id", "key"`,
      [ids],
    );
    const byStore = new Map<string, IndexDocument[]>();
    for (const row of rows) {
      const document = indexDocumentSchema.safeParse(row.document);
      if (!document.success) continue;
      byStore.set(row.store_id, [...(byStore.get(row.store_id) ?? []), document.data]);
    }
    return byStore;
  }

  /**
   * Deletes every store of the owner as the owner's own delete-store does, oldest first, and their
   * pending "Connect with Shopify" requests, after marking the owner deleted so that no store is
   * created for them again (a call let through just before the account's revocation). A sibling that does not answer stops it with a 503: the
   * stores not reached yet stay whole, and calling again finishes the job.
   */
  async deleteOwner(ownerSub: string): Promise<OwnerDeletionCounts> {
    await this.db.transaction((m) => tombstone(m, ownerSub));
    // Pending "Connect with Shopify" requests (the tombstone already keeps them from making a store).
    const [, shopifyConnections] = (await this.db.query(
      `DELETE FROM "stores"."shopify_connects" WHERE "owner_sub" = $1`,
      [ownerSub],
    )) as [unknown, number];
    const deleted = { stores: 0, widgetSettings: 0, searchSettings: 0, sourceItems: 0, shopifyConnections };
    const stores = await this.stores.find({
      where: { ownerSub },
      select: { id: true, jobId: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    for (const store of stores) {
      const counts = await this.registry.remove(store);
      for (const [kind, n] of Object.entries(counts)) deleted[kind as keyof typeof counts] += n;
    }
    return { deleted };
  }
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) if (value?.[k] !== undefined) out[k] = value[k];
  return out;
}
