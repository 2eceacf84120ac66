import type { IndexDocument, SearchHit } from '@sniff/contracts';
import { Highlighter } from './highlighting';
import { Matcher, type Candidate, type WordMatch } from './matching';
import { buildPostings, type Postings } from './postings';
import { NO_RULES } from './query-rules';
import type { IndexSearchResult, QueryOptions, SearchEngine, SearchIndex } from './search-index';
import { decodeSnapshot, encodeSnapshot, type StoredDocuments } from './snapshot';
import { Ranker, RERANK, TIER } from './ranking';
import { textsOf } from './stored-texts';
import { MeaningIndex, type DocumentVectors } from './semantic/meaning';
import { wordVectors } from './semantic/word-vectors';
import { cutText, tokenize } from './text';
import { warmUpAiSearch, warmUpTypoWalk } from './warm-up';

/** Query words beyond this are ignored (a pasted paragraph must not cost seconds). */
const MAX_QUERY_WORDS = 10;
const MAX_SUGGESTIONS = 5;

class SniffIndex implements SearchIndex {
  private readonly n: number;
  private memory: number | null = null;
  private readonly matcher: Matcher;
  private readonly ranker: Ranker;
  /** Semantic recall's side of the index: made at indexing for stores with AI search, else at its first use. */
  private meaningIndex: MeaningIndex | null = null;

  constructor(
    private readonly postings: Postings,
    private readonly stored: StoredDocuments,
    vectors: DocumentVectors | undefined,
    semantic: boolean,
  ) {
    this.n = stored.ids.length;
    this.matcher = new Matcher(postings);
    this.ranker = new Ranker(postings, stored.titles);
    // Vectors of another table than this worker's are not used (they are made again on first use). A store
    // without AI search never reads the table (11 MB a worker).
    const table = vectors || semantic ? wordVectors() : null;
    if (table && vectors?.source === table.source) this.useMeaning(new MeaningIndex(table, postings, vectors));
    else if (semantic) this.meaning();
    warmUpTypoWalk(postings.vocabulary.words, (word) => this.matcher.match(word, true, undefined));
  }

  /** The semantic side, made now if missing; null when the build made no word-vector table. */
  private meaning(): MeaningIndex | null {
    if (this.meaningIndex) return this.meaningIndex;
    const table = wordVectors();
    if (!table) return null;
    return this.useMeaning(
      new MeaningIndex(table, this.postings, MeaningIndex.documentVectors(table, this.postings, this.n)),
    );
  }

  /**
   * Sets the semantic side (the only place it is set). The first in a process also warms AI search's code up,
   * which builds a made-up shop's index here, inside this one's making: warmUpAiSearch marks itself done first,
   * so that index's own call returns at once.
   */
  private useMeaning(meaning: MeaningIndex): MeaningIndex {
    this.meaningIndex = meaning;
    this.memory = null;
    warmUpAiSearch(sniffEngine);
    return meaning;
  }

  get documentCount(): number {
    return this.n;
  }

  get memoryBytes(): number {
    return (this.memory ??=
      estimateMemory(this.postings, this.stored) + this.n * 28 + (this.meaningIndex?.memoryBytes ?? 0));
  }

  serialize(): Buffer {
    return encodeSnapshot(this.postings, this.stored, this.meaningIndex?.documents);
  }

  search(q: string, { limit, rules = NO_RULES, descriptionLength, semantic }: QueryOptions): IndexSearchResult {
    let words = [...new Set(tokenize(q).map((t) => t.term))].slice(0, MAX_QUERY_WORDS);
    const meaningful = words.filter((w) => !rules.stopWords.has(w));
    if (meaningful.length) words = meaningful;
    if (!words.length || !this.n) return { hits: [], suggestions: [] };

    const matches = words.map((w, i) => this.matcher.match(w, i === words.length - 1, rules.synonyms.get(w)));
    const matched: number[] = [];
    let ranked = this.ranker.rank(matches, Math.max(limit, RERANK), semantic ? matched : undefined);
    let highlighted = matches;
    /** Documents shown for their meaning: some query word found only through a word close to it, or none at all. */
    let byMeaning: ReadonlySet<number> = new Set();
    const meaning = semantic ? this.meaning() : null;
    if (meaning) {
      const recalled = this.recallByMeaning(meaning, words, matches, ranked, matched, limit);
      if (recalled) ({ ranked, byMeaning, matches: highlighted } = recalled);
    }
    const highlighter = new Highlighter(highlighted, this.postings.vocabulary.words);
    const hits: SearchHit[] = ranked.slice(0, limit).map((d) => {
      const hit = this.toHit(d, highlighter, descriptionLength);
      return byMeaning.has(d) ? { ...hit, semantic: true } : hit;
    });
    const corrected = matches.some((m) => m.correction)
      ? matches.map((m) => m.correction ?? m.text).join(' ')
      : undefined;
    return {
      hits,
      suggestions: this.suggest(matches),
      ...(corrected && hits.some((h) => !h.semantic) ? { correctedQuery: corrected } : {}),
    };
  }

  /**
   * Semantic recall (AI search). When the documents with every query word as typed (exact, synonym, prefix,
   * typo or partial word) do not fill the page, each query word also matches the store's title words closest
   * to it in meaning (GloVe word vectors; see semantic/meaning.ts) and the documents are ranked again: first by
   * how many of the query's words they contain as typed (so those keep their order first), then by how many
   * more their title has by meaning, then by score. If that still leaves the page short, the documents whose
   * vector is closest to the query's fill it. Null when the documents with every word fill the page (nothing
   * is computed then: most searches of a store that sells what visitors ask for).
   */
  private recallByMeaning(
    meaning: MeaningIndex,
    words: string[],
    matches: WordMatch[],
    ranked: number[],
    matched: number[],
    limit: number,
  ): { ranked: number[]; byMeaning: Set<number>; matches: WordMatch[] } | null {
    if (ranked.length >= limit && matched[limit - 1] === matches.length) return null;
    const expanded = matches.map((m, i) => {
      // the word being typed is taken for a whole word only from 3 letters
      const neighbours = i === words.length - 1 && words[i].length < 3 ? [] : meaning.neighbours(words[i]);
      const own = new Set([...m.candidates, ...m.beside].map((c) => c.word));
      const extra: Candidate[] = neighbours
        .filter((nb) => !own.has(nb.word))
        .map((nb) => ({ word: nb.word, weight: TIER.meaning * nb.similarity, kind: 'meaning', at: 0 }));
      return extra.length ? { ...m, candidates: [...m.candidates, ...extra] } : m;
    });
    const byMeaningCount: number[] = [];
    const order = this.ranker.rank(expanded, Math.max(limit, RERANK), undefined, byMeaningCount);
    const byMeaning = new Set(order.filter((_, i) => byMeaningCount[i] > 0));
    const query = order.length < limit ? meaning.queryVector(words) : null;
    if (query) {
      for (const d of meaning.nearestDocuments(query, limit - order.length, new Set(order))) {
        order.push(d);
        byMeaning.add(d);
      }
    }
    return { ranked: order, byMeaning, matches: expanded };
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
    const title = stored.titles.at(d);
    const full = stored.descriptions.at(d);
    const description = descriptionLength === undefined ? full : cutText(full, descriptionLength);
    // The ellipsis of a cut description is not text of the document: no range covers it.
    const shown = description.length < full.length ? Math.max(0, description.length - 1) : full.length;
    const price = stored.prices[d];
    const imageUrl = stored.images.at(d);
    return {
      id: stored.ids.at(d),
      title,
      description,
      url: stored.urls.at(d),
      ...(Number.isNaN(price) ? {} : { price }),
      ...(imageUrl ? { imageUrl } : {}),
      highlight: { title: highlighter.ranges(title), description: shown ? highlighter.ranges(full, shown) : [] },
    };
  }
}

/**
 * Typed arrays by their size; texts as held (stored-texts.ts); the typo trie at its 11 bytes per node is
 * counted via the words.
 */
function estimateMemory(postings: Postings, stored: StoredDocuments): number {
  const STRING = 24;
  const { vocabulary, offsets, docs, impacts } = postings;
  const { trigrams } = vocabulary;
  let bytes = offsets.byteLength + docs.byteLength + impacts.byteLength;
  bytes += trigrams.keys.byteLength + trigrams.offsets.byteLength + trigrams.words.byteLength;
  for (const w of vocabulary.words) bytes += STRING + w.length + 11 * w.length;
  for (const texts of [stored.ids, stored.titles, stored.descriptions, stored.urls, stored.images]) {
    bytes += texts.memoryBytes;
  }
  return bytes + stored.prices.byteLength;
}

function storeDocuments(documents: IndexDocument[]): StoredDocuments {
  return {
    ids: textsOf(documents.map((d) => d.id)),
    titles: textsOf(documents.map((d) => d.title)),
    descriptions: textsOf(documents.map((d) => d.description ?? '')),
    urls: textsOf(documents.map((d) => d.url)),
    images: textsOf(documents.map((d) => d.imageUrl ?? '')),
    prices: Float64Array.from(documents, (d) => (typeof d.price === 'number' ? d.price : NaN)),
  };
}

/**
 * Sniff's engine: its own scoring (tiers per query word, BM25F impacts, coverage first, word
 * proximity) over a compact inverted index; see README "Search engine" for why not a peer's.
 */
export const sniffEngine: SearchEngine = {
  name: 'sniff',
  build(documents, options) {
    // The same id twice: the last copy wins.
    const unique = [...new Map(documents.map((d) => [d.id, d])).values()];
    return new SniffIndex(buildPostings(unique), storeDocuments(unique), undefined, !!options?.semantic);
  },
  load(snapshot) {
    const { postings, stored, vectors } = decodeSnapshot(snapshot);
    return new SniffIndex(postings, stored, vectors, false);
  },
};
