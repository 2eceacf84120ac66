import type { Source, SourceEvent, SyncContext } from '../sync/source';

/**
 * A catalogue uploaded as CSV: the upload stored its products as the store's items, so a sync hands
 * them to the search service again (after a search database was restored, say) and fetches nothing.
 */
export const catalogueSource: Source = {
  items: { one: 'product', many: 'products' },
  async *read(ctx: SyncContext): AsyncIterable<SourceEvent> {
    const items = [...ctx.previousItems()];
    yield { kind: 'total', total: items.length };
    for (const item of items) yield { kind: 'item', item };
  },
};
