import { useState } from 'react';
import { errorMessage } from '@sniff/shell-sdk';
import type { CreateStoreResponse } from '@sniff/contracts';
import { useCrawlMapMutation, useCreateWebsiteMutation } from '../../../shared/api';
import { otherPages } from '../pages';
import type { StoreInfo } from '../store-info';

/**
 * A custom website: its pages are discovered from the main URL as the owner leaves step 2 (and again
 * from the sitemap the owner may name on step 3); the owner picks which to index besides the main URL,
 * and the store is created with them.
 */
export function useCustomSite() {
  const [crawlMap, crawlState] = useCrawlMapMutation();
  const [createWebsite, createState] = useCreateWebsiteMutation();
  const [mainUrl, setMainUrl] = useState('');
  const [pages, setPages] = useState<string[]>([]);
  const [discoverError, setDiscoverError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const discover = async (url: string, sitemapUrl?: string) => {
    setMainUrl(url);
    setSelected(new Set());
    try {
      const result = await crawlMap({ url, sitemap_url: sitemapUrl }).unwrap();
      setPages(otherPages(url, result.urls));
      setDiscoverError(null);
    } catch (e) {
      // The flow continues with the main URL alone; the owner sees why nothing was found.
      setPages([]);
      setDiscoverError(errorMessage(e));
    }
  };

  const toggle = (url: string) => {
    const nextSet = new Set(selected);
    if (nextSet.has(url)) nextSet.delete(url);
    else nextSet.add(url);
    setSelected(nextSet);
  };

  /** Creates the store with the main URL and the pages picked; rejects as the API did. */
  const create = (info: StoreInfo): Promise<CreateStoreResponse> =>
    createWebsite({
      store_url: mainUrl,
      store_urls: pages.filter((p) => selected.has(p)),
      store_name: info.storeName.trim(),
      store_nickname: info.storeNickname.trim() || undefined,
      platform: 'custom',
      site_type: 'business',
    }).unwrap();

  return {
    mainUrl,
    pages,
    selected,
    discoverError,
    discovering: crawlState.isLoading,
    creating: createState.isLoading,
    discover,
    /** Finds the pages again, from the owner's sitemap when given. */
    rediscover: (sitemapUrl: string | undefined) => void discover(mainUrl, sitemapUrl),
    toggle,
    select: (urls: string[]) => setSelected(new Set(urls)),
    create,
  };
}

export type CustomSite = ReturnType<typeof useCustomSite>;
