import { HttpException, Injectable, ServiceUnavailableException, UnprocessableEntityException } from '@nestjs/common';
import type { CreateStoreResponse } from '@sniff/contracts';
import { squarespaceCreateRequestSchema } from '@sniff/contracts';
import type { z } from 'zod';
import { fetchErrorToHttp } from '../fetching/http-errors';
import { SafeFetcher } from '../fetching/safe-fetch';
import { StoresService } from '../stores/stores.service';
import { SquarespaceApi, SquarespaceKeyRejected, type SquarespaceSite } from './squarespace-api';

type SquarespaceCreate = z.infer<typeof squarespaceCreateRequestSchema>;

/**
 * square/create-store and square/create-blog-portfolio: a Squarespace site connected with a Developer
 * API Key. The key is tried before anything is created (a key Squarespace refuses is a 422 on the
 * key's field, and nothing is saved), then sealed at rest; it is never sent back nor logged.
 */
@Injectable()
export class SquarespaceService {
  constructor(
    private readonly stores: StoresService,
    private readonly api: SquarespaceApi,
    private readonly fetcher: SafeFetcher,
  ) {}

  async create(ownerSub: string, body: SquarespaceCreate): Promise<CreateStoreResponse> {
    await this.stores.assertCanCreate(ownerSub, 'squarespace');
    const blog = body.store_type === 'blog';
    // Only "Content Search + Products Search" reads the blog's posts (through its sitemap); every kind reads products.
    const posts = blog && body.search_type === 'full';
    // Only an address the crawler could fetch: never a private or metadata one.
    if (body.sitemap_url) await this.vet(body.sitemap_url, 'sitemap_url');
    const site = await this.tryKey(body.developer_api_key);
    // Squarespace serves a site's sitemap at the root of its canonical URL.
    const sitemapUrl = posts ? (body.sitemap_url ?? sitemapOf(site.url ?? body.store_url)) : undefined;
    if (sitemapUrl && !body.sitemap_url) await this.vet(sitemapUrl, 'store_url');
    const store = await this.stores.create(ownerSub, {
      platform: 'squarespace',
      name: body.store_name,
      nickname: body.store_nickname,
      url: body.store_url,
      storeType: body.store_type,
      source: 'squarespace',
      sourceConfig: {
        storeType: body.store_type,
        searchType: blog ? body.search_type : 'products',
        ...(sitemapUrl ? { sitemapUrl } : {}),
        ...(site.url ? { siteUrl: site.url } : {}),
      },
      credential: body.developer_api_key,
    });
    return {
      store_id: store.id,
      platform: 'squarespace',
      store_url: store.url,
      type: store.storeType,
      source: 'squarespace',
    };
  }

  /** The key's website, and for stores that read products, a first products page (the Products scope). */
  /** The key opens the site and its products (every kind of store reads them). */
  private async tryKey(key: string): Promise<SquarespaceSite> {
    try {
      const site = await this.api.website(key);
      for await (const _page of this.api.products(key)) break;
      return site;
    } catch (err) {
      if (err instanceof SquarespaceKeyRejected) {
        throw new UnprocessableEntityException({ message: err.message, field: 'developer_api_key' });
      }
      if (err instanceof HttpException) throw err;
      throw new ServiceUnavailableException(
        `Sniff could not reach Squarespace to check the key (${(err as Error).message}). Please try again.`,
      );
    }
  }

  private async vet(url: string, field: string): Promise<void> {
    try {
      await this.fetcher.vet(url);
    } catch (err) {
      throw fetchErrorToHttp(err, field);
    }
  }
}

function sitemapOf(siteUrl: string): string {
  return new URL('sitemap.xml', siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}
