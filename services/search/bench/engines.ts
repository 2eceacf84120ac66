/* eslint-disable @typescript-eslint/no-explicit-any */
import MiniSearch from 'minisearch';
import { Document, Charset } from 'flexsearch';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import Fuse from 'fuse.js';
import type { IndexDocument } from '@sniff/contracts';
import type { SearchIndex } from '../src/engine/search-index';
import { sniffEngine } from '../src/engine/sniff-index';

export const LIMIT = 5;
/** Fuse.js scans every document per query (40-80 ms each here): relevance uses a subsample. */
const FUSE_PER_CLASS = 40;

/** One way to query a built index; returns document ids, best first. */
export interface Variant {
  name: string;
  setup: string;
  search(q: string): string[];
  /** Relevance runs only the first N queries of each class (for engines too slow for all of them). */
  maxPerClass?: number;
  /** Scored for relevance only (a second view of a setup that speed already times). */
  relevanceOnly?: boolean;
}

/** An index of one library, built once and queried in one or more setups (variants). */
export interface Family {
  name: string;
  build(docs: IndexDocument[]): { variants: Variant[]; index: unknown };
}

const plain = (d: IndexDocument) => ({ id: d.id, title: d.title, description: d.description, body: d.body });

/** Sniff's engine, through the SearchIndex interface the service uses (with its suggestions and highlights). */
export const sniff: Family = {
  name: 'sniff',
  build(docs) {
    const index: SearchIndex = sniffEngine.build(docs);
    return {
      index,
      variants: [
        {
          name: 'sniff',
          setup: `SearchIndex (${sniffEngine.name})`,
          search: (q) => index.search(q, { limit: LIMIT }).hits.map((h) => h.id),
        },
        {
          // The same queries Fuse.js is scored on, for a like-for-like comparison.
          name: 'sniff-subset',
          relevanceOnly: true,
          setup: `SearchIndex (${sniffEngine.name}), first ${FUSE_PER_CLASS} queries per class`,
          search: (q) => index.search(q, { limit: LIMIT }).hits.map((h) => h.id),
          maxPerClass: FUSE_PER_CLASS,
        },
      ],
    };
  },
};

/** Sniff with AI search (semantic recall), as a Solo Premium AI store is built and searched. */
export const sniffSemantic: Family = {
  name: 'sniff-semantic',
  build(docs) {
    const index: SearchIndex = sniffEngine.build(docs, { semantic: true });
    return {
      index,
      variants: [
        {
          name: 'sniff-semantic',
          setup: `SearchIndex (${sniffEngine.name}), semantic recall (GloVe word vectors)`,
          search: (q) => index.search(q, { limit: LIMIT, semantic: true }).hits.map((h) => h.id),
        },
      ],
    };
  },
};

export const minisearch: Family = {
  name: 'minisearch',
  build(docs) {
    const ms = new MiniSearch({ fields: ['title', 'description', 'body'] });
    ms.addAll(docs.map(plain));
    const ids = (rs: { id: any }[]) => rs.slice(0, LIMIT).map((r) => String(r.id));
    return {
      index: ms,
      variants: [
        { name: 'minisearch', setup: 'defaults', search: (q) => ids(ms.search(q)) },
        {
          name: 'minisearch-fuzzy',
          setup: 'prefix, fuzzy 0.2, boost title 3 / description 2',
          search: (q) => ids(ms.search(q, { prefix: true, fuzzy: 0.2, boost: { title: 3, description: 2 } })),
        },
      ],
    };
  },
};

/** FlexSearch's results per field, merged in field order (title first), first LIMIT unique ids. */
function flexIds(results: any[]): string[] {
  const out: string[] = [];
  for (const field of results) {
    for (const id of field.result) {
      const s = String(id);
      if (!out.includes(s)) out.push(s);
      if (out.length >= LIMIT) return out;
    }
  }
  return out;
}

export const flexsearch: Family = {
  name: 'flexsearch',
  build(docs) {
    const index = new (Document as any)({ document: { id: 'id', index: ['title', 'description', 'body'] } });
    for (const d of docs) index.add(plain(d));
    return {
      index,
      variants: [
        { name: 'flexsearch', setup: 'Document, defaults', search: (q) => flexIds(index.search(q, { limit: LIMIT })) },
      ],
    };
  },
};

export const flexsearchFuzzy: Family = {
  name: 'flexsearch-fuzzy',
  build(docs) {
    const index = new (Document as any)({
      encoder: Charset.LatinAdvanced,
      document: {
        id: 'id',
        index: [
          { field: 'title', tokenize: 'full' },
          { field: 'description', tokenize: 'forward' },
          { field: 'body', tokenize: 'forward' },
        ],
      },
    });
    for (const d of docs) index.add(plain(d));
    return {
      index,
      variants: [
        {
          name: 'flexsearch-fuzzy',
          setup: 'Document, LatinAdvanced encoder, title tokenize full, others forward, suggest',
          search: (q) => flexIds(index.search(q, { limit: LIMIT, suggest: true })),
        },
      ],
    };
  },
};

function oramaIds(result: any): string[] {
  if (result && typeof result.then === 'function') throw new Error('Orama answered asynchronously');
  return result.hits.map((h: any) => String(h.id));
}

export const orama: Family = {
  name: 'orama',
  build(docs) {
    const db = create({ schema: { id: 'string', title: 'string', description: 'string', body: 'string' } as const });
    const done = insertMultiple(db, docs.map(plain) as any, 5000) as any;
    if (done && typeof done.then === 'function') throw new Error('Orama inserted asynchronously');
    return {
      index: db,
      variants: [
        { name: 'orama', setup: 'defaults', search: (q) => oramaIds(oramaSearch(db, { term: q, limit: LIMIT })) },
        {
          name: 'orama-tolerance',
          setup: 'tolerance 1, boost title 3 / description 2',
          search: (q) =>
            oramaIds(oramaSearch(db, { term: q, limit: LIMIT, tolerance: 1, boost: { title: 3, description: 2 } })),
        },
        {
          name: 'orama-tolerance2',
          setup: 'tolerance 2, boost title 3 / description 2',
          search: (q) =>
            oramaIds(oramaSearch(db, { term: q, limit: LIMIT, tolerance: 2, boost: { title: 3, description: 2 } })),
        },
      ],
    };
  },
};

export const fuse: Family = {
  name: 'fuse',
  build(docs) {
    const list = docs.map(plain);
    const plainFuse = new Fuse(list, { keys: ['title', 'description', 'body'] });
    const tuned = new Fuse(list, {
      keys: [
        { name: 'title', weight: 3 },
        { name: 'description', weight: 2 },
        { name: 'body', weight: 1 },
      ],
      threshold: 0.3,
      ignoreLocation: true,
    });
    const ids = (rs: { item: { id: string } }[]) => rs.map((r) => r.item.id);
    return {
      index: [plainFuse, tuned],
      variants: [
        {
          name: 'fuse',
          setup: 'defaults (threshold 0.6)',
          search: (q) => ids(plainFuse.search(q, { limit: LIMIT })),
          maxPerClass: FUSE_PER_CLASS,
        },
        {
          name: 'fuse-tuned',
          setup: 'threshold 0.3, ignoreLocation, weights title 3 / description 2 / body 1',
          search: (q) => ids(tuned.search(q, { limit: LIMIT })),
          maxPerClass: FUSE_PER_CLASS,
        },
      ],
    };
  },
};

const ALL: Family[] = [sniff, sniffSemantic, minisearch, flexsearch, flexsearchFuzzy, orama, fuse];
/** SNIFF_BENCH_ENGINES=sniff,orama runs only those families (for quick iterations). */
const only = process.env.SNIFF_BENCH_ENGINES?.split(',');
export const FAMILIES: Family[] = only ? ALL.filter((f) => only.includes(f.name)) : ALL;
