import MiniSearch, { type Options, type SearchOptions, type SearchResult } from 'minisearch';
import type { IndexDocument, SearchHit } from '@sniff/contracts';
import type { IndexSearchResult, QueryOptions, SearchEngine, SearchIndex } from './search-index';
import { editDistance, foldTerm, maxTypos, queryTerms, splitWords, tokenize } from './text';

const SNAPSHOT_VERSION = 1;
const MAX_SUGGESTIONS = 5;

interface StoredFields {
  title: string;
  description: string;
  url: string;
  price?: number;
  imageUrl?: string;
}

interface Snapshot {
  v: number;
  engine: 'minisearch';
  index: unknown;
  /** Indexed words with the number of documents that contain them (for "Did you mean"). */
  vocabulary: [string, number][];
}

const OPTIONS: Options<IndexDocument> = {
  idField: 'id',
  fields: ['title', 'description', 'headings', 'body'],
  storeFields: ['title', 'description', 'url', 'price', 'imageUrl'],
  extractField: (doc, field) => {
    const value = (doc as unknown as Record<string, unknown>)[field];
    return Array.isArray(value) ? value.join('\n') : (value as string);
  },
  tokenize: splitWords,
  processTerm: (term) => foldTerm(term) ?? undefined,
};

/** Relevance rules of DESIGN.md: title > description > headings > body; exact > prefix > typo. */
function searchOptions(combineWith: 'AND' | 'OR'): SearchOptions {
  return {
    combineWith,
    boost: { title: 3, description: 2, headings: 1.5, body: 1 },
    // Search as you type: only the last word is completed.
    prefix: (_term, i, terms) => i === terms.length - 1,
    fuzzy: (term) => maxTypos(term),
    // MiniSearch's defaults weigh a typo above a completion; ours rank completions higher.
    weights: { prefix: 0.5, fuzzy: 0.3 },
  };
}

class MiniSearchIndex implements SearchIndex {
  constructor(
    private readonly ms: MiniSearch<IndexDocument>,
    private readonly vocabulary: Map<string, number>,
  ) {}

  get documentCount(): number {
    return this.ms.documentCount;
  }

  search(q: string, { limit }: QueryOptions): IndexSearchResult {
    const terms = queryTerms(q);
    if (!terms.length) return { hits: [], suggestions: [] };

    // Prefer documents with every word; then the closest indexed words; then any word.
    let used = terms;
    let results = this.run(terms, 'AND');
    let corrected: string[] | null = null;
    if (!results.length) {
      corrected = this.correct(terms);
      if (corrected) {
        results = this.run(corrected, 'AND');
        if (results.length) used = corrected;
      }
      if (!results.length) results = this.run(terms, 'OR');
      if (!results.length && corrected) {
        results = this.run(corrected, 'OR');
        if (results.length) used = corrected;
      }
    }

    const hits = results.slice(0, limit).map((r) => this.toHit(r));
    const correctedQuery = used !== terms ? used.join(' ') : undefined;
    return { hits, suggestions: this.suggest(used, results), ...(correctedQuery ? { correctedQuery } : {}) };
  }

  serialize(): string {
    const snapshot: Snapshot = {
      v: SNAPSHOT_VERSION,
      engine: 'minisearch',
      index: this.ms.toJSON(),
      vocabulary: [...this.vocabulary],
    };
    return JSON.stringify(snapshot);
  }

  private run(terms: string[], combineWith: 'AND' | 'OR'): SearchResult[] {
    return this.ms.search(terms.join(' '), searchOptions(combineWith));
  }

  /**
   * Replaces each word the index does not know by the closest indexed word (a transposition
   * is one edit; same typo allowance as the search), preferring words found in more documents.
   * Null when nothing changes.
   */
  private correct(terms: string[]): string[] | null {
    let changed = false;
    const out = terms.map((term, i) => {
      if (this.vocabulary.has(term)) return term;
      if (i === terms.length - 1 && this.hasPrefix(term)) return term;
      const allowed = maxTypos(term);
      if (!allowed) return term;
      let best: { word: string; distance: number; df: number } | null = null;
      for (const [word, df] of this.vocabulary) {
        const distance = editDistance(term, word, allowed);
        if (distance > allowed) continue;
        if (!best || distance < best.distance || (distance === best.distance && df > best.df)) {
          best = { word, distance, df };
        }
      }
      if (!best) return term;
      changed = true;
      return best.word;
    });
    return changed ? out : null;
  }

  private hasPrefix(term: string): boolean {
    for (const word of this.vocabulary.keys()) if (word.startsWith(term)) return true;
    return false;
  }

  /**
   * Completions of the last word, taken from the words of the documents that match the whole
   * query (so every suggestion finds something), most relevant first.
   */
  private suggest(terms: string[], results: SearchResult[]): string[] {
    const last = terms[terms.length - 1];
    const before = terms.slice(0, -1);
    const scores = new Map<string, number>();
    for (const r of results.slice(0, 50)) {
      for (const term of r.terms) {
        if (term === last || !term.startsWith(last) || before.includes(term)) continue;
        scores.set(term, (scores.get(term) ?? 0) + r.score);
      }
    }
    return [...scores]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_SUGGESTIONS)
      .map(([term]) => [...before, term].join(' '));
  }

  private toHit(r: SearchResult): SearchHit {
    const stored = r as unknown as StoredFields;
    const matched = new Set(Object.keys(r.match));
    const ranges = (text: string) =>
      tokenize(text)
        .filter((t) => matched.has(t.term))
        .map((t): [number, number] => [t.start, t.end]);
    const title = stored.title ?? '';
    const description = stored.description ?? '';
    return {
      id: String(r.id),
      title,
      description,
      url: stored.url,
      ...(typeof stored.price === 'number' ? { price: stored.price } : {}),
      ...(stored.imageUrl ? { imageUrl: stored.imageUrl } : {}),
      highlight: { title: ranges(title), description: ranges(description) },
    };
  }
}

function buildVocabulary(documents: IndexDocument[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const doc of documents) {
    const words = new Set<string>();
    for (const text of [doc.title, doc.description, doc.body, ...doc.headings]) {
      for (const t of tokenize(text ?? '')) words.add(t.term);
    }
    for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  }
  return df;
}

/** The first engine: MiniSearch (BM25, prefix and fuzzy matching), in process. */
export const miniSearchEngine: SearchEngine = {
  name: 'minisearch',

  build(documents) {
    const ms = new MiniSearch<IndexDocument>(OPTIONS);
    // The same id twice would make MiniSearch throw; the last copy wins.
    const unique = [...new Map(documents.map((d) => [d.id, d])).values()];
    ms.addAll(unique);
    return new MiniSearchIndex(ms, buildVocabulary(unique));
  },

  load(text) {
    const snapshot = JSON.parse(text) as Snapshot;
    if (snapshot.v !== SNAPSHOT_VERSION || snapshot.engine !== 'minisearch') {
      throw new Error(`Unsupported index snapshot (${snapshot.engine} v${snapshot.v})`);
    }
    const ms = MiniSearch.loadJS<IndexDocument>(snapshot.index as Parameters<typeof MiniSearch.loadJS>[0], OPTIONS);
    return new MiniSearchIndex(ms, new Map(snapshot.vocabulary));
  },
};
