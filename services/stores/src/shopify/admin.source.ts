import type { IndexDocument } from '@sniff/contracts';
import { PermanentSourceError, type Source, type SourceEvent, type SyncContext } from '../sync/source';
import type { ShopifyApp } from './shopify-app';

/** Products per Admin API page (Shopify allows 250; 100 keeps a page's cost well inside the bucket). */
const PAGE_SIZE = 100;

/** How many products the sync will read, for its progress ("120 of 300"). */
const COUNT = `#graphql
query SniffProductsCount { productsCount(query: "status:active") { count } }`;

const PRODUCTS = `#graphql
query SniffProducts($first: Int!, $after: String) {
  products(first: $first, after: $after, query: "status:active") {
    pageInfo { hasNextPage endCursor }
    nodes {
      id title handle description(truncateAt: 1000) onlineStoreUrl updatedAt
      productType vendor tags totalInventory tracksInventory
      featuredMedia { preview { image { url } } }
      priceRangeV2 { minVariantPrice { amount } }
    }
  }
}`;

interface ProductNode {
  id: string;
  title: string;
  handle: string;
  description: string;
  onlineStoreUrl: string | null;
  updatedAt: string;
  productType: string;
  vendor: string;
  tags: string[];
  totalInventory: number | null;
  tracksInventory: boolean;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
  priceRangeV2: { minVariantPrice: { amount: string } };
}
interface ProductsPage {
  products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ProductNode[] };
}

/** A connected Shopify shop: its active products, page by page, through the GraphQL Admin API. */
export class ShopifyAdminSource implements Source {
  readonly items = { one: 'product', many: 'products' };
  constructor(private readonly app: ShopifyApp) {}

  async *read(ctx: SyncContext): AsyncIterable<SourceEvent> {
    const shop = ctx.store.sourceConfig.shop;
    if (!shop || !ctx.credential)
      throw new PermanentSourceError('This shop is not connected. Connect it with Shopify again.');
    const counted = await this.app.query<{ productsCount: { count: number } | null }>(shop, ctx.credential, COUNT, {});
    if (counted.productsCount) yield { kind: 'total', total: counted.productsCount.count };
    let after: string | null = null;
    for (;;) {
      const page: ProductsPage = await this.app.query<ProductsPage>(shop, ctx.credential, PRODUCTS, {
        first: PAGE_SIZE,
        after,
      });
      for (const node of page.products.nodes) yield productEvent(node);
      if (!page.products.pageInfo.hasNextPage || !page.products.pageInfo.endCursor) return;
      after = page.products.pageInfo.endCursor;
    }
  }
}

export function productEvent(p: ProductNode): SourceEvent {
  if (!p.onlineStoreUrl) return { kind: 'skip', item: p.title, reason: 'Not published to the online store' };
  const price = Number(p.priceRangeV2?.minVariantPrice?.amount);
  const image = p.featuredMedia?.preview?.image?.url;
  const soldOut = p.tracksInventory && (p.totalInventory ?? 0) <= 0;
  const text = p.description.replace(/\s+/g, ' ').trim();
  const document: IndexDocument = {
    id: `shopify-${p.id.split('/').pop()}`,
    url: p.onlineStoreUrl,
    title: p.title.slice(0, 300),
    description: soldOut ? `Sold out · ${text}` : text,
    headings: [p.productType, p.vendor, ...p.tags].filter(Boolean).slice(0, 20),
    body: text,
    ...(Number.isFinite(price) ? { price } : {}),
    ...(image && /^https?:\/\//.test(image) ? { imageUrl: image } : {}),
  };
  return { kind: 'item', item: { key: p.id, fingerprint: { updatedAt: p.updatedAt }, document } };
}
