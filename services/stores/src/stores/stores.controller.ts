import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { BodyLimit, CurrentOwner, InternalGuard, Owner, OwnerGuard, ValidBody, ValidQuery } from '@sniff/service-kit';
import {
  CreateStoreResponse,
  createWebsiteRequestSchema,
  deleteStoreRequestSchema,
  internalStoresQuerySchema,
  listStoresRequestSchema,
  Store,
  syncStoreRequestSchema,
  type SyncStoreResponse,
} from '@sniff/contracts';
import { z } from 'zod';
import { StoresService } from './stores.service';

@Controller('managestores')
@UseGuards(OwnerGuard)
export class ManageStoresController {
  constructor(private readonly stores: StoresService) {}

  @Post('list-stores')
  @HttpCode(200)
  list(@CurrentOwner() owner: Owner, @ValidBody(listStoresRequestSchema) _body: unknown): Promise<Store[]> {
    return this.stores.list(owner.sub);
  }

  /** POST managestores/sync-store {store_id} -> 202: the store re-syncs now (once a minute per store). */
  @Post('sync-store')
  @HttpCode(202)
  sync(
    @CurrentOwner() owner: Owner,
    @ValidBody(syncStoreRequestSchema) body: z.infer<typeof syncStoreRequestSchema>,
  ): Promise<SyncStoreResponse> {
    return this.stores.syncNow(owner.sub, body.store_id);
  }

  @Post('delete-store')
  @HttpCode(200)
  delete(
    @CurrentOwner() owner: Owner,
    @ValidBody(deleteStoreRequestSchema) body: z.infer<typeof deleteStoreRequestSchema>,
  ) {
    return this.stores.delete(owner.sub, body.store_id);
  }
}

@Controller('saas')
@UseGuards(OwnerGuard)
export class SaasController {
  constructor(private readonly stores: StoresService) {}

  @Post('create-website')
  @BodyLimit(2 * 1024 * 1024) // up to 500 page URLs of up to 2,048 characters: just over 1 MB
  @HttpCode(200)
  create(
    @CurrentOwner() owner: Owner,
    @ValidBody(createWebsiteRequestSchema) body: z.infer<typeof createWebsiteRequestSchema>,
  ): Promise<CreateStoreResponse> {
    return this.stores.createWebsite(owner.sub, body);
  }
}

@Controller('internal/stores')
@UseGuards(InternalGuard)
export class InternalStoresController {
  constructor(private readonly stores: StoresService) {}

  /** GET /internal/stores?owner=&url= -> [{id, url}] (analytics checks ownership with it). */
  @Get()
  find(@ValidQuery(internalStoresQuerySchema) q: z.infer<typeof internalStoresQuerySchema>) {
    return this.stores.findByOwnerAndUrl(q.owner, q.url);
  }

  /** GET /internal/stores/:id/widget-rules (search, when a widget mounts): sizes and placeholder its plan allows. */
  @Get(':id/widget-rules')
  widgetRules(@Param('id') storeId: string) {
    return this.stores.widgetRules(storeId);
  }
}
