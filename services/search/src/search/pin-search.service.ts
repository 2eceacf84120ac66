import { Injectable } from '@nestjs/common';
import type { PinnedPagesResponse } from '@sniff/contracts';
import { IndexLifecycle } from './index-lifecycle.service';
import { PinnedPages } from './pins';

/** Pages an owner may pin, found as a visitor would find them. */
const CANDIDATES = 10;

/** The owner's side of pinned answers (through the stores service): finding pages and checking pinned ones. */
@Injectable()
export class PinSearch {
  constructor(
    private readonly indexes: IndexLifecycle,
    private readonly pinned: PinnedPages,
  ) {}

  /** The store's pages that match `q` (with its synonyms), not counted as a search; none before its first index. */
  async candidates(storeId: string, q: string): Promise<PinnedPagesResponse> {
    const entry = await this.indexes.entryFor(storeId);
    if (!entry) return { pages: [] };
    const { hits } = entry.index.search(q, { limit: CANDIDATES, rules: entry.rules, descriptionLength: 0 });
    return { pages: hits.map((h) => ({ url: h.url, title: h.title })) };
  }

  /** The pinned URLs the store's documents hold now (a missing one is left out). */
  async pages(storeId: string, urls: string[]): Promise<PinnedPagesResponse> {
    return { pages: await this.pinned.pages(storeId, [...new Set(urls)]) };
  }
}
