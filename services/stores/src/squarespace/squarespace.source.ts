import * as cheerio from 'cheerio';
import { type IndexDocument, pageKey } from '@sniff/contracts';
import { extractDocument } from '../ingestion/extract';
import { readSitemaps } from '../fetching/sitemap';
import { PermanentSourceError, type Source, type SourceEvent, type SyncContext } from '../sync/source';
import type { SquarespaceApi, SquarespaceProduct } from './squarespace-api';

/** Pages of a blog's sitemap read in one sync. */
const MAX_POSTS = 2_000;
const MAX_DESCRIPTION = 1_000;

/**
 * A Squarespace site: its products through the Commerce API (an ecommerce store, and a blog's "Product Search
 * Only"); for "Content Search + Products Search" also the blog's posts through its sitemap (the owner's sitemap
 * URL, else the site's /sitemap.xml). A post whose <lastmod> did not change since the last sync is not fetched again,
 * and the others are fetched conditionally (ETag, Last-Modified).
 */
export class SquarespaceSource implements Source {
  readonly items = { one: 'item', many: 'items' };
  constructor(private readonly api: SquarespaceApi) {}

  async *read(ctx: SyncContext): AsyncIterable<SourceEvent> {
    const key = ctx.credential;
    if (!key) throw new PermanentSourceError('This store has no Developer API Key. Delete it and connect it again.');
    const { storeType, searchType, sitemapUrl, siteUrl } = ctx.store.sourceConfig;
    const products = new Set<string>();
    let seen = 0;
    // Products always (a blog's "Product Search Only" is its shop's products); posts too for "Content Search +
    // Products Search".
    for await (const page of this.api.products(key)) {
      for (const product of page) {
        const event = productEvent(product, siteUrl ?? ctx.store.url);
        if (event.kind === 'item') products.add(pageKey(event.item.document.url));
        seen++;
        yield event;
      }
    }
    if (storeType !== 'blog' || searchType !== 'full') return;
    if (!sitemapUrl)
      throw new PermanentSourceError('This blog has no sitemap to read. Delete it and connect it again.');
    const sitemap = sitemapUrl;
    const { entries, failures } = await readSitemaps(ctx.fetcher, [sitemap], MAX_POSTS);
    if (!entries.length && failures.length) throw new Error(`Could not read the blog's sitemap: ${failures[0]}`);
    const host = new URL(ctx.store.url).host;
    const pages = entries.filter((e) => !products.has(pageKey(e.url)));
    yield { kind: 'total', total: seen + pages.length };
    for (const entry of pages) {
      if (new URL(entry.url).host !== host) {
        yield { kind: 'skip', item: entry.url, reason: `Not on ${host}, the site connected` };
        continue;
      }
      const previous = ctx.previous(entry.url);
      if (previous && entry.lastmod && previous.fingerprint.lastmod === entry.lastmod) {
        yield { kind: 'item', item: previous };
        continue;
      }
      try {
        const page = await ctx.fetcher.fetch(entry.url, 'html', previous?.fingerprint);
        const fingerprint = { lastmod: entry.lastmod, etag: page.etag, lastModified: page.lastModified };
        if (page.status === 304 && previous) {
          yield { kind: 'item', item: { ...previous, fingerprint } };
          continue;
        }
        const document = { ...extractDocument(entry.url, page.body), url: page.url };
        yield { kind: 'item', item: { key: entry.url, fingerprint, document } };
      } catch (err) {
        yield { kind: 'skip', item: entry.url, reason: (err as Error).message };
      }
    }
  }
}

/** A product as the widget shows it: name, description (text), price, first image, its page, stock. */
export function productEvent(p: SquarespaceProduct, siteUrl: string): SourceEvent {
  const label = p.name?.trim() || p.urlSlug || p.id;
  if (p.isVisible === false) return { kind: 'skip', item: label, reason: 'Hidden on the site, so not searchable' };
  const url = absoluteUrl(p.url, siteUrl) ?? absoluteUrl(p.urlSlug ? `/p/${p.urlSlug}` : null, siteUrl);
  if (!url) return { kind: 'skip', item: label, reason: 'Has no page on the site (no product URL)' };
  const variants = p.variants ?? [];
  const prices = variants
    .map((v) => Number((v.pricing?.onSale && v.pricing.salePrice?.value) || v.pricing?.basePrice?.value))
    .filter((n) => Number.isFinite(n));
  const soldOut = variants.length > 0 && variants.every((v) => !v.stock?.unlimited && (v.stock?.quantity ?? 0) <= 0);
  const text = p.description ? cheerio.load(p.description).text().replace(/\s+/g, ' ').trim() : '';
  const image = (p.images ?? []).map((i) => absoluteUrl(i.url, siteUrl)).find(Boolean);
  const document: IndexDocument = {
    id: `sqsp-${p.id}`,
    url,
    title: label.slice(0, 300),
    // Shown first, as the store itself shows it on a product card.
    description: (soldOut ? `Sold out · ${text}` : text).slice(0, MAX_DESCRIPTION),
    headings: (p.tags ?? []).slice(0, 20),
    body: text,
    ...(prices.length ? { price: Math.min(...prices) } : {}),
    ...(image ? { imageUrl: image } : {}),
  };
  return {
    kind: 'item',
    item: { key: `product:${p.id}`, fingerprint: { updatedAt: p.modifiedOn ?? undefined }, document },
  };
}

function absoluteUrl(value: string | null | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value, base);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
