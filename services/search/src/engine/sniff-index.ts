import type { IndexDocument, SearchHit } from '@sniff/contracts';
import { Highlighter } from './highlighting';
import { Matcher, type WordMatch } from './matching';
import { buildPostings, type Postings } from './postings';
import { NO_RULES } from './query-rules';
import type { IndexSearchResult, QueryOptions, SearchEngine, SearchIndex } from './search-index';
import { decodeSnapshot, encodeSnapshot, type StoredDocuments } from './snapshot';
import { Ranker, RERANK } from './ranking';
import { cutText, tokenize } from './text';

/** Query words beyond this are ignored (a pasted paragraph must not cost seconds). */
const MAX_QUERY_WORDS = 10;
const MAX_SUGGESTIONS = 5;

class SniffIndex implements SearchIndex {
  private readonly n: number;
  private memory: number | null = null;
  private readonly matcher: Matcher;
  private readonly ranker: Ranker;

  constructor(
    private readonly postings: Postings,
    private readonly stored: StoredDocuments,
  ) {
    this.n = stored.ids.length;
    this.matcher = new Matcher(postings);
    this.ranker = new Ranker(postings, stored.titles);
  }

  get documentCount(): number {
    return this.n;
  }

  get memoryBytes(): number {
    return (this.memory ??= estimateMemory(this.postings, this.stored) + this.n * 28);
  }

  serialize(): Buffer {
    return encodeSnapshot(this.postings, this.stored);
  }

  search(q: string, { limit, rules = NO_RULES, descriptionLength }: QueryOptions): IndexSearchResult {
    let words = [...new Set(tokenize(q).map((t) => t.term))].slice(0, MAX_QUERY_WORDS);
    const meaningful = words.filter((w) => !rules.stopWords.has(w));
    if (meaningful.length) words = meaningful;
    if (!words.length || !this.n) return { hits: [], suggestions: [] };

    const matches = words.map((w, i) => this.matcher.match(w, i === words.length - 1, rules.synonyms.get(w)));
    const ranked = this.ranker.rank(matches, Math.max(limit, RERANK));
    const highlighter = new Highlighter(matches, this.postings.vocabulary.words);
    const hits = ranked.slice(0, limit).map((d) => this.toHit(d, highlighter, descriptionLength));
    const corrected = matches.some((m) => m.correction)
      ? matches.map((m) => m.correction ?? m.text).join(' ')
      : undefined;
    return {
      hits,
      suggestions: this.suggest(matches),
      ...(corrected && hits.length ? { correctedQuery: corrected } : {}),
    };
  }

  /** Completions of the last word from the index's words, most common first. */
  private suggest(matches: WordMatch[]): string[] {
    const last = matches[matches.length - 1];
    const before = matches.slice(0, -1).map((m) => m.correction ?? m.text);
    const completions = last.candidates.filter((c) => c.kind === 'prefix');
    const { offsets, vocabulary } = this.postings;
    return completions
      .sort((a, b) => offsets[b.word + 1] - offsets[b.word] - (offsets[a.word + 1] - offsets[a.word]))
      .slice(0, MAX_SUGGESTIONS)
      .map((c) => [...before, vocabulary.words[c.word]].join(' '));
  }

  /** Hit `d` with its highlights; its description cut to `descriptionLength` (and only that much read). */
  private toHit(d: number, highlighter: Highlighter, descriptionLength?: number): SearchHit {
    const { stored } = this;
    const title = stored.titles[d];
    const full = stored.descriptions[d];
    const description = descriptionLength === undefined ? full : cutText(full, descriptionLength);
    // The ellipsis of a cut description is not text of the document: no range covers it.
    const shown = description.length < full.length ? Math.max(0, description.length - 1) : full.length;
    const price = stored.prices[d];
    const imageUrl = stored.images[d];
    return {
      id: stored.ids[d],
      title,
      description,
      url: stored.urls[d],
      ...(price !== null ? { price } : {}),
      ...(imageUrl ? { imageUrl } : {}),
      highlight: { title: highlighter.ranges(title), description: shown ? highlighter.ranges(full, shown) : [] },
    };
  }
}

/**
 * Typed arrays by their size; strings at one byte per character (V8 stores Latin-1 text so)
 * plus V8's object overhead; the typo trie at its 14 bytes per node is counted via the words.
 */
function estimateMemory(postings: Postings, stored: StoredDocuments): number {
  const STRING = 24;
  const { vocabulary, offsets, docs, impacts } = postings;
  const { trigrams } = vocabulary;
  let bytes = offsets.byteLength + docs.byteLength + impacts.byteLength;
  bytes += trigrams.keys.byteLength + trigrams.offsets.byteLength + trigrams.words.byteLength;
  for (const w of vocabulary.words) bytes += STRING + w.length + 14 * w.length;
  for (const list of [stored.ids, stored.titles, stored.descriptions, stored.urls]) {
    for (const text of list) bytes += STRING + text.length;
  }
  return bytes + stored.ids.length * 16;
}

function storeDocuments(documents: IndexDocument[]): StoredDocuments {
  return {
    ids: documents.map((d) => d.id),
    titles: documents.map((d) => d.title),
    descriptions: documents.map((d) => d.description ?? ''),
    urls: documents.map((d) => d.url),
    prices: documents.map((d) => (typeof d.price === 'number' ? d.price : null)),
    images: documents.map((d) => d.imageUrl ?? null),
  };
}

/**
 * Sniff's engine: its own scoring (tiers per query word, BM25F impacts, coverage first, word
 * proximity) over a compact inverted index; see README "Search engine" for why not a peer's.
 */
export const sniffEngine: SearchEngine = {
  name: 'sniff',
  build(documents) {
    // The same id twice: the last copy wins.
    const unique = [...new Map(documents.map((d) => [d.id, d])).values()];
    return new SniffIndex(buildPostings(unique), storeDocuments(unique));
  },
  load(snapshot) {
    const { postings, stored } = decodeSnapshot(snapshot);
    return new SniffIndex(postings, stored);
  },
};
