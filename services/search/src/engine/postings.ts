import type { IndexDocument } from '@sniff/contracts';
import { forEachToken, possessivesIn } from './text';
import { Vocabulary } from './vocabulary';
import { WordIds } from './word-ids';

/**
 * Field weights and BM25 length normalisation. Each field saturates on its own before the
 * weighted sum, so a title match keeps its full lead over many mentions in the body: a word in
 * the title counts more than in the description, which counts more than in headings and body.
 */
const FIELDS = [
  { weight: 6, b: 0.5 }, // title
  { weight: 2, b: 0.75 }, // description
  { weight: 1.5, b: 0.75 }, // headings
  { weight: 1, b: 0.75 }, // body
];
const K1 = 1.2;

/** Longer "words" are identifiers or garbage (hashes, base64); they are not indexed. */
export const MAX_WORD_LENGTH = 40;

/**
 * The inverted index in compressed-sparse-row form: the documents of word i are
 * docs[offsets[i] .. offsets[i + 1]), each with its BM25F impact (how strongly the word
 * describes that document, field weights and length included), strongest first, so a query
 * can stop reading a word once the rest cannot reach its best results.
 */
export interface Postings {
  vocabulary: Vocabulary;
  offsets: Uint32Array;
  docs: Uint32Array;
  impacts: Float32Array;
}

function fieldTexts(doc: IndexDocument): string[] {
  return [doc.title, doc.description ?? '', (doc.headings ?? []).join('\n'), doc.body ?? ''];
}

/** A grown copy of `a` whose new cells are -1. */
function grownFilled(a: Int32Array, need: number): Int32Array {
  const next = new Int32Array(Math.max(need, a.length * 2)).fill(-1);
  next.set(a);
  return next;
}

/** Growable typed array (the build does not know the number of postings in advance). */
function grown<T extends Uint32Array | Uint16Array>(a: T, need: number, make: (len: number) => T): T {
  if (need <= a.length) return a;
  const next = make(Math.max(need, a.length * 2));
  next.set(a);
  return next;
}

export function buildPostings(documents: IndexDocument[]): Postings {
  const n = documents.length;
  const F = FIELDS.length;
  const ids = new WordIds();
  const unique = ids.words;
  // One row per (document, word): word id, document, term frequency in each field.
  let pWord = new Uint32Array(1 << 16);
  let pDoc = new Uint32Array(1 << 16);
  let pTf = new Uint16Array(F << 16);
  let count = 0;
  const lengths = FIELDS.map(() => new Uint32Array(n));
  // Per word id, the document that last saw it and its row there: a document's words are counted
  // straight into their rows, with no map or array per word (they were most of a build's garbage).
  let lastDoc: Int32Array = new Int32Array(1 << 14).fill(-1);
  let rowOf: Uint32Array = new Uint32Array(1 << 14);

  let d = 0;
  let f = 0;
  let length = 0;
  /** One more occurrence of word `id` in field f of document d. */
  const seen = (id: number) => {
    if (id >= lastDoc.length) {
      lastDoc = grownFilled(lastDoc, id + 1);
      rowOf = grown(rowOf, id + 1, (l) => new Uint32Array(l));
    }
    let row = rowOf[id];
    if (lastDoc[id] !== d) {
      lastDoc[id] = d;
      row = rowOf[id] = count++;
      if (count > pWord.length) {
        pWord = grown(pWord, count, (l) => new Uint32Array(l));
        pDoc = grown(pDoc, count, (l) => new Uint32Array(l));
        pTf = grown(pTf, count * F, (l) => new Uint16Array(l));
      }
      pWord[row] = id;
      pDoc[row] = d;
      pTf.fill(0, row * F, row * F + F);
    }
    if (pTf[row * F + f] < 0xffff) pTf[row * F + f]++;
  };
  let text = '';
  // Plain-ASCII words are looked up by their characters in place (no string per word); others folded.
  const plain = (start: number, end: number) => {
    length++;
    if (end - start <= MAX_WORD_LENGTH) seen(ids.ofText(text, start, end));
  };
  const folded = (term: string) => {
    length++;
    if (term.length <= MAX_WORD_LENGTH) seen(ids.ofTerm(term));
  };
  for (d = 0; d < n; d++) {
    const texts = fieldTexts(documents[d]);
    for (f = 0; f < F; f++) {
      text = texts[f];
      length = 0;
      forEachToken(text, folded, undefined, plain);
      // a possessive's "'s" counts in the length as the word it used to be
      lengths[f][d] = length + possessivesIn(text);
    }
  }
  const avg = lengths.map((l) => Math.max(1, l.reduce((a, b) => a + b, 0) / Math.max(1, n)));

  // Counting sort by sorted word position; documents stay ascending within a word.
  const { vocabulary, order } = Vocabulary.fromWords(unique);
  const offsets = new Uint32Array(unique.length + 1);
  for (let i = 0; i < count; i++) offsets[order[pWord[i]] + 1]++;
  for (let i = 0; i < unique.length; i++) offsets[i + 1] += offsets[i];
  const fill = offsets.slice(0, unique.length);
  const docs = new Uint32Array(count);
  const impacts = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const d = pDoc[i];
    let impact = 0;
    for (let f = 0; f < F; f++) {
      const t = pTf[i * F + f];
      if (!t) continue;
      const { weight, b } = FIELDS[f];
      const normalised = t / (1 - b + (b * lengths[f][d]) / avg[f]);
      impact += (weight * normalised * (K1 + 1)) / (normalised + K1);
    }
    const at = fill[order[pWord[i]]]++;
    docs[at] = d;
    impacts[at] = impact;
  }
  sortByImpact(offsets, docs, impacts, n);
  return { vocabulary, offsets, docs, impacts };
}

/**
 * Orders each word's postings by impact, strongest first (documents ascending on a tie): each posting is one
 * number, the impact's bits (a positive float32's bits order as it does) above the document, sorted natively.
 */
function sortByImpact(offsets: Uint32Array, docs: Uint32Array, impacts: Float32Array, n: number): void {
  const bits = new Uint32Array(impacts.buffer, impacts.byteOffset, impacts.length);
  let docBits = 1;
  while (2 ** docBits < n) docBits++;
  const docSpan = 2 ** docBits;
  // Impacts are positive (bits below 2^31): with the document in the low bits, keys stay exact in a double.
  if (31 + docBits > 53) throw new Error('too many documents to order postings by impact');
  let longest = 0;
  for (let w = 0; w + 1 < offsets.length; w++) longest = Math.max(longest, offsets[w + 1] - offsets[w]);
  const scratch = new Float64Array(longest);
  for (let w = 0; w + 1 < offsets.length; w++) {
    const from = offsets[w];
    const length = offsets[w + 1] - from;
    if (length < 2) continue;
    const keys = scratch.subarray(0, length);
    for (let i = 0; i < length; i++) keys[i] = (0x7fffffff - bits[from + i]) * docSpan + docs[from + i];
    keys.sort();
    for (let i = 0; i < length; i++) {
      const key = keys[i];
      const doc = key % docSpan;
      docs[from + i] = doc;
      bits[from + i] = 0x7fffffff - (key - doc) / docSpan;
    }
  }
}
