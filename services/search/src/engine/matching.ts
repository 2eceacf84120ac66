import { TopK } from './heap';
import type { Postings } from './postings';
import { TIER } from './ranking';
import { maxTypos, TWO_TYPOS_FROM } from './text';
import type { Vocabulary } from './vocabulary';

export type MatchKind = 'exact' | 'synonym' | 'prefix' | 'typo' | 'infix' | 'meaning';

/** Expansions per word (completions, typo neighbours, infix words), the most common first. */
const MAX_EXPANSIONS = 200;
/** Expansions of a one- or two-letter word being typed. */
const SHORT_EXPANSIONS = 40;
/** Postings read per word for expansions; exact matches are always read in full. */
const POSTINGS_BUDGET = 300_000;
const MIN_INFIX = 3;
/** A finished word (not the last) this long or longer may also be part of a longer word, beside the other words. */
const MIN_INFIX_BESIDE = 4;
/** Documents a typed word must be in to be taken as meant (no typo neighbours looked up). */
const COMMON_WORD_DF = 3;
/** How much more common a neighbour must be to be suggested instead of a rare typed word. */
const MUCH_MORE_COMMON = 10;

/** One indexed word a query word matched, with what the match is worth. */
export interface Candidate {
  word: number;
  weight: number;
  kind: MatchKind;
  /** Characters of the query word matched (prefix), or where it sits inside the word (infix). */
  at: number;
}

/** What one query word matched: the indexed words and how. */
export interface WordMatch {
  text: string;
  candidates: Candidate[];
  /** Partial words of a finished word beside other words: they count only in documents the other words found. */
  beside: Candidate[];
  /** The typed word itself (or a synonym, or for the last word a completion) is indexed. */
  known: boolean;
  /** Closest indexed word when the typed one is not (for "Did you mean"). */
  correction?: string;
}

/**
 * Query words to indexed words: the word as typed, its synonyms, and as expansions its
 * completions (the word being typed), typo neighbours and the words it is part of (infix),
 * each with its tier, within a budget of postings.
 */
export class Matcher {
  /** Commonest completions of one- and two-letter words: every visitor's first keystrokes ask for them. */
  private readonly shortCompletions = new Map<string, number[]>();

  constructor(private readonly postings: Postings) {}

  /** Every indexed word that one query word matches, with its tier. */
  match(text: string, last: boolean, synonyms: readonly string[] | undefined): WordMatch {
    const { vocabulary, offsets } = this.postings;
    const df = (i: number) => offsets[i + 1] - offsets[i];
    const candidates: Candidate[] = [];
    const seen = new Set<number>();
    const add = (c: Candidate) => {
      if (seen.has(c.word)) return;
      seen.add(c.word);
      candidates.push(c);
    };

    const exact = vocabulary.find(text);
    if (exact >= 0) add({ word: exact, weight: TIER.exact, kind: 'exact', at: 0 });
    for (const s of synonyms ?? []) {
      const i = vocabulary.find(s);
      if (i >= 0) add({ word: i, weight: TIER.synonym, kind: 'synonym', at: 0 });
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
      const keep = (word: number, distance: number) => {
        const allowed = maxTypos(text.length >= vocabulary.words[word].length ? text : vocabulary.words[word]);
        if (distance > 0 && distance <= allowed) found.push({ word, distance });
      };
      if (typos === 2 && text.length < TWO_TYPOS_FROM) {
        // Two typos only in words of TWO_TYPOS_FROM letters or more: one walk within one edit, and one within
        // two among those long words (far fewer branches than one walk within two).
        vocabulary.typos(text, 1, 0, keep);
        vocabulary.typos(text, 2, TWO_TYPOS_FROM, (word, distance) => distance === 2 && keep(word, distance));
      } else vocabulary.typos(text, typos, 0, keep);
      // Ties in index order (a walk's own order: the walk and the ending lookup find words in two passes).
      found.sort((a, b) => a.distance - b.distance || df(b.word) - df(a.word) || a.word - b.word);
      closest = found[0] ?? null;
      for (const { word, distance } of found.slice(0, MAX_EXPANSIONS)) {
        expansions.push({ word, weight: distance === 1 ? TIER.typo1 : TIER.typo2, kind: 'typo', at: 0 });
      }
    }
    // Partial words: the word being typed (the last) may be part of any word. An earlier, finished
    // word may be too ("berry salad" for "Cranberry Salad"), but only in documents the other words
    // found: alone, "berry" means berry, and reading it inside every word would cost every query.
    if (text.length >= (last ? MIN_INFIX : MIN_INFIX_BESIDE)) {
      for (const word of commonestInfixes(vocabulary, text, df)) {
        const at = vocabulary.words[word].indexOf(text, 1);
        expansions.push({ word, weight: TIER.infix, kind: 'infix', at });
      }
    }

    // Best tier first, then the most common words, until the postings budget is spent.
    expansions.sort((a, b) => b.weight - a.weight || df(b.word) - df(a.word));
    let budget = short ? POSTINGS_BUDGET / 20 : POSTINGS_BUDGET;
    const beside: Candidate[] = [];
    for (const c of expansions) {
      if (seen.has(c.word)) continue;
      if (budget <= 0) break;
      budget -= df(c.word);
      if (c.kind === 'infix' && !last) {
        seen.add(c.word);
        beside.push(c);
      } else add(c);
    }

    const known = candidates.some((c) => c.kind === 'exact' || c.kind === 'synonym' || c.kind === 'prefix');
    // Unknown words are corrected to the closest indexed word; a known but rare one only when a
    // neighbour is far more common ("teh" in one page, "the" in hundreds).
    const muchBetter =
      closest && exact >= 0 && closest.distance === 1 && df(closest.word) >= MUCH_MORE_COMMON * df(exact);
    const correction = (!known || muchBetter) && closest ? vocabulary.words[closest.word] : undefined;
    return { text, candidates, beside, known, ...(correction ? { correction } : {}) };
  }
}

/** `map`'s value for `key`, computed once. */
function memo<T>(map: Map<string, T>, key: string, compute: () => T): T {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = compute()));
  return value;
}

/**
 * The commonest words that contain `part` (at most MAX_EXPANSIONS, of the first MAX_EXPANSIONS x 20 in
 * index order), commonest first, the first in index order on a tie. Common fragments ("time", "life")
 * are inside thousands of words: those go through a bounded heap, as sorting them all cost more than
 * the rest of the query.
 */
function commonestInfixes(vocabulary: Vocabulary, part: string, df: (i: number) => number): number[] {
  const found: number[] = [];
  vocabulary.infixes(part, (word) => found.push(word) < MAX_EXPANSIONS * 20);
  if (found.length <= MAX_EXPANSIONS) return found.sort((a, b) => df(b) - df(a) || a - b);
  const top = new TopK(MAX_EXPANSIONS);
  for (const word of found) {
    const v = df(word);
    if (v >= top.floor) top.offer(word, v);
  }
  return top.sorted();
}

/** Indices in [from, to) with the highest df (df < 0 excludes), at most `max`, in index order when all fit. */
function topByDf(from: number, to: number, df: (i: number) => number, max: number): number[] {
  if (to - from <= max) {
    const all: number[] = [];
    for (let i = from; i < to; i++) if (df(i) >= 0) all.push(i);
    return all;
  }
  const top = new TopK(max);
  for (let i = from; i < to; i++) {
    const v = df(i);
    if (v >= 0 && v >= top.floor) top.offer(i, v);
  }
  return top.sorted();
}
