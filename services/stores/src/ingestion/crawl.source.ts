import { extractDocument } from './extract';
import type { Source, SourceEvent, SyncContext } from '../sync/source';

/**
 * A custom website: the pages the owner selected, each fetched with the validators of the last sync
 * (If-None-Match / If-Modified-Since), so a page the site reports unchanged (304) is not read again.
 * After an edit of the page list (`ctx.reuseKept`) a page the last sync indexed is not fetched at all:
 * its item is kept as it was and only the added pages (and any the last sync skipped) are fetched.
 */
export const crawlSource: Source = {
  items: { one: 'page', many: 'pages' },
  async *read(ctx: SyncContext): AsyncIterable<SourceEvent> {
    const urls = ctx.store.pageUrls;
    yield { kind: 'total', total: urls.length };
    for (const url of urls) {
      const previous = ctx.previous(url);
      if (ctx.reuseKept && previous) {
        yield { kind: 'item', item: previous };
        continue;
      }
      try {
        const page = await ctx.fetcher.fetch(url, 'html', previous?.fingerprint);
        if (page.status === 304 && previous) {
          yield { kind: 'item', item: previous };
          continue;
        }
        const fingerprint = { etag: page.etag, lastModified: page.lastModified };
        yield {
          kind: 'item',
          item: { key: url, fingerprint, document: { ...extractDocument(url, page.body), url: page.url } },
        };
      } catch (err) {
        yield { kind: 'skip', item: url, reason: (err as Error).message };
      }
    }
  },
};
