import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { callEndpoint, OwnerPlans, Queue } from '@sniff/service-kit';
import {
  analyticsEndpoints,
  CreateStoreResponse,
  createWebsiteRequestSchema,
  type Entitlements,
  type Platform,
  Store,
  searchEndpoints,
  type ReplaceCatalogueResponse,
  type ShopifyCheckStoreResponse,
  type StoreSource,
  type StoreStatus,
  type StoreType,
  type StoreWidgetRules,
  type SyncStoreResponse,
  type UpdatePagesResponse,
  pageKey,
  pageLimitMessage,
  updatePagesRequestSchema,
  widgetRulesFor,
} from '@sniff/contracts';
import type { z } from 'zod';
import { refuseDeletedOwner } from '../account/deleted-owners';
import { STORES_CONFIG, StoresConfig } from '../config';
import { sameHost } from '../discovery/urls';
import { fetchErrorToHttp } from '../fetching/http-errors';
import { BlockedAddressError, SafeFetcher } from '../fetching/safe-fetch';
import { SearchSettingsService } from '../search-settings/search-settings.service';
import { SecretBox } from '../secrets/secret-box';
import type { SourceItem } from '../sync/source';
import { SourceItemEntity } from '../sync/source-item.entity';
import { SYNC_QUEUE } from '../sync/sync.constants';
import { SyncService } from '../sync/sync.service';
import { platformRefusal, storeLimitMessage } from './allowance';
import { type SourceConfig, StoreEntity } from './store.entity';
import { savedSettings } from '../widget-settings/widget-settings.service';
import type { WidgetSettingsEntity } from '../widget-settings/widget-settings.entity';

type CreateWebsite = z.infer<typeof createWebsiteRequestSchema>;
type UpdatePages = z.infer<typeof updatePagesRequestSchema>;

/** Rows removed with a store, by kind. */
export interface StoreDeletionCounts {
  stores: number;
  widgetSettings: number;
  searchSettings: number;
  sourceItems: number;
}

export function newStoreId(): string {
  return `st_${randomBytes(12).toString('base64url')}`;
}

export function toStore(s: StoreEntity, syncNowSeconds = 0): Store {
  const available = s.syncRequestedAt ? new Date(s.syncRequestedAt.getTime() + syncNowSeconds * 1000) : null;
  return {
    id: s.id,
    name: s.name,
    nickname: s.nickname,
    url: s.url,
    platform: s.platform,
    store_type: s.storeType,
    status: s.status,
    status_reason: s.statusReason,
    pages: s.pagesIndexed,
    created_at: s.createdAt.toISOString(),
    source: s.source,
    progress:
      s.status === 'running' && s.progressDone !== null ? { done: s.progressDone, total: s.progressTotal } : null,
    skipped: s.skipped,
    skipped_count: s.skippedCount,
    last_synced_at: s.lastSyncedAt?.toISOString() ?? null,
    catalogue_uploaded_at:
      s.source === 'shopify-csv' ? (s.sourceConfig?.uploadedAt ?? s.createdAt.toISOString()) : null,
    next_sync_at: s.nextSyncAt?.toISOString() ?? null,
    sync_available_at: available && available.getTime() > Date.now() ? available.toISOString() : null,
    ...(s.source === 'crawl' ? { page_urls: s.pageUrls } : {}),
  };
}

/** A store to create: what the owner entered, where its content comes from, and its first items (a catalogue). */
export interface NewStore {
  platform: Platform;
  name: string;
  nickname?: string | null;
  url: string;
  storeType: StoreType;
  source: StoreSource;
  sourceConfig?: SourceConfig;
  /** The API key or access token, sealed before it is stored. */
  credential?: string;
  pageUrls?: string[];
  items?: SourceItem[];
}

@Injectable()
export class StoresService {
  private readonly logger = new Logger('Stores');

  constructor(
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly queue: Queue,
    private readonly fetcher: SafeFetcher,
    private readonly plans: OwnerPlans,
    private readonly secrets: SecretBox,
    private readonly sync: SyncService,
    private readonly searchSettings: SearchSettingsService,
  ) {}

  async list(ownerSub: string): Promise<Store[]> {
    const rows = await this.stores.find({ where: { ownerSub }, order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map((s) => toStore(s, this.config.SYNC_NOW_INTERVAL_SECONDS));
  }

  /**
   * Whether the owner may create a store on `platform`: its plan gate, then the allowance (an owner
   * over it after a downgrade keeps every store but creates none until within it). 403 naming why.
   */
  async assertCanCreate(ownerSub: string, platform: Platform): Promise<Entitlements> {
    const { plans, ent } = await this.plans.of(ownerSub);
    const refusal = platformRefusal(ent, platform);
    if (refusal) throw new ForbiddenException(refusal);
    if ((await this.stores.count({ where: { ownerSub } })) >= ent.maxStores) {
      throw new ForbiddenException(storeLimitMessage(plans, ent));
    }
    return ent;
  }

  /**
   * Saves the store (with its first items, for a catalogue, and its first search settings), hands
   * those settings to search and queues its first sync. Every way of creating a store ends here, so
   * this is where a deleted owner is refused.
   */
  async create(ownerSub: string, spec: NewStore): Promise<StoreEntity> {
    const store = this.stores.create({
      id: newStoreId(),
      ownerSub,
      name: spec.name,
      nickname: spec.nickname ?? null,
      url: spec.url,
      platform: spec.platform,
      storeType: spec.storeType,
      status: 'queued',
      statusReason: null,
      pageUrls: spec.pageUrls ?? [],
      pagesIndexed: 0,
      source: spec.source,
      sourceConfig: spec.sourceConfig ?? {},
      credential: spec.credential ? this.secrets.seal(spec.credential) : null,
      skipped: [],
      skippedCount: 0,
    });
    await this.db.transaction(async (m) => {
      await refuseDeletedOwner(m, ownerSub);
      await m.save(store);
      await this.searchSettings.createFor(m, store.id, store.url);
      const items = spec.items ?? [];
      for (let i = 0; i < items.length; i += 500) {
        const rows = items.slice(i, i + 500).map((it) => ({ storeId: store.id, ...it }));
        await m.createQueryBuilder().insert().into(SourceItemEntity).values(rows).execute();
      }
    });
    // Before the first sync, so the widget is limited to the store's own site before it finds anything.
    await this.searchSettings.pushOrRetryLater(store.id);
    const jobId = await this.sync.enqueue(store.id);
    if (jobId) await this.stores.update({ id: store.id }, { jobId });
    return store;
  }

  /** saas/create-website: a custom website's selected pages, crawled by the first sync. */
  async createWebsite(ownerSub: string, body: CreateWebsite): Promise<CreateStoreResponse> {
    const ent = await this.assertCanCreate(ownerSub, body.platform);
    const pages = dedupe([body.store_url, ...body.store_urls]);
    if (pages.length > ent.maxCustomPages) throw new ForbiddenException(pageLimitMessage(ent));
    await this.refuseBlockedPages(pages.map((url) => ({ url, field: fieldOf(url, body.store_url, body.store_urls) })));
    const store = await this.create(ownerSub, {
      platform: 'custom',
      name: body.store_name,
      nickname: body.store_nickname,
      url: pages[0]!,
      storeType: body.site_type,
      source: 'crawl',
      pageUrls: pages,
    });
    return { store_id: store.id, platform: 'custom', store_url: store.url, type: store.storeType, source: 'crawl' };
  }

  /**
   * managestores/update-pages: replaces a custom website's page list (the main URL stays, first) and
   * queues a sync that fetches only the added pages: the pages the last sync indexed are handed to
   * search again as they were (SyncJob.reuseKept), and removed ones drop out with the whole set.
   * Accepted while a sync is queued or running: see the enqueue below. An unchanged list queues nothing.
   */
  async updatePages(ownerSub: string, body: UpdatePages): Promise<UpdatePagesResponse> {
    const store = await this.stores.findOne({ where: { id: body.store_id, ownerSub } });
    if (!store) throw new NotFoundException('Store not found');
    if (store.source !== 'crawl') {
      throw new ConflictException(
        'This store reads its pages from its platform; only a custom website has a page list to edit (use Sync now to refresh it).',
      );
    }
    const main = store.url;
    // The same site as the main URL, as discovery (crawl/map) lists pages: the same host and port, either
    // scheme. (saas/create-website does not check this; an edit of the list does.)
    body.store_urls.forEach((url, i) => {
      if (!sameHost(url, main)) {
        throw new UnprocessableEntityException({
          message: `store_urls.${i}: Every page must be on the same site as the main URL (${new URL(main).host}).`,
          field: `store_urls.${i}`,
        });
      }
    });
    // A page already in the list keeps its stored spelling: its key is what the last sync indexed it under.
    const stored = new Map(store.pageUrls.map((u) => [pageKey(u), u]));
    const pages = dedupe([main, ...body.store_urls]).map((u) => stored.get(pageKey(u)) ?? u);
    const { ent } = await this.plans.of(ownerSub);
    if (pages.length > ent.maxCustomPages) throw new ForbiddenException(pageLimitMessage(ent));
    const before = new Set(stored.keys());
    const after = new Set(pages.map(pageKey));
    const added = pages.filter((u) => !before.has(pageKey(u)));
    const removed = store.pageUrls.filter((u) => !after.has(pageKey(u))).length;
    // The same pages (in whatever order): nothing to save or fetch.
    if (!added.length && !removed) {
      return { store_id: store.id, page_urls: store.pageUrls, added: 0, removed: 0, status: store.status };
    }
    await this.refuseBlockedPages(added.map((url) => ({ url, field: fieldOf(url, main, body.store_urls) })));
    await this.stores.query(
      `UPDATE "stores"."stores" SET "page_urls" = $3::text[], "updated_at" = now(),
         "status" = CASE WHEN "status" = 'running' THEN "status" ELSE 'queued' END
       WHERE "id" = $1 AND "owner_sub" = $2`,
      [store.id, ownerSub, pages],
    );
    // pg-boss 'stately' with the store id as singleton key: when a sync of this store is already queued,
    // enqueue answers null and that sync reads the new page list when it starts (fetching every page
    // with validators if it was a plain sync). A running sync keeps the list it started with; this job
    // waits behind it and then indexes the new list.
    const jobId = await this.sync.enqueue(store.id, { reuseKept: true });
    if (jobId) await this.stores.update({ id: store.id }, { jobId });
    return { store_id: store.id, page_urls: pages, added: added.length, removed, status: 'queued' };
  }

  /**
   * managestores/sync-store: queues a sync of the caller's store now. Once per SYNC_NOW_INTERVAL_SECONDS
   * per store (429 saying when again); a store already queued or syncing keeps its sync (no second one).
   */
  async syncNow(ownerSub: string, storeId: string): Promise<SyncStoreResponse> {
    const interval = this.config.SYNC_NOW_INTERVAL_SECONDS;
    // One statement: the owner check, the rate limit and the claim cannot interleave with another press.
    // An UPDATE answers [rows, count] through TypeORM.
    const [claimed] = (await this.stores.query(
      `UPDATE "stores"."stores" SET "sync_requested_at" = now(),
         "status" = CASE WHEN "status" IN ('queued', 'running') THEN "status" ELSE 'queued' END
       WHERE "id" = $1 AND "owner_sub" = $2
         AND ("sync_requested_at" IS NULL OR "sync_requested_at" <= now() - make_interval(secs => $3))
       RETURNING "id", "status"`,
      [storeId, ownerSub, interval],
    )) as [{ id: string; status: StoreStatus }[], number];
    if (!claimed.length) {
      const store = await this.stores.findOne({ where: { id: storeId, ownerSub } });
      if (!store) throw new NotFoundException('Store not found');
      const wait = Math.max(
        1,
        Math.ceil(((store.syncRequestedAt?.getTime() ?? 0) + interval * 1000 - Date.now()) / 1000),
      );
      throw new HttpException(
        { message: `Sync was requested moments ago. You can sync again in ${wait} s.`, retryAfter: wait },
        429,
      );
    }
    const jobId = await this.sync.enqueue(storeId);
    if (jobId) await this.stores.update({ id: storeId }, { jobId });
    return {
      store_id: storeId,
      status: claimed[0]!.status,
      sync_available_at: new Date(Date.now() + interval * 1000).toISOString(),
    };
  }

  /**
   * shopify/replace-catalogue: a catalogue store's products become `items` (a new file, already checked), and a
   * sync hands them to search. Taken while a sync runs too: the new sync waits behind it, and the running one,
   * seeing it was superseded, neither writes its products back nor marks the store done (SyncService.finish).
   */
  async replaceCatalogue(ownerSub: string, storeId: string, items: SourceItem[]): Promise<ReplaceCatalogueResponse> {
    const uploadedAt = new Date().toISOString();
    await this.db.transaction(async (m) => {
      // One statement: the owner check and the source check cannot interleave with a sync starting.
      const [claimed] = (await m.query(
        `UPDATE "stores"."stores" SET "status_reason" = NULL, "updated_at" = now(),
           "status" = CASE WHEN "status" = 'running' THEN "status" ELSE 'queued' END,
           "source_config" = "source_config" || jsonb_build_object('uploadedAt', $3::text)
         WHERE "id" = $1 AND "owner_sub" = $2 AND "source" = 'shopify-csv'
         RETURNING "id"`,
        [storeId, ownerSub, uploadedAt],
      )) as [{ id: string }[], number];
      if (!claimed.length) throw await this.catalogueRefusal(ownerSub, storeId);
      await m.delete(SourceItemEntity, { storeId });
      for (let i = 0; i < items.length; i += 500) {
        const rows = items.slice(i, i + 500).map((it) => ({ storeId, ...it }));
        await m.createQueryBuilder().insert().into(SourceItemEntity).values(rows).execute();
      }
    });
    const jobId = await this.sync.enqueue(storeId);
    if (jobId) await this.stores.update({ id: storeId }, { jobId });
    return {
      store_id: storeId,
      status: 'queued',
      imported: items.length,
      rejected: [],
      rejected_count: 0,
      catalogue_uploaded_at: uploadedAt,
    };
  }

  /** Why a catalogue cannot be replaced: no such store of the owner's (404), or no catalogue store (409). */
  async catalogueRefusal(ownerSub: string, storeId: string): Promise<HttpException> {
    const store = await this.stores.findOne({ where: { id: storeId, ownerSub } });
    if (!store) return new NotFoundException('Store not found');
    return new ConflictException(
      'Only a store made from a CSV catalogue takes a new file; this one reads its content from its site or platform (use Sync now).',
    );
  }

  /**
   * Refuses, before anything is created, a page the crawler would refuse to fetch (a private, loopback or
   * metadata address), with the 422 and message discovery gives for it. Each origin is resolved once; a
   * site that cannot be resolved right now is left to ingestion, which retries and reports it.
   */
  private async refuseBlockedPages(pages: { url: string; field: string }[]): Promise<void> {
    const vetted = new Set<string>();
    for (const { url, field } of pages) {
      const origin = new URL(url).origin;
      if (vetted.has(origin)) continue;
      vetted.add(origin);
      try {
        await this.fetcher.vet(url);
      } catch (err) {
        if (!(err instanceof BlockedAddressError)) continue;
        throw fetchErrorToHttp(err, field);
      }
    }
  }

  /** Deletes the caller's store with everything kept for it here, in search and in analytics. */
  async delete(ownerSub: string, storeId: string): Promise<{ deleted: true; store_id: string }> {
    const store = await this.stores.findOne({ where: { id: storeId, ownerSub } });
    if (!store) throw new NotFoundException('Store not found');
    await this.remove(store);
    return { deleted: true, store_id: store.id };
  }

  /**
   * Removes a store: cancels its pending ingestion, has search drop its documents and index and
   * analytics its events, and only then deletes its rows here. A sibling that does not answer stops
   * it with a 503 and the store stays, so deleting it again finishes the job (each step is idempotent).
   */
  async remove(store: Pick<StoreEntity, 'id' | 'jobId'>): Promise<StoreDeletionCounts> {
    if (store.jobId) {
      try {
        await (await this.queue.client()).cancel(SYNC_QUEUE, store.jobId);
      } catch (err) {
        // A finished job cannot be cancelled; the worker also ends quietly for a deleted store.
        this.logger.debug(`cancel ${store.jobId}: ${(err as Error).message}`);
      }
    }
    const urls = this.config;
    await callEndpoint(searchEndpoints.deleteStore, { path: { id: store.id } }, { urls });
    await callEndpoint(analyticsEndpoints.deleteStoreEvents, { path: { storeId: store.id } }, { urls });
    return this.db.transaction(async (m) => {
      // The settings and items would go with the store (ON DELETE CASCADE); deleted first to be counted.
      // A DELETE answers [rows, count] through TypeORM.
      const count = async (table: string, column: string) =>
        ((await m.query(`DELETE FROM "stores"."${table}" WHERE "${column}" = $1`, [store.id])) as [unknown, number])[1];
      const widgetSettings = await count('widget_settings', 'store_id');
      const searchSettings = await count('search_settings', 'store_id');
      const sourceItems = await count('source_items', 'store_id');
      const stores = await count('stores', 'id');
      return { stores, widgetSettings, searchSettings, sourceItems };
    });
  }

  /**
   * Internal (search): what the store's owner's plan lets its widget show, and the owner and
   * monthly search quota search counts and enforces usage with.
   */
  async widgetRules(storeId: string): Promise<StoreWidgetRules> {
    const store = await this.stores.findOne({ where: { id: storeId }, select: { id: true, ownerSub: true } });
    if (!store) throw new NotFoundException('Store not found');
    const { ent } = await this.plans.of(store.ownerSub);
    const [row] = await this.db.query<WidgetSettingsEntity[]>(
      `SELECT "settings", "version" FROM "stores"."widget_settings" WHERE "store_id" = $1`,
      [storeId],
    );
    const rules = {
      ...widgetRulesFor(ent),
      owner: store.ownerSub,
      monthlySearches: ent.monthlySearches,
      semanticSearch: ent.semanticSearch,
    };
    return row ? { ...rules, saved: savedSettings(row) } : rules;
  }

  /**
   * shopify/check-store: whether the owner already has a store for this shop (`url` as the Shopify
   * name rule made it). Only the owner's own stores: another owner's shop is none of theirs to know.
   */
  async checkShopifyStore(ownerSub: string, url: string): Promise<ShopifyCheckStoreResponse> {
    const [found] = await this.findByOwnerAndUrl(ownerSub, url);
    return { exists: !!found, store_id: found?.id ?? null };
  }

  /** Internal (analytics): the owner's stores whose main URL is `url` (trailing slash ignored). */
  async findByOwnerAndUrl(ownerSub: string, url: string): Promise<{ id: string; url: string }[]> {
    const rows = await this.stores.find({ where: { ownerSub }, order: { createdAt: 'DESC' } });
    const key = safeKey(url);
    return rows.filter((s) => safeKey(s.url) === key).map((s) => ({ id: s.id, url: s.url }));
  }
}

/** An address as typed ("shop.example") or stored: the page it names. */
function safeKey(url: string): string {
  return pageKey(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`);
}

/** The body field a page came from: the main URL, or its place in store_urls. */
function fieldOf(page: string, main: string, others: string[]): string {
  return page === main ? 'store_url' : `store_urls.${others.findIndex((u) => u === page)}`;
}

function dedupe(urls: string[]): string[] {
  const seen = new Set<string>();
  return urls.filter((u) => {
    const k = pageKey(u);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
