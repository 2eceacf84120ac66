import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Pin, PinAnswer, PinnedPage, SearchHit } from '@sniff/contracts';
import type { SearchIndex } from '../engine/search-index';
import { cutText, queryTerms } from '../engine/text';

/** A pin as queries use it: the pinned pages by URL (in order) or the short answer. */
export interface CompiledPin {
  urls: readonly string[];
  answer?: PinAnswer;
}

/** The store's pins by every phrasing's key (see pinQueryKey). */
export type CompiledPins = ReadonlyMap<string, CompiledPin>;

export const NO_PINS: CompiledPins = new Map();

/** A query as pins match it: the words the engine reads from it (case and accents folded), one space between. */
export function pinQueryKey(q: string): string {
  return queryTerms(q).join(' ');
}

export function compilePins(pins: readonly Pin[]): CompiledPins {
  if (!pins.length) return NO_PINS;
  const byKey = new Map<string, CompiledPin>();
  for (const pin of pins) {
    const compiled: CompiledPin = { urls: pin.urls, ...(pin.answer ? { answer: pin.answer } : {}) };
    for (const phrasing of [pin.query, ...pin.variants]) {
      const key = pinQueryKey(phrasing);
      if (key && !byKey.has(key)) byKey.set(key, compiled);
    }
  }
  return byKey;
}

/** A pinned document as stored (its whole description; cut per query). */
interface PinnedDocument {
  id: string;
  title: string;
  description: string;
  url: string;
  price: number | null;
  imageUrl: string | null;
}

interface DocumentRow {
  doc_id: string;
  url: string;
  title: string;
  description: string;
  price: number | null;
  image_url: string | null;
}

/**
 * Pinned pages are kept by URL (a re-index gives pages new ids) and found among the store's
 * documents when a query first needs them; what was found is remembered per index, so a re-index
 * (a new index) looks them up again and a page no longer indexed is skipped.
 */
@Injectable()
export class PinnedPages {
  private readonly logger = new Logger('PinnedPages');
  private readonly found = new WeakMap<SearchIndex, Map<string, Promise<PinnedDocument | null>>>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The documents at `urls` that the store has, in the order of `urls`, as pinned hits. */
  async hits(storeId: string, index: SearchIndex, urls: readonly string[], descriptionLength?: number) {
    let known = this.found.get(index);
    if (!known) this.found.set(index, (known = new Map()));
    const missing = urls.filter((u) => !known.has(u));
    if (missing.length) {
      const lookup = this.lookup(storeId, missing);
      for (const url of missing) {
        const one = lookup.then((docs) => docs.get(url) ?? null);
        known.set(url, one);
        // A failed lookup is tried again by the next query.
        one.catch(() => known.delete(url));
      }
    }
    let docs: (PinnedDocument | null)[];
    try {
      docs = await Promise.all(urls.map((u) => known.get(u)!));
    } catch (error) {
      this.logger.warn(`store ${storeId}: pinned pages not found now (${(error as Error).message})`);
      return [];
    }
    return docs.filter((d): d is PinnedDocument => !!d).map((d) => toHit(d, descriptionLength));
  }

  /** Which of `urls` the store's documents hold now, for the owner's tuning screen. */
  async pages(storeId: string, urls: readonly string[]): Promise<PinnedPage[]> {
    const docs = await this.lookup(storeId, urls);
    return [...docs.values()].map((d) => ({ url: d.url, title: d.title }));
  }

  private async lookup(storeId: string, urls: readonly string[]): Promise<Map<string, PinnedDocument>> {
    if (!urls.length) return new Map();
    const rows: DocumentRow[] = await this.db.query(
      `SELECT "doc_id", "url", "title", "description", "price", "image_url" FROM "search"."documents"
       WHERE "store_id" = $1 AND "url" = ANY($2) ORDER BY "doc_id"`,
      [storeId, [...urls]],
    );
    const docs = new Map<string, PinnedDocument>();
    for (const r of rows) {
      if (docs.has(r.url)) continue; // two documents of one URL: the first by id
      docs.set(r.url, {
        id: r.doc_id,
        url: r.url,
        title: r.title,
        description: r.description,
        price: r.price,
        imageUrl: r.image_url,
      });
    }
    return docs;
  }
}

function toHit(d: PinnedDocument, descriptionLength?: number): SearchHit {
  return {
    id: d.id,
    title: d.title,
    description: descriptionLength === undefined ? d.description : cutText(d.description, descriptionLength),
    url: d.url,
    ...(d.price !== null ? { price: d.price } : {}),
    ...(d.imageUrl ? { imageUrl: d.imageUrl } : {}),
    highlight: { title: [], description: [] },
    pinned: true,
  };
}
