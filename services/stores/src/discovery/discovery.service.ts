import { Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import * as cheerio from 'cheerio';
import robotsParser from 'robots-parser';
import { type CrawlMapResponse, pageKey } from '@sniff/contracts';
import { fetchErrorToHttp } from '../fetching/http-errors';
import { BlockedAddressError, FetchFailedError, ROBOTS_AGENT, SafeFetcher } from '../fetching/safe-fetch';
import { readSitemaps } from '../fetching/sitemap';
import { cleanUrl, sameHost } from './urls';

export const MAX_DISCOVERED_URLS = 200;

type Robots = ReturnType<typeof robotsParser>;

/** Page discovery for crawl/map: sitemaps first, else the page's own same-host links; robots.txt honoured. */
@Injectable()
export class DiscoveryService {
  private readonly logger = new Logger('Discovery');

  constructor(private readonly fetcher: SafeFetcher) {}

  /** `sitemapUrl`: the owner's own sitemap, read (through the safe fetcher, like every sitemap) instead of ours. */
  async map(url: string, sitemapUrl?: string): Promise<CrawlMapResponse> {
    try {
      return { urls: await this.discover(url, sitemapUrl) };
    } catch (err) {
      throw fetchErrorToHttp(err);
    }
  }

  private async discover(input: string, sitemapUrl?: string): Promise<string[]> {
    const main = cleanUrl(input)!;
    // The main page must be reachable: its errors are the owner's answer.
    const page = await this.fetcher.fetch(main, 'html');
    const origin = new URL(page.url).origin;
    const robots = await this.robots(origin);
    const allowed = (u: string) => robots?.isAllowed(u, ROBOTS_AGENT) !== false;

    let found = sitemapUrl
      ? await this.fromOwnersSitemap(sitemapUrl)
      : await this.fromSitemaps(origin, robots?.getSitemaps() ?? []);
    found = found.filter((u) => sameHost(u, main) && allowed(u));
    if (!sitemapUrl && !found.some((u) => pageKey(u) !== pageKey(main))) {
      found = this.links(page.body, page.url).filter((u) => sameHost(u, main) && allowed(u));
    }

    const seen = new Set([pageKey(main)]);
    const urls = [main];
    for (const u of found) {
      if (urls.length >= MAX_DISCOVERED_URLS) break;
      const key = pageKey(u);
      if (seen.has(key)) continue;
      seen.add(key);
      urls.push(u);
    }
    return urls;
  }

  /** robots.txt of the site, or null when it has none (or it cannot be read). */
  private async robots(origin: string): Promise<Robots | null> {
    const url = `${origin}/robots.txt`;
    try {
      const res = await this.fetcher.fetch(url, 'robots');
      return robotsParser(url, res.body);
    } catch (err) {
      if (err instanceof BlockedAddressError) throw err;
      if (err instanceof FetchFailedError && err.status && err.status >= 500) {
        // Google's rule: a server error on robots.txt means "crawl nothing for now".
        return robotsParser(url, 'User-agent: *\nDisallow: /');
      }
      return null;
    }
  }

  /** Page URLs from /sitemap.xml and the sitemaps robots.txt names, following sitemap indexes. */
  private async fromSitemaps(origin: string, named: string[]): Promise<string[]> {
    const { entries, failures } = await readSitemaps(
      this.fetcher,
      [...named, `${origin}/sitemap.xml`],
      MAX_DISCOVERED_URLS * 2,
    );
    for (const failure of failures) this.logger.debug(`sitemap skipped: ${failure}`);
    return entries.map((e) => e.url);
  }

  /**
   * The sitemap the owner named, and the sitemaps it indexes. One that cannot be read is the owner's answer
   * (422 saying why), not a silent fall-back to links: they asked for this sitemap.
   */
  private async fromOwnersSitemap(sitemapUrl: string): Promise<string[]> {
    const { entries, failures } = await readSitemaps(this.fetcher, [sitemapUrl], MAX_DISCOVERED_URLS * 2);
    if (!entries.length && failures.length)
      throw new UnprocessableEntityException({
        message: `Could not read the sitemap ${sitemapUrl}: ${failures[0]}`,
        field: 'sitemap_url',
      });
    return entries.map((e) => e.url);
  }

  /** Same-document links of a page, resolved against its URL. */
  private links(body: string, base: string): string[] {
    const $ = cheerio.load(body);
    const baseHref = $('base[href]').attr('href');
    const resolveBase = baseHref ? (cleanUrl(baseHref, base) ?? base) : base;
    return $('a[href]')
      .map((_, el) => cleanUrl($(el).attr('href') ?? '', resolveBase))
      .get()
      .filter((u): u is string => !!u);
  }
}
