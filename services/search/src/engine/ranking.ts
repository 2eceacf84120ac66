import { TopK } from './heap';
import type { Candidate, WordMatch } from './matching';
import type { Postings } from './postings';
import type { Texts } from './stored-texts';
import { forEachToken } from './text';

/**
 * How much a match of each kind is worth, per query word (multiplied by the word's rarity and
 * how strongly the document's fields contain it). The order is the relevance rule:
 * exact > synonym > prefix > typo > partial word (infix).
 */
export const TIER = {
  exact: 1,
  synonym: 0.9,
  prefix: 0.6,
  typo1: 0.35,
  typo2: 0.22,
  infix: 0.15,
  meaning: 0.12,
} as const;

/**
 * Added to a document's key per query word it contains, above any score one query can reach (a
 * word scores at most idf 15 x impact 24), so documents with more of the words always sort first.
 */
const COVERAGE = 1e6;
/**
 * Added instead, per query word a document contains only through a word close in meaning (semantic recall):
 * above any score, below one word as typed, so such words order documents only among those with as many
 * of the words as typed.
 */
const MEANING_COVERAGE = 1e4;
/**
 * A word close in meaning counts only where it is in the title (an impact this high: a word in a title of
 * average length scores ~6, a description word at most ~4.4): "sofa" in a product's name stands for "couch", a "sofa" somewhere in
 * a long text says little about what the page is.
 */
export const MEANING_MIN_IMPACT = 5;
/**
 * What `bestOf` reads: any document, only those other query words found, or only those they did not (stamps
 * are above all three).
 */
const ANY = 0;
const ONLY_FOUND = 1;
const NOT_FOUND = -1;
/** Candidates re-ranked by word proximity (and given highlights). */
export const RERANK = 30;

/**
 * Scores documents for a query's matched words: per query word the best of its matches (so many
 * completions of one word don't add up), summed over words; documents with more of the words
 * always rank first; the best are re-ranked by how close the words sit together in the title.
 * Holds per-document scratch arrays, allocated once per index (searches are synchronous).
 */
export class Ranker {
  private readonly n: number;
  private readonly wordBest: Float64Array;
  /** Per document: 1 when the current word's best match in it is by meaning only. */
  private readonly wordByMeaning: Uint8Array;
  /** Per document: COVERAGE per query word it contains plus its score, so one number orders it. */
  private readonly key: Float64Array;
  private readonly touched: Uint32Array;
  private readonly wordTouched: Uint32Array;
  /** Per document, the stamp of the last query word with partial words beside others that found it. */
  private readonly stamps: Uint32Array;
  private stamp = ONLY_FOUND;

  constructor(
    private readonly postings: Postings,
    private readonly titles: Texts,
  ) {
    this.n = titles.length;
    this.wordBest = new Float64Array(this.n);
    this.wordByMeaning = new Uint8Array(this.n);
    this.key = new Float64Array(this.n);
    this.touched = new Uint32Array(this.n);
    this.wordTouched = new Uint32Array(this.n);
    this.stamps = new Uint32Array(this.n);
  }

  /**
   * The best `k` document numbers for `matches` (one per query word), best first; `matchedOut`, when given,
   * receives how many query words each of them contains as typed, and `byMeaningOut` how many only through a
   * word close in meaning (candidates of kind "meaning"), in the same order.
   */
  rank(matches: WordMatch[], k: number, matchedOut?: number[], byMeaningOut?: number[]): number[] {
    const { offsets, docs, impacts } = this.postings;
    const { wordBest, key, touched, wordTouched, stamps } = this;
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
    // Matches by meaning come only with `byMeaningOut` (semantic recall); then no early stop: their
    // documents' keys are not their scores.
    const meaning = byMeaningOut !== undefined;
    const kth = matches.length === 1 && !meaning ? new TopK(k) : null;
    /** Words with partial-word matches that count only beside the other words: read after all words. */
    const besides: { candidates: Candidate[]; stamp: number }[] = [];
    /** Documents with every query word as typed (their key reached `every`). */
    const every = matches.length * COVERAGE;
    let complete = 0;
    for (const m of matches) {
      const own = m.candidates;
      // the documents this word found are marked, so its partial words do not count there again
      const stamp = m.beside.length ? this.nextStamp() : 0;
      if (stamp) besides.push({ candidates: m.beside, stamp });
      if (!kth && own.length === 1 && own[0].kind !== 'meaning') {
        // One indexed word (a finished word like "the"): no best-of to take, its scores go straight
        // into the keys. Common words touch most documents, so this loop is much of a query's time.
        const { word, weight } = own[0];
        const base = weight * idf(word);
        for (let p = offsets[word], end = offsets[word + 1]; p < end; p++) {
          const d = docs[p];
          if (key[d] === 0) touched[touchedCount++] = d;
          if ((key[d] += COVERAGE + base * impacts[p]) >= every) complete++;
          if (stamp) stamps[d] = stamp;
        }
        continue;
      }
      // A one- or two-letter word being typed after others narrows down what they found: it does
      // not bring in documents of its own (every document has some "a..." or "t..." word).
      const last = !kth && m === matches[matches.length - 1] && touchedCount > 0;
      const short = last && m.text.length <= 2;
      // The last word after others is read first where they are: once k documents have every word, a
      // document without the others cannot reach the page, so the last word's many completions are not
      // kept for the documents only they are in. Else a second pass reads those (the same keys and touch
      // order as one pass).
      for (let pass = 0; ; pass++) {
        const wt = this.bestOf(own, idf, pass === 1 ? NOT_FOUND : last ? ONLY_FOUND : ANY, kth);
        for (let i = 0; i < wt; i++) {
          const d = wordTouched[i];
          if (key[d] === 0) touched[touchedCount++] = d;
          if ((key[d] += (this.wordByMeaning[d] ? MEANING_COVERAGE : COVERAGE) + wordBest[d]) >= every) complete++;
          wordBest[d] = 0;
          this.wordByMeaning[d] = 0;
          if (stamp) stamps[d] = stamp;
        }
        if (!last || short || pass === 1 || complete >= k) break;
      }
    }
    // Partial words fill in where the words as typed leave fewer than k documents with all of them:
    // with k such documents a partial reading ("berry" in "cranberry") is not what was meant, and
    // reading its postings was much of a multi-word query's time on large stores.
    // (Read only when there are some: an empty list is an array of another kind to the optimized code.)
    if (complete < k && besides.length) {
      for (const { candidates, stamp } of besides) {
        const wt = this.bestOf(candidates, idf, stamp, null);
        for (let i = 0; i < wt; i++) {
          const d = wordTouched[i];
          key[d] += COVERAGE + wordBest[d];
          wordBest[d] = 0;
        }
      }
    }

    // Top k by (words matched, score); offered by touch order, so a tie goes to the document read first.
    const top = new TopK(k);
    for (let i = 0; i < touchedCount; i++) {
      const kd = key[touched[i]];
      if (kd > top.floor) top.offer(i, kd);
    }
    if (touchedCount === 0) return [];
    // Loops, not map: every array here keeps one kind (packed, never empty past this point), so the
    // optimized code of this function serves every query (map's arrays came in two kinds, and each
    // query that got the other one fell back to the interpreter for the rest of its ranking).
    const wordOf = matches.length > 1 ? queryWordOf(matches, this.postings.vocabulary.words) : null;
    const result: { d: number; matched: number; byMeaning: number; score: number }[] = [];
    for (const i of top.sorted()) {
      const d = touched[i];
      const matched = Math.floor(key[d] / COVERAGE);
      const rest = key[d] - matched * COVERAGE;
      const byMeaning = meaning ? Math.floor(rest / MEANING_COVERAGE) : 0;
      result.push({ d, matched, byMeaning, score: (rest - byMeaning * MEANING_COVERAGE) * this.proximity(d, wordOf) });
    }
    for (let i = 0; i < touchedCount; i++) key[touched[i]] = 0;
    result.sort((a, b) => b.matched - a.matched || b.byMeaning - a.byMeaning || b.score - a.score);
    const ranked: number[] = [];
    for (const r of result) {
      ranked.push(r.d);
      matchedOut?.push(r.matched);
      byMeaningOut?.push(r.byMeaning);
    }
    return ranked;
  }

  /**
   * Per document the best score of `candidates` into `wordBest`, the documents in `wordTouched[0, returned)`.
   * `only`: ANY document, ONLY_FOUND (documents other words found), NOT_FOUND (documents they did not), or a
   * stamp (documents other words found, not those this word's own matches marked with it). With `kth` (one query word), reading
   * stops where the rest cannot reach the k-th best.
   */
  private bestOf(candidates: Candidate[], idf: (word: number) => number, only: number, kth: TopK | null): number {
    const { offsets, docs, impacts } = this.postings;
    const { wordBest, key, wordTouched, stamps, wordByMeaning } = this;
    const read = candidates.map((c) => {
      const base = c.weight * idf(c.word);
      // a word's first posting is its strongest
      return { word: c.word, base, top: base * impacts[offsets[c.word]], meaning: c.kind === 'meaning' };
    });
    if (kth) read.sort((a, b) => b.top - a.top);
    let wt = 0;
    for (const { word, base, top, meaning } of read) {
      // scores are positive: the floor (-Infinity until k documents were seen) reads as 0 then
      let least = kth ? Math.max(0, kth.floor) : 0;
      if (top <= least) break;
      for (let p = offsets[word], end = offsets[word + 1]; p < end; p++) {
        const s = base * impacts[p];
        if (s <= least || (meaning && impacts[p] < MEANING_MIN_IMPACT)) break;
        const d = docs[p];
        if (only !== ANY && (only === NOT_FOUND ? key[d] !== 0 : key[d] === 0 || stamps[d] === only)) continue;
        // A match as typed always wins over one by meaning, whatever their scores.
        const better = meaning
          ? wordBest[d] === 0 || (wordByMeaning[d] === 1 && s > wordBest[d])
          : s > wordBest[d] || wordByMeaning[d] === 1;
        if (better) {
          if (wordBest[d] === 0) {
            wordTouched[wt++] = d;
            // each document is offered once, with its first score (its final one can only be
            // higher): the floor is a lower bound of the k-th best
            if (kth) least = Math.max(0, kth.offer(d, s));
          }
          wordBest[d] = s;
          wordByMeaning[d] = meaning ? 1 : 0;
        }
      }
    }
    return wt;
  }

  /** A stamp no document carries yet (stamps are cleared when they run out). */
  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = ONLY_FOUND;
    }
    return ++this.stamp;
  }

  /** 1 + a bonus for query words that follow each other in the title (`wordOf`: null for one word). */
  private proximity(d: number, wordOf: Map<string, number> | null): number {
    if (!wordOf) return 1;
    let bonus = 0;
    let previous = -1;
    forEachToken(this.titles.at(d), (term) => {
      const at = wordOf.get(term) ?? -1;
      if (previous >= 0 && at === previous + 1) bonus += 0.2;
      previous = at;
    });
    return 1 + Math.min(bonus, 0.6);
  }
}

/** Per indexed word, the first query word that matched it (for proximity). */
function queryWordOf(matches: WordMatch[], words: readonly string[]): Map<string, number> {
  const wordOf = new Map<string, number>();
  matches.forEach((m, i) => {
    for (const list of [m.candidates, m.beside]) {
      for (const c of list) if (!wordOf.has(words[c.word])) wordOf.set(words[c.word], i);
    }
  });
  return wordOf;
}
