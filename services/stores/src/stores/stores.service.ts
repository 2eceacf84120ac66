import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { callInternal, Queue } from '@sniff/service-kit';
import {
  CreateStoreResponse,
  createWebsiteRequestSchema,
  type Entitlements,
  entitlementsFor,
  type PlanEntry,
  Store,
  UserInfoResponse,
  type ShopifyCheckStoreResponse,
  type StoreWidgetRules,
  widgetRulesFor,
} from '@sniff/contracts';
import type { z } from 'zod';
import { STORES_CONFIG, StoresConfig } from '../config';
import { urlKey } from '../discovery/urls';
import { fetchErrorToHttp } from '../fetching/http-errors';
import { BlockedAddressError, SafeFetcher } from '../fetching/safe-fetch';
import { INGEST_QUEUE } from '../ingestion/ingestion.constants';
import { platformRefusal, storeLimitMessage } from './allowance';
import { StoreEntity } from './store.entity';

type CreateWebsite = z.infer<typeof createWebsiteRequestSchema>;

export function newStoreId(): string {
  return `st_${randomBytes(12).toString('base64url')}`;
}

export function toStore(s: StoreEntity): Store {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    platform: s.platform,
    store_type: s.storeType,
    status: s.status,
    status_reason: s.statusReason,
    pages: s.pagesIndexed,
    created_at: s.createdAt.toISOString(),
  };
}

@Injectable()
export class StoresService {
  private readonly logger = new Logger('Stores');

  constructor(
    @InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>,
    @Inject(STORES_CONFIG) private readonly config: StoresConfig,
    private readonly queue: Queue,
    private readonly fetcher: SafeFetcher,
  ) {}

  async list(ownerSub: string): Promise<Store[]> {
    const rows = await this.stores.find({ where: { ownerSub }, order: { createdAt: 'DESC', id: 'ASC' } });
    return rows.map(toStore);
  }

  /**
   * Creates a custom-website store within the owner's entitlements and queues its ingestion. An
   * owner over the allowance (after a downgrade) keeps every store but creates none until within it.
   */
  async createWebsite(ownerSub: string, body: CreateWebsite): Promise<CreateStoreResponse> {
    const { plans, ent } = await this.plansOf(ownerSub);
    const refusal = platformRefusal(ent, body.platform);
    if (refusal) throw new ForbiddenException(refusal);
    if ((await this.stores.count({ where: { ownerSub } })) >= ent.maxStores) {
      throw new ForbiddenException(storeLimitMessage(plans, ent));
    }
    const pages = dedupe([body.store_url, ...body.store_urls]);
    if (pages.length > ent.maxCustomPages) {
      throw new ForbiddenException(
        ent.isFree
          ? `Free users can only select up to ${ent.maxCustomPages} pages. Please deselect some pages or upgrade your plan.`
          : `Your plan can index up to ${ent.maxCustomPages} pages. Please deselect some pages.`,
      );
    }
    await this.refuseBlockedPages(body, pages);
    const store = await this.stores.save(
      this.stores.create({
        id: newStoreId(),
        ownerSub,
        name: body.store_name,
        nickname: body.store_nickname ?? null,
        url: pages[0]!,
        platform: 'custom',
        storeType: body.site_type,
        status: 'queued',
        statusReason: null,
        pageUrls: pages,
        pagesIndexed: 0,
      }),
    );
    const jobId = await this.queue.send(INGEST_QUEUE, { storeId: store.id });
    await this.stores.update({ id: store.id }, { jobId });
    return { store_id: store.id, platform: 'custom', store_url: store.url, type: store.storeType };
  }

  /**
   * Refuses, before anything is created, a page the crawler would refuse to fetch (a private, loopback or
   * metadata address), with the 422 and message discovery gives for it. Each origin is resolved once; a
   * site that cannot be resolved right now is left to ingestion, which retries and reports it.
   */
  private async refuseBlockedPages(body: CreateWebsite, pages: string[]): Promise<void> {
    const vetted = new Set<string>();
    for (const page of pages) {
      const origin = new URL(page).origin;
      if (vetted.has(origin)) continue;
      vetted.add(origin);
      try {
        await this.fetcher.vet(page);
      } catch (err) {
        if (!(err instanceof BlockedAddressError)) continue;
        const field = page === pages[0] ? 'store_url' : `store_urls.${body.store_urls.findIndex((u) => u === page)}`;
        throw fetchErrorToHttp(err, field);
      }
    }
  }

  /** Deletes the caller's store, its search documents and index, and its pending ingestion. */
  async delete(ownerSub: string, storeId: string): Promise<{ deleted: true; store_id: string }> {
    const store = await this.stores.findOne({ where: { id: storeId, ownerSub } });
    if (!store) throw new NotFoundException('Store not found');
    if (store.jobId) {
      try {
        await (await this.queue.client()).cancel(INGEST_QUEUE, store.jobId);
      } catch (err) {
        // A finished job cannot be cancelled; the worker also ends quietly for a deleted store.
        this.logger.debug(`cancel ${store.jobId}: ${(err as Error).message}`);
      }
    }
    await callInternal('search', this.config.SEARCH_URL, `/internal/stores/${encodeURIComponent(store.id)}`, {
      method: 'DELETE',
    });
    await this.stores.delete({ id: store.id, ownerSub });
    return { deleted: true, store_id: store.id };
  }

  /**
   * Internal (search): what the store's owner's plan lets its widget show, and the owner and
   * monthly search quota search counts and enforces usage with.
   */
  async widgetRules(storeId: string): Promise<StoreWidgetRules> {
    const store = await this.stores.findOne({ where: { id: storeId }, select: { id: true, ownerSub: true } });
    if (!store) throw new NotFoundException('Store not found');
    const ent = await this.entitlementsOf(store.ownerSub);
    return { ...widgetRulesFor(ent), owner: store.ownerSub, monthlySearches: ent.monthlySearches };
  }

  /** The owner's entitlements, from the plans billing holds. */
  private async entitlementsOf(ownerSub: string): Promise<Entitlements> {
    return (await this.plansOf(ownerSub)).ent;
  }

  private async plansOf(ownerSub: string): Promise<{ plans: PlanEntry[]; ent: Entitlements }> {
    const { plans } = await callInternal<UserInfoResponse>(
      'billing',
      this.config.BILLING_URL,
      `/internal/users/${encodeURIComponent(ownerSub)}/plans`,
    );
    return { plans, ent: entitlementsFor(plans) };
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

function safeKey(url: string): string {
  try {
    return urlKey(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`);
  } catch {
    return url.trim().toLowerCase();
  }
}

function dedupe(urls: string[]): string[] {
  const seen = new Set<string>();
  return urls.filter((u) => {
    const k = urlKey(u);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
