/**
 * Text handling shared by indexing, querying and highlighting: one tokenizer and one term
 * normaliser, so a highlight range always points at the word the engine matched.
 */

/** A word: letters, digits and combining marks (any script). Everything else separates words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const COMBINING = /\p{M}+/gu;

export interface Token {
  term: string;
  start: number;
  end: number;
}

const ASCII = /^\p{ASCII}*$/u;

/** Case- and diacritic-folded form of one word ("Café" -> "cafe"); null when nothing is left. */
export function foldTerm(word: string): string | null {
  // Most words are plain ASCII: nothing to decompose (normalize is the costly part of a query).
  const folded = ASCII.test(word) ? word.toLowerCase() : word.normalize('NFD').replace(COMBINING, '').toLowerCase();
  return folded.length ? folded : null;
}

/** Raw words of a text (operators, emoji, control characters and punctuation are separators). */
export function splitWords(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Folded words with their [start, end) character positions in `text`. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const term = foldTerm(m[0]);
    if (term) tokens.push({ term, start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** Folded query words, in order. */
export function queryTerms(q: string): string[] {
  return tokenize(q).map((t) => t.term);
}

/** Typos allowed per word: none below 4 characters, 1 from 4, 2 from 8. */
export function maxTypos(term: string): number {
  const n = [...term].length;
  return n >= 8 ? 2 : n >= 4 ? 1 : 0;
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
