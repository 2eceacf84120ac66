/**
 * Text handling shared by indexing, querying and highlighting: one tokenizer and one term
 * normaliser, so a highlight range always points at the word the engine matched.
 */

/** A word character beyond ASCII: a letter, digit or combining mark of any script. */
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
const COMBINING = /\p{M}+/gu;

export interface Token {
  term: string;
  start: number;
  end: number;
}

/** ASCII letters and digits (the common case is answered from this table, not a regex). */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[A-Za-z0-9]/.test(String.fromCharCode(c)) ? 1 : 0;
const ASCII = /^\p{ASCII}*$/u;

/** Case- and diacritic-folded form of one word ("Café" -> "cafe"); null when nothing is left. */
export function foldTerm(word: string): string | null {
  // Most words are plain ASCII: nothing to decompose (normalize is the costly part of a query).
  const folded = ASCII.test(word) ? word.toLowerCase() : foldUnicode(word);
  return folded.length ? folded : null;
}

const foldUnicode = (word: string) => word.normalize('NFD').replace(COMBINING, '').toLowerCase();

/**
 * Which plain-ASCII words could be among some terms, by first letter and length: lets a scan skip
 * building every word of a description that cannot be one of a query's few dozen matched words.
 */
export class AsciiWordFilter {
  /** Per lower-case ASCII first character, bit n set when a term of length n (< 32) starts with it. */
  private readonly lengths = new Uint32Array(128);
  private long = false;

  constructor(terms: Iterable<string>) {
    for (const term of terms) {
      const c = term.charCodeAt(0);
      if (c >= 128) continue; // only folded non-ASCII text can be such a term, and it is never skipped
      if (term.length < 32) this.lengths[c] |= 1 << term.length;
      else this.long = true;
    }
  }

  /** Could the ASCII word text[start, end) fold to one of the terms? */
  mayMatch(text: string, start: number, end: number): boolean {
    const length = end - start;
    if (length >= 32) return this.long;
    let c = text.charCodeAt(start);
    if (c >= 65 && c <= 90) c += 32;
    return (this.lengths[c] & (1 << length)) !== 0;
  }
}

/**
 * Calls `each` with every folded word of `text` and its [start, end) character positions: runs
 * of letters, digits and combining marks (any script). A hand-written scan, because indexing and
 * every hit's highlights tokenize whole titles and descriptions: a Unicode regex and a match
 * object per word were a third of a query's time. With `only`, plain-ASCII words that cannot be
 * among its terms are skipped without being built. With `plain`, plain-ASCII words go there as
 * their positions only, unbuilt (their folded form is their lower case): the index build looks
 * them up by their characters (word-ids.ts).
 *
 * A possessive's or a contraction's "'s" ("women's shoes", "it’s") is no word: read as one, "women's
 * shoes" asked every page for an "s", and a last word "it's" for every word in "s".
 */
export function forEachToken(
  text: string,
  each: (term: string, start: number, end: number) => void,
  only?: AsciiWordFilter,
  plain?: (start: number, end: number) => void,
): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const start = i;
    let ascii = true;
    let upper = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 128) {
        if (!ASCII_WORD[c]) break;
        if (c >= 65 && c <= 90) upper = true;
        i++;
      } else {
        const width = wordCharWidth(text, i);
        if (!width) break;
        ascii = false;
        i += width;
      }
    }
    if (i === start) {
      // a separator (one code point), or a possessive's "'s" (two)
      const c = text.charCodeAt(i);
      if (c < 128) i += c === 0x27 && possessiveAt(text, i) ? 2 : 1;
      else i += c === 0x2019 && possessiveAt(text, i) ? 2 : codePointWidth(text, i);
      continue;
    }
    if (ascii) {
      if (plain) {
        plain(start, i);
        continue;
      }
      if (only && !only.mayMatch(text, start, i)) continue;
    }
    const raw = text.slice(start, i);
    const term = ascii ? (upper ? raw.toLowerCase() : raw) : foldUnicode(raw);
    if (term.length) each(term, start, i);
  }
}

/**
 * How many possessives' "'s" `text` has, which `forEachToken` passes over: a field's length still counts
 * them (postings.ts), so the words' scores stay what they were when each "s" was a word.
 */
export function possessivesIn(text: string): number {
  let count = 0;
  for (const apostrophe of APOSTROPHES) {
    for (let i = text.indexOf(apostrophe); i !== -1; i = text.indexOf(apostrophe, i + 1)) {
      if (possessiveAt(text, i)) count++;
    }
  }
  return count;
}

const APOSTROPHES = ["'", '\u2019'];

/**
 * Whether the apostrophe at `i` is a possessive's or a contraction's "'s" ("women's", "it’s"): right after a
 * word, then "s" and no more of a word.
 */
function possessiveAt(text: string, i: number): boolean {
  if (i === 0 || (text.charCodeAt(i + 1) | 0x20) !== 0x73) return false;
  const before = text.charCodeAt(i - 1);
  // the code point before: a low surrogate after a high one ends a pair that starts one unit earlier
  const pair = (before & 0xfc00) === 0xdc00 && i > 1 && (text.charCodeAt(i - 2) & 0xfc00) === 0xd800;
  const wordBefore = before < 128 ? ASCII_WORD[before] === 1 : wordCharWidth(text, pair ? i - 2 : i - 1) > 0;
  if (!wordBefore) return false;
  if (i + 2 >= text.length) return true;
  const next = text.charCodeAt(i + 2);
  return next < 128 ? !ASCII_WORD[next] : !wordCharWidth(text, i + 2);
}

const codePointWidth = (text: string, i: number) => ((text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);

/** UTF-16 units of the non-ASCII code point at `i` when it is a word character, else 0. */
function wordCharWidth(text: string, i: number): number {
  const cp = text.codePointAt(i) ?? 0;
  return WORD_CHAR.test(String.fromCodePoint(cp)) ? (cp > 0xffff ? 2 : 1) : 0;
}

/**
 * `text` cut to at most `max` characters: when longer, its first `max - 1` characters (never half
 * of a surrogate pair), trailing space trimmed, and "…". The widget shows descriptions so.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--; // a high surrogate: keep the pair whole
  return `${text.slice(0, end).trimEnd()}…`;
}

/** Folded words with their [start, end) character positions in `text`. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  forEachToken(text, (term, start, end) => tokens.push({ term, start, end }));
  return tokens;
}

/** Folded query words, in order. */
export function queryTerms(q: string): string[] {
  return tokenize(q).map((t) => t.term);
}

/** Typos allowed per word: none below 4 characters, 1 from 4, 2 from 8. */
/** Words of this many letters or more may have two typos; of 4 or more, one. */
export const TWO_TYPOS_FROM = 8;

export function maxTypos(term: string): number {
  const n = [...term].length;
  return n >= TWO_TYPOS_FROM ? 2 : n >= 4 ? 1 : 0;
}

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein where a transposition of two
 * neighbours counts as one edit), giving up early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length][b.length];
}
