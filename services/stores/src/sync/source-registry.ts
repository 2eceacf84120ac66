import { Injectable } from '@nestjs/common';
import type { StoreSource } from '@sniff/contracts';
import { crawlSource } from '../ingestion/crawl.source';
import { ShopifyAdminSource } from '../shopify/admin.source';
import { catalogueSource } from '../shopify/catalogue.source';
import { ShopifyApp } from '../shopify/shopify-app';
import { SquarespaceApi } from '../squarespace/squarespace-api';
import { SquarespaceSource } from '../squarespace/squarespace.source';
import type { StoreEntity } from '../stores/store.entity';
import type { Source } from './source';

/** The source each kind of store reads its content from. */
@Injectable()
export class SourceRegistry {
  private readonly sources: Record<StoreSource, Source>;

  constructor(squarespace: SquarespaceApi, shopify: ShopifyApp) {
    this.sources = {
      crawl: crawlSource,
      squarespace: new SquarespaceSource(squarespace),
      'shopify-csv': catalogueSource,
      'shopify-oauth': new ShopifyAdminSource(shopify),
    };
  }

  for(store: Pick<StoreEntity, 'source'>): Source {
    return this.sources[store.source];
  }
}
