import { Controller, Param } from '@nestjs/common';
import {
  BodyLimit,
  type BodyOf,
  CurrentOwner,
  Endpoint,
  Owner,
  type QueryOf,
  ValidBody,
  ValidQuery,
} from '@sniff/service-kit';
import {
  CreateStoreResponse,
  Store,
  storesEndpoints,
  type SyncStoreResponse,
  type UpdatePagesResponse,
} from '@sniff/contracts';
import { StoresService } from './stores.service';

const { listStores, syncStore, updatePages, deleteStore, createWebsite, findStores, widgetRules } = storesEndpoints;

@Controller()
export class ManageStoresController {
  constructor(private readonly stores: StoresService) {}

  @Endpoint(listStores)
  list(@CurrentOwner() owner: Owner, @ValidBody(listStores.body) _body: unknown): Promise<Store[]> {
    return this.stores.list(owner.sub);
  }

  /** POST managestores/sync-store {store_id} -> 202: the store re-syncs now (once a minute per store). */
  @Endpoint(syncStore)
  sync(
    @CurrentOwner() owner: Owner,
    @ValidBody(syncStore.body) body: BodyOf<typeof syncStore>,
  ): Promise<SyncStoreResponse> {
    return this.stores.syncNow(owner.sub, body.store_id);
  }

  /**
   * POST managestores/update-pages {store_id, store_urls}: a custom website's new page list; a sync
   * fetches only the added pages.
   */
  @Endpoint(updatePages)
  @BodyLimit(2 * 1024 * 1024) // up to 500 page URLs of up to 2,048 characters, as saas/create-website
  updatePages(
    @CurrentOwner() owner: Owner,
    @ValidBody(updatePages.body) body: BodyOf<typeof updatePages>,
  ): Promise<UpdatePagesResponse> {
    return this.stores.updatePages(owner.sub, body);
  }

  @Endpoint(deleteStore)
  delete(@CurrentOwner() owner: Owner, @ValidBody(deleteStore.body) body: BodyOf<typeof deleteStore>) {
    return this.stores.delete(owner.sub, body.store_id);
  }
}

@Controller()
export class SaasController {
  constructor(private readonly stores: StoresService) {}

  @Endpoint(createWebsite)
  @BodyLimit(2 * 1024 * 1024) // up to 500 page URLs of up to 2,048 characters: just over 1 MB
  create(
    @CurrentOwner() owner: Owner,
    @ValidBody(createWebsite.body) body: BodyOf<typeof createWebsite>,
  ): Promise<CreateStoreResponse> {
    return this.stores.createWebsite(owner.sub, body);
  }
}

@Controller()
export class InternalStoresController {
  constructor(private readonly stores: StoresService) {}

  /** GET /internal/stores?owner=&url= -> [{id, url}] (analytics checks ownership with it). */
  @Endpoint(findStores)
  find(@ValidQuery(findStores.query) q: QueryOf<typeof findStores>) {
    return this.stores.findByOwnerAndUrl(q.owner, q.url);
  }

  /** GET /internal/stores/:id/widget-rules (search, when a widget mounts): sizes and placeholder its plan allows. */
  @Endpoint(widgetRules)
  widgetRules(@Param('id') storeId: string) {
    return this.stores.widgetRules(storeId);
  }
}
