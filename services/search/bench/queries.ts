import type { IndexDocument } from '@sniff/contracts';
import { editDistance, maxTypos, tokenize } from '../src/engine/text';
import { int, pick, rng } from './corpus';

export const QUERY_CLASSES = [
  'exact',
  'prefix',
  'typo1',
  'typo2',
  'multi',
  'infix',
  'infix-multi',
  'infix-any',
  'semantic',
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

export interface BenchQuery {
  cls: QueryClass;
  q: string;
  /** Id of the document the query was made from. */
  target: string;
  /** The title word(s) it was made from. */
  from: string;
}

/** Words too common to make a query on their own (and skipped in multi-word queries). */
const STOP = new Set(
  'a an and are as at be but by can do for from has have how i if in into is it its me my no not of on or our so than that the their them these they this those to too up us was we what when where which who why will with you your'.split(
    ' ',
  ),
);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const isWord = (w: string) => /^[a-z]+$/.test(w);

/**
 * ~perClass queries of every class, from the titles of `docs`, with a fixed seed.
 * Single-word classes use title words that occur in exactly one title (so the target is
 * well defined) and are not stop words; typo variants are checked to be exactly 1 or 2 edits
 * (a transposition is one) from the word and not to be a word of the corpus; likewise infix
 * fragments are checked to have no exact, prefix or typo reading (infix-any keeps them all).
 */
export function generateQueries(docs: IndexDocument[], perClass = 200, seed = 7): BenchQuery[] {
  const r = rng(seed);
  const titleWords = docs.map((d) => tokenize(d.title).map((t) => t.term));
  const titleDf = new Map<string, number>();
  for (const ws of titleWords) for (const w of new Set(ws)) titleDf.set(w, (titleDf.get(w) ?? 0) + 1);
  const vocabulary = new Set<string>();
  for (const d of docs) for (const t of tokenize(`${d.title} ${d.description} ${d.body}`)) vocabulary.add(t.term);

  /** Candidate (doc, word) pairs: distinctive title words of at least `min` letters. */
  const candidates = (min: number) => {
    const out: { doc: IndexDocument; word: string }[] = [];
    docs.forEach((doc, i) => {
      for (const w of new Set(titleWords[i])) {
        if (w.length >= min && isWord(w) && !STOP.has(w) && titleDf.get(w) === 1) out.push({ doc, word: w });
      }
    });
    return out;
  };

  const queries: BenchQuery[] = [];
  const fill = (cls: QueryClass, min: number, make: (word: string) => string | null) => {
    const pool = candidates(min);
    const seen = new Set<string>();
    for (let tries = 0; seen.size < perClass && tries < perClass * 50; tries++) {
      const { doc, word } = pick(r, pool);
      const q = make(word);
      if (!q || seen.has(q)) continue;
      seen.add(q);
      queries.push({ cls, q, target: doc.id, from: word });
    }
  };

  fill('exact', 4, (w) => w);
  fill('prefix', 5, (w) => w.slice(0, int(r, 3, w.length - 1)));
  const typo = (w: string, edits: number) => {
    let v = w;
    for (let e = 0; e < edits; e++) v = edit(r, v);
    return editDistance(v, w, 3) === edits && !vocabulary.has(v) ? v : null;
  };
  fill('typo1', 4, (w) => typo(w, 1));
  fill('typo2', 8, (w) => typo(w, 2));
  const fragment = (w: string) => {
    const len = int(r, 4, Math.min(6, w.length - 2));
    const start = int(r, 1, w.length - 1 - len);
    return w.slice(start, start + len);
  };
  fill('infix-any', 7, fragment);

  // Multi-word: 2-3 of a title's non-stop words, in title order, a combination no other title has.
  const seen = new Set<string>();
  for (let tries = 0; seen.size < perClass && tries < perClass * 50; tries++) {
    const i = Math.floor(r() * docs.length);
    const ws = [...new Set(titleWords[i].filter((w) => w.length >= 3 && isWord(w) && !STOP.has(w)))];
    if (ws.length < 2) continue;
    const k = Math.min(ws.length, int(r, 2, 3));
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(Math.floor(r() * ws.length));
    const words = [...chosen].sort((a, b) => a - b).map((j) => ws[j]);
    const others = titleWords.filter((t, j) => j !== i && words.every((w) => t.includes(w)));
    const q = words.join(' ');
    if (others.length || seen.has(q)) continue;
    seen.add(q);
    queries.push({ cls: 'multi', q, target: docs[i].id, from: docs[i].title });
  }

  // Partial words proper: fragments that the relevance rule (exact > prefix > typo > infix) can
  // read only as part of a word, as typo variants must not be corpus words. "hreat" of "threaten"
  // is one typo from "great", and "answer" of "unanswered" is a word: those stay in infix-any.
  const words = [...vocabulary];
  const otherReading = (f: string) =>
    words.some(
      (w) =>
        w.startsWith(f) ||
        (Math.abs(w.length - f.length) <= 2 && editDistance(f, w, 2) <= maxTypos(w.length > f.length ? w : f)),
    );
  fill('infix', 7, (w) => {
    const f = fragment(w);
    return otherReading(f) ? null : f;
  });

  // Partial words beside other words ("berry salad" of "Cranberry Salad", "urger buns" of "Burger
  // Buns"): a fragment from the middle of a 7+ letter title word, unchecked as in infix-any (it may
  // be a word itself), with another non-stop title word, in title order; no other title has that
  // word and a word with the fragment inside.
  const inside = (f: string) => (w: string) => w.indexOf(f, 1) > 0;
  const pairs = new Set<string>();
  for (let tries = 0; pairs.size < perClass && tries < perClass * 50; tries++) {
    const i = Math.floor(r() * docs.length);
    const ws = [...new Set(titleWords[i].filter((w) => w.length >= 3 && isWord(w) && !STOP.has(w)))];
    const long = ws.filter((w) => w.length >= 7);
    if (ws.length < 2 || !long.length) continue;
    const word = pick(r, long);
    const other = pick(
      r,
      ws.filter((w) => w !== word),
    );
    const f = fragment(word);
    const q = ws.indexOf(other) < ws.indexOf(word) ? `${other} ${f}` : `${f} ${other}`;
    const others = titleWords.filter((t, j) => j !== i && t.includes(other) && t.some(inside(f)));
    if (others.length || pairs.has(q)) continue;
    pairs.add(q);
    queries.push({ cls: 'infix-multi', q, target: docs[i].id, from: docs[i].title });
  }
  return queries;
}

/** One random edit: insertion, deletion, substitution or transposition of two neighbours. */
function edit(r: () => number, w: string): string {
  const op = Math.floor(r() * 4);
  const i = Math.floor(r() * w.length);
  const c = pick(r, [...LETTERS]);
  switch (op) {
    case 0:
      return w.slice(0, i) + c + w.slice(i);
    case 1:
      return w.slice(0, i) + w.slice(i + 1);
    case 2:
      return w.slice(0, i) + c + w.slice(i + 1);
    default: {
      const j = Math.min(i, w.length - 2);
      return w.slice(0, j) + w[j + 1] + w[j] + w.slice(j + 2);
    }
  }
}
