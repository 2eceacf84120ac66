import type { IndexDocument, SearchHit } from '@sniff/contracts';
import { buildPostings, MAX_WORD_LENGTH, type Postings } from './postings';
import { NO_RULES } from './query-rules';
import type { IndexSearchResult, QueryOptions, SearchEngine, SearchIndex } from './search-index';
import { decodeSnapshot, encodeSnapshot, type StoredDocuments } from './snapshot';
import { AsciiWordFilter, cutText, forEachToken, maxTypos, tokenize } from './text';

/**
 * How much a match of each kind is worth, per query word (multiplied by the word's rarity and
 * how strongly the document's fields contain it). The order is the relevance rule:
 * exact > synonym > prefix > typo > partial word (infix).
 */
const TIER = { exact: 1, synonym: 0.9, prefix: 0.6, typo1: 0.35, typo2: 0.22, infix: 0.15 } as const;
type MatchKind = 'exact' | 'synonym' | 'prefix' | 'typo' | 'infix';

/** Query words beyond this are ignored (a pasted paragraph must not cost seconds). */
const MAX_QUERY_WORDS = 10;
/** Expansions per word (completions, typo neighbours, infix words), the most common first. */
const MAX_EXPANSIONS = 200;
/** Expansions of a one- or two-letter word being typed. */
const SHORT_EXPANSIONS = 40;
/** Postings read per word for expansions; exact matches are always read in full. */
const POSTINGS_BUDGET = 300_000;
const MIN_INFIX = 3;
/** Documents a typed word must be in to be taken as meant (no typo neighbours looked up). */
const COMMON_WORD_DF = 3;
/** How much more common a neighbour must be to be suggested instead of a rare typed word. */
const MUCH_MORE_COMMON = 10;
const MAX_SUGGESTIONS = 5;
/**
 * Added to a document's key per query word it contains, above any score one query can reach (a
 * word scores at most idf 15 x impact 24), so documents with more of the words always sort first.
 */
const COVERAGE = 1e6;
/** Candidates re-ranked by word proximity and given highlights. */
const RERANK = 30;

interface Candidate {
  word: number;
  weight: number;
  kind: MatchKind;
  /** Characters of the query word matched (prefix), or where it sits inside the word (infix). */
  at: number;
}

/** How to highlight an indexed word in a hit: by its best match over all query words. */
interface Mark {
  kind: MatchKind;
  at: number;
  /** Characters of the query word (the typed part of a completion, the length of an infix). */
  length: number;
}

/** What one query word matched: the indexed words and how. */
interface WordMatch {
  text: string;
  candidates: Candidate[];
  /** The typed word itself (or a synonym, or for the last word a completion) is indexed. */
  known: boolean;
  /** Closest indexed word when the typed one is not (for "Did you mean"). */
  correction?: string;
}

class SniffIndex implements SearchIndex {
  private readonly n: number;
  private memory: number | null = null;
  // Per-query scratch, allocated once per index (searches are synchronous).
  private wordBest: Float64Array;
  /** Per document: COVERAGE per query word it contains plus its score, so one number orders it. */
  private key: Float64Array;
  private touched: Uint32Array;
  private wordTouched: Uint32Array;
  /** Commonest completions of one- and two-letter words: every visitor's first keystrokes ask for them. */
  private readonly shortCompletions = new Map<string, number[]>();

  constructor(
    private readonly postings: Postings,
    private readonly stored: StoredDocuments,
  ) {
    this.n = stored.ids.length;
    this.wordBest = new Float64Array(this.n);
    this.key = new Float64Array(this.n);
    this.touched = new Uint32Array(this.n);
    this.wordTouched = new Uint32Array(this.n);
  }

  get documentCount(): number {
    return this.n;
  }

  get memoryBytes(): number {
    return (this.memory ??= estimateMemory(this.postings, this.stored) + this.n * 24);
  }

  serialize(): Buffer {
    return encodeSnapshot(this.postings, this.stored);
  }

  search(q: string, { limit, rules = NO_RULES, descriptionLength }: QueryOptions): IndexSearchResult {
    let words = [...new Set(tokenize(q).map((t) => t.term))].slice(0, MAX_QUERY_WORDS);
    const meaningful = words.filter((w) => !rules.stopWords.has(w));
    if (meaningful.length) words = meaningful;
    if (!words.length || !this.n) return { hits: [], suggestions: [] };

    const matches = words.map((w, i) => this.match(w, i === words.length - 1, rules.synonyms.get(w)));
    const ranked = this.rank(matches, Math.max(limit, RERANK));
    const marks = highlightMarks(matches, this.postings.vocabulary.words);
    const only = new AsciiWordFilter(marks.keys());
    const hits = ranked.slice(0, limit).map((d) => this.toHit(d, marks, only, descriptionLength));
    const corrected = matches.some((m) => m.correction)
      ? matches.map((m) => m.correction ?? m.text).join(' ')
      : undefined;
    return {
      hits,
      suggestions: this.suggest(matches),
      ...(corrected && hits.length ? { correctedQuery: corrected } : {}),
    };
  }

  /** Every indexed word that one query word matches, with its tier. */
  private match(text: string, last: boolean, synonyms: readonly string[] | undefined): WordMatch {
    const { vocabulary, offsets } = this.postings;
    const df = (i: number) => offsets[i + 1] - offsets[i];
    const candidates: Candidate[] = [];
    const seen = new Set<number>();
    const add = (word: number, weight: number, kind: MatchKind, at = 0) => {
      if (seen.has(word)) return;
      seen.add(word);
      candidates.push({ word, weight, kind, at });
    };

    const exact = vocabulary.find(text);
    if (exact >= 0) add(exact, TIER.exact, 'exact');
    for (const s of synonyms ?? []) {
      const i = vocabulary.find(s);
      if (i >= 0) add(i, TIER.synonym, 'synonym');
    }

    const expansions: Candidate[] = [];
    // A word being typed with one or two letters says little: fewer, commoner completions.
    const short = text.length <= 2;
    let completed = 0;
    if (last) {
      const [from, to] = vocabulary.prefixRange(text);
      const commonest = () =>
        topByDf(from, to, (i) => (i === exact ? -1 : df(i)), short ? SHORT_EXPANSIONS : MAX_EXPANSIONS);
      for (const i of short ? memo(this.shortCompletions, text, commonest) : commonest()) {
        completed += df(i);
        const ratio = text.length / vocabulary.words[i].length;
        expansions.push({ word: i, weight: TIER.prefix * (0.75 + 0.25 * ratio), kind: 'prefix', at: text.length });
      }
    }
    // Typos allowed by the longer of the typed and the indexed word ("vulurs" is two edits
    // from "vultures", an 8-letter word), but none for words typed with fewer than 4 letters.
    // A word the index knows well is taken as typed (its neighbours would only add noise); a
    // rare one is still checked for a much more common neighbour ("Did you mean").
    // Likewise a word being typed that already continues into indexed words is taken as typed.
    const meant = (exact >= 0 && df(exact) >= COMMON_WORD_DF) || completed >= COMMON_WORD_DF;
    const typos = meant ? 0 : text.length >= 6 ? 2 : maxTypos(text);
    let closest: { word: number; distance: number } | null = null;
    if (typos) {
      const found: { word: number; distance: number }[] = [];
      vocabulary.typos(text, typos, (word, distance) => {
        const allowed = maxTypos(text.length >= vocabulary.words[word].length ? text : vocabulary.words[word]);
        if (distance > 0 && distance <= allowed) found.push({ word, distance });
      });
      found.sort((a, b) => a.distance - b.distance || df(b.word) - df(a.word));
      closest = found[0] ?? null;
      for (const { word, distance } of found.slice(0, MAX_EXPANSIONS)) {
        expansions.push({ word, weight: distance === 1 ? TIER.typo1 : TIER.typo2, kind: 'typo', at: 0 });
      }
    }
    // Partial words for the word being typed (the last); earlier words are finished words.
    if (last && text.length >= MIN_INFIX) {
      const found: { word: number; at: number }[] = [];
      vocabulary.infixes(text, (word, at) => found.push({ word, at }) < MAX_EXPANSIONS * 20);
      const byDf = found.sort((a, b) => df(b.word) - df(a.word)).slice(0, MAX_EXPANSIONS);
      for (const { word, at } of byDf) expansions.push({ word, weight: TIER.infix, kind: 'infix', at });
    }

    // Best tier first, then the most common words, until the postings budget is spent.
    expansions.sort((a, b) => b.weight - a.weight || df(b.word) - df(a.word));
    let budget = short ? POSTINGS_BUDGET / 20 : POSTINGS_BUDGET;
    for (const c of expansions) {
      if (seen.has(c.word)) continue;
      if (budget <= 0) break;
      budget -= df(c.word);
      add(c.word, c.weight, c.kind, c.at);
    }

    const known = candidates.some((c) => c.kind === 'exact' || c.kind === 'synonym' || c.kind === 'prefix');
    // Unknown words are corrected to the closest indexed word; a known but rare one only when a
    // neighbour is far more common ("teh" in one page, "the" in hundreds).
    const muchBetter =
      closest && exact >= 0 && closest.distance === 1 && df(closest.word) >= MUCH_MORE_COMMON * df(exact);
    const correction = (!known || muchBetter) && closest ? vocabulary.words[closest.word] : undefined;
    return { text, candidates, known, ...(correction ? { correction } : {}) };
  }

  /**
   * Scores documents: per query word the best of its matches (so many completions of one word
   * don't add up), summed over words; documents with more of the words always rank first.
   * Returns the best `k` document numbers, re-ranked by how close the words sit together.
   */
  private rank(matches: WordMatch[], k: number): number[] {
    const { offsets, docs, impacts } = this.postings;
    const { wordBest, key, touched, wordTouched } = this;
    const n = this.n;
    let touchedCount = 0;
    const idf = (word: number) => {
      const df = offsets[word + 1] - offsets[word];
      return Math.log(1 + (n - df + 0.5) / (df + 0.5));
    };
    // With one query word, the k best are the k best scores: read the words whose best posting
    // scores highest first, and stop reading a word where its (impact-ordered) postings fall to
    // the k-th best score seen so far. Several words must be read in full: a document's count
    // of words comes before its score.
    const kth = matches.length === 1 ? new KthBest(k) : null;
    for (const m of matches) {
      if (!kth && m.candidates.length === 1) {
        // One indexed word (a finished word like "the"): no best-of to take, its scores go straight
        // into the keys. Common words touch most documents, so this loop is much of a query's time.
        const { word, weight } = m.candidates[0];
        const base = weight * idf(word);
        for (let p = offsets[word], end = offsets[word + 1]; p < end; p++) {
          const d = docs[p];
          if (key[d] === 0) touched[touchedCount++] = d;
          key[d] += COVERAGE + base * impacts[p];
        }
        continue;
      }
      let wt = 0;
      const candidates = m.candidates.map((c) => {
        const base = c.weight * idf(c.word);
        // a word's first posting is its strongest
        return { word: c.word, base, top: base * impacts[offsets[c.word]] };
      });
      if (kth) candidates.sort((a, b) => b.top - a.top);
      // A one- or two-letter word being typed after others narrows down what they found: it does
      // not bring in documents of its own (every document has some "a..." or "t..." word).
      const narrows = !kth && m === matches[matches.length - 1] && m.text.length <= 2 && touchedCount > 0;
      for (const { word, base, top } of candidates) {
        let least = kth ? kth.value : 0;
        if (top <= least) break;
        for (let p = offsets[word], end = offsets[word + 1]; p < end; p++) {
          const s = base * impacts[p];
          if (s <= least) break;
          const d = docs[p];
          if (narrows && key[d] === 0) continue;
          if (s > wordBest[d]) {
            if (wordBest[d] === 0) {
              wordTouched[wt++] = d;
              if (kth) least = kth.offer(s);
            }
            wordBest[d] = s;
          }
        }
      }
      for (let i = 0; i < wt; i++) {
        const d = wordTouched[i];
        if (key[d] === 0) touched[touchedCount++] = d;
        key[d] += COVERAGE + wordBest[d];
        wordBest[d] = 0;
      }
    }

    // Top k by (words matched, score) with a small sorted buffer (k is at most 50).
    const best: number[] = [];
    let floor = -1;
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i];
      const kd = key[d];
      if (kd <= floor) continue;
      let j = best.length === k ? k - 1 : best.length;
      while (j > 0 && kd > key[best[j - 1]]) {
        best[j] = best[j - 1];
        j--;
      }
      best[j] = d;
      if (best.length === k) floor = key[best[k - 1]];
    }
    const wordOf = matches.length > 1 ? queryWordOf(matches, this.postings.vocabulary.words) : null;
    const result = best.map((d) => {
      const matched = Math.floor(key[d] / COVERAGE);
      return { d, matched, score: (key[d] - matched * COVERAGE) * this.proximity(d, wordOf) };
    });
    for (let i = 0; i < touchedCount; i++) key[touched[i]] = 0;
    return result.sort((a, b) => b.matched - a.matched || b.score - a.score).map((r) => r.d);
  }

  /** 1 + a bonus for query words that follow each other in the title (`wordOf`: null for one word). */
  private proximity(d: number, wordOf: Map<string, number> | null): number {
    if (!wordOf) return 1;
    let bonus = 0;
    let previous = -1;
    forEachToken(this.stored.titles[d], (term) => {
      const at = wordOf.get(term) ?? -1;
      if (previous >= 0 && at === previous + 1) bonus += 0.2;
      previous = at;
    });
    return 1 + Math.min(bonus, 0.6);
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
  private toHit(d: number, marks: Map<string, Mark>, only: AsciiWordFilter, descriptionLength?: number): SearchHit {
    const { stored } = this;
    /** Highlight ranges of `text` that start before `shown` (and end there at the latest). */
    const ranges = (text: string, shown = text.length): [number, number][] => {
      const out: [number, number][] = [];
      // A word across the cut still matches as a whole: read on to its end (indexed words are short).
      const read = shown < text.length ? text.slice(0, shown + MAX_WORD_LENGTH + 1) : text;
      forEachToken(
        read,
        (term, start, end) => {
          if (start >= shown) return;
          const mark = marks.get(term);
          if (!mark) return;
          // Highlight the typed part of a completion or an infix when the word was not
          // re-spelled by folding (otherwise character positions differ: highlight it all).
          const exactLength = end - start === term.length;
          let range: [number, number];
          if (mark.kind === 'prefix' && exactLength) range = [start, start + mark.at];
          else if (mark.kind === 'infix' && exactLength) range = [start + mark.at, start + mark.at + mark.length];
          else range = [start, end];
          if (range[1] > shown) range[1] = shown;
          if (range[1] > range[0]) out.push(range);
        },
        only,
      );
      return out;
    };
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
      highlight: { title: ranges(title), description: shown ? ranges(full, shown) : [] },
    };
  }
}

/** Per indexed word, the first query word that matched it (for proximity). */
function queryWordOf(matches: WordMatch[], words: readonly string[]): Map<string, number> {
  const wordOf = new Map<string, number>();
  matches.forEach((m, i) => {
    for (const c of m.candidates) if (!wordOf.has(words[c.word])) wordOf.set(words[c.word], i);
  });
  return wordOf;
}

/** Per indexed word the best of its matches over all query words, for highlighting hits. */
function highlightMarks(matches: WordMatch[], words: readonly string[]): Map<string, Mark> {
  const marks = new Map<string, Mark & { weight: number }>();
  for (const m of matches) {
    for (const c of m.candidates) {
      const term = words[c.word];
      const mark = marks.get(term);
      if (!mark || c.weight > mark.weight)
        marks.set(term, { kind: c.kind, at: c.at, length: m.text.length, weight: c.weight });
    }
  }
  return marks;
}

/** `map`'s value for `key`, computed once. */
function memo<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = compute()));
  return value;
}

/**
 * A lower bound of the k-th best score among distinct documents: each document is offered once,
 * with its first score (its final score can only be higher). 0 until k documents were offered.
 */
class KthBest {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.heap = new Float64Array(k);
  }

  get value(): number {
    return this.size === this.k ? this.heap[0] : 0;
  }

  /** Offers one document's score; returns the new bound. */
  offer(score: number): number {
    const { heap, k } = this;
    if (this.size < k) {
      // sift up
      let i = this.size++;
      while (i > 0 && heap[(i - 1) >> 1] > score) {
        heap[i] = heap[(i - 1) >> 1];
        i = (i - 1) >> 1;
      }
      heap[i] = score;
    } else if (score > heap[0]) {
      // replace the least and sift down
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k) break;
        const c = l + 1 < k && heap[l + 1] < heap[l] ? l + 1 : l;
        if (heap[c] >= score) break;
        heap[i] = heap[c];
        i = c;
      }
      heap[i] = score;
    }
    return this.value;
  }
}

/** Indices in [from, to) with the highest df (df < 0 excludes), at most `max`. */
function topByDf(from: number, to: number, df: (i: number) => number, max = MAX_EXPANSIONS): number[] {
  if (to - from <= max) {
    const all: number[] = [];
    for (let i = from; i < to; i++) if (df(i) >= 0) all.push(i);
    return all;
  }
  // A min-heap of the best MAX_EXPANSIONS by df.
  const heap: number[] = [];
  const less = (a: number, b: number) => df(heap[a]) < df(heap[b]);
  const swap = (a: number, b: number) => ([heap[a], heap[b]] = [heap[b], heap[a]]);
  for (let i = from; i < to; i++) {
    const v = df(i);
    if (v < 0) continue;
    if (heap.length < max) {
      heap.push(i);
      for (let c = heap.length - 1; c > 0 && less(c, (c - 1) >> 1); c = (c - 1) >> 1) swap(c, (c - 1) >> 1);
    } else if (v > df(heap[0])) {
      heap[0] = i;
      for (let p = 0; ;) {
        const l = 2 * p + 1;
        const r = l + 1;
        let s = p;
        if (l < heap.length && less(l, s)) s = l;
        if (r < heap.length && less(r, s)) s = r;
        if (s === p) break;
        swap(p, s);
        p = s;
      }
    }
  }
  return heap;
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
