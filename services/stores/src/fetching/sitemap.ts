import * as cheerio from 'cheerio';
import { cleanUrl } from '../discovery/urls';
import type { SafeFetcher } from './safe-fetch';

export interface SitemapEntry {
  url: string;
  /** <lastmod> as the sitemap writes it, when it has one. */
  lastmod?: string;
}

const MAX_SITEMAPS = 10;

/**
 * The page entries of the given sitemaps, following sitemap indexes, at most `limit`. A sitemap that
 * cannot be read is left out and named in `failures` (the caller decides whether that is fatal).
 */
export async function readSitemaps(
  fetcher: SafeFetcher,
  urls: string[],
  limit: number,
): Promise<{ entries: SitemapEntry[]; failures: string[] }> {
  const queue = urls.map((u) => cleanUrl(u)).filter((u): u is string => !!u);
  const done = new Set<string>();
  const entries: SitemapEntry[] = [];
  const failures: string[] = [];
  while (queue.length && done.size < MAX_SITEMAPS && entries.length < limit) {
    const sitemap = queue.shift()!;
    if (done.has(sitemap)) continue;
    done.add(sitemap);
    let xml: string;
    try {
      const res = await fetcher.fetch(sitemap, 'sitemap');
      if (res.truncated) throw new Error(`${sitemap} is larger than we read, or was cut off`);
      xml = res.body;
    } catch (err) {
      failures.push((err as Error).message);
      continue;
    }
    const $ = cheerio.load(xml, { xml: true });
    if (!$('urlset, sitemapindex').length) {
      failures.push(`${sitemap} is not a sitemap (no <urlset> or <sitemapindex>)`);
      continue;
    }
    $('sitemapindex > sitemap > loc').each((_, el) => {
      const u = cleanUrl($(el).text().trim());
      if (u) queue.push(u);
    });
    $('urlset > url').each((_, el) => {
      const url = cleanUrl($(el).children('loc').first().text().trim());
      const lastmod = $(el).children('lastmod').first().text().trim() || undefined;
      if (url && entries.length < limit) entries.push({ url, lastmod });
    });
  }
  return { entries, failures };
}
