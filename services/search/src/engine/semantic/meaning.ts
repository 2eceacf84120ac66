import type { Postings } from '../postings';
import { MEANING_MIN_IMPACT } from '../ranking';
import type { WordVectors } from './word-vectors';

/** A store word counts as meaning a query word from this cosine on (GloVe 100d: "couch"/"sofa" 0.68, "kids"/"children" 0.76). */
export const MIN_WORD_SIMILARITY = 0.55;
/** Store words taken per query word, the closest first. */
const MAX_NEIGHBOURS = 10;
/** A document shown for its meaning alone (no word of the query or of its neighbours) from this cosine on. */
export const MIN_DOCUMENT_SIMILARITY = 0.72;
/**
 * Signature bits two words may differ in to be compared at all: at cosine 0.6 (53°) two 64-bit signatures
 * differ in 19 bits on average, so 24 keeps 98 % of the words above 0.6 (~95 % above MIN_WORD_SIMILARITY)
 * and lets ~10 % of a store's title words through to the exact cosine.
 */
const WORD_BITS = 24;
/** Postings below this impact (a word only in a page's body or tags) do not make its vector: a page is what its title and description say. */
const VECTOR_MIN_IMPACT = 1.5;
/** Query words whose neighbours an index keeps (a visitor's next keystrokes ask for the same words again). */
const NEIGHBOUR_CACHE = 2_000;
/**
 * English function words (articles, pronouns, prepositions, auxiliaries...): they carry no meaning to recall
 * by, and their neighbours are other such words, in every document. Nor do words under 3 letters.
 */
const FUNCTION_WORDS = new Set(
  (
    'the of to and in for that on is was with he as it by at from his an be has are have but were not this who ' +
    'they had which will their or its one after been also we would more about up when there all out she other ' +
    'her than over into some you if no can do only could us most so them what him during before may since ' +
    'many while where because now like between did just under such then any through being down back off well ' +
    'both even still those these our get here should very my how until however same each among does own your ' +
    'me i am our ours yours mine himself herself itself themselves ourselves whom whose why yes yet too nor ' +
    'shall might must ever never always again once also either neither per via upon onto toward towards ' +
    'within without against across around above below behind beyond beside besides near'
  ).split(' '),
);
/** Whether the semantic side leaves the word alone. */
const functionWord = (w: string) => w.length < 3 || FUNCTION_WORDS.has(w);

/** A store word close in meaning to a query word. */
export interface Neighbour {
  word: number;
  similarity: number;
}

/** Document vectors as the snapshot keeps them: per document an int8 unit vector and its scale (0: none). */
export interface DocumentVectors {
  source: string;
  dims: number;
  data: Int8Array;
  scales: Float32Array;
}

/** "speak" and "speaking": forms of one word, which prefix and typo matching already find, not another word. */
function sameStem(a: string, b: string): boolean {
  const n = Math.min(5, a.length, b.length);
  return a.slice(0, n) === b.slice(0, n);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * One store's semantic side: which of its words the table knows (to find a query word's neighbours among
 * them, by signature first) and a vector per document (its words' vectors weighted by how strongly each
 * describes it and how rare it is; made at indexing and kept in the snapshot).
 */
export class MeaningIndex {
  /**
   * Store words that have a vector and are in some title (only there does a word count by meaning), their rows
   * in the table and their signatures (two u32 each).
   */
  private readonly known: Uint32Array;
  private readonly rows: Uint32Array;
  private readonly wordSignatures: Uint32Array;
  private readonly cache = new Map<string, Neighbour[]>();

  constructor(
    private readonly table: WordVectors,
    postings: Postings,
    readonly documents: DocumentVectors,
  ) {
    const { vocabulary, offsets, impacts } = postings;
    const words = vocabulary.words;
    const known: number[] = [];
    const rows: number[] = [];
    for (let i = 0; i < words.length; i++) {
      // a word's first posting is its strongest
      if (offsets[i + 1] === offsets[i] || impacts[offsets[i]] < MEANING_MIN_IMPACT || functionWord(words[i])) continue;
      const row = table.row(words[i]);
      if (row < 0) continue;
      known.push(i);
      rows.push(row);
    }
    this.known = Uint32Array.from(known);
    this.rows = Uint32Array.from(rows);
    this.wordSignatures = new Uint32Array(rows.length * 2);
    rows.forEach((r, k) => {
      this.wordSignatures[2 * k] = table.signatures[2 * r];
      this.wordSignatures[2 * k + 1] = table.signatures[2 * r + 1];
    });
  }

  get memoryBytes(): number {
    const { known, rows, wordSignatures, documents } = this;
    return (
      known.byteLength +
      rows.byteLength +
      wordSignatures.byteLength +
      documents.data.byteLength +
      documents.scales.byteLength
    );
  }

  /** The store's words closest in meaning to `term` (none when the table does not know it), closest first. */
  neighbours(term: string): Neighbour[] {
    let found = this.cache.get(term);
    if (!found) {
      if (this.cache.size >= NEIGHBOUR_CACHE) this.cache.clear();
      this.cache.set(term, (found = this.closest(term)));
    }
    return found;
  }

  private closest(term: string): Neighbour[] {
    const row = functionWord(term) ? -1 : this.table.row(term);
    if (row < 0) return [];
    const { data, scales, dims, signatures } = this.table;
    const { known, rows, wordSignatures } = this;
    const s0 = signatures[2 * row];
    const s1 = signatures[2 * row + 1];
    const q = row * dims;
    const found: Neighbour[] = [];
    for (let k = 0; k < rows.length; k++) {
      if (popcount(s0 ^ wordSignatures[2 * k]) + popcount(s1 ^ wordSignatures[2 * k + 1]) > WORD_BITS) continue;
      const r = rows[k];
      if (r === row) continue;
      let dot = 0;
      for (let i = q, j = r * dims, end = q + dims; i < end; i++, j++) dot += data[i] * data[j];
      const similarity = dot * scales[row] * scales[r];
      if (similarity >= MIN_WORD_SIMILARITY && !sameStem(term, this.table.words[r]))
        found.push({ word: known[k], similarity });
    }
    return found.sort((a, b) => b.similarity - a.similarity).slice(0, MAX_NEIGHBOURS);
  }

  /** The unit vector of a query's words (those the table knows), or null when it knows none. */
  queryVector(terms: readonly string[]): Float32Array | null {
    const { table } = this;
    const v = new Float32Array(table.dims);
    let any = false;
    for (const t of terms) {
      const row = functionWord(t) ? -1 : table.row(t);
      if (row < 0) continue;
      any = true;
      for (let i = 0; i < table.dims; i++) v[i] += table.data[row * table.dims + i] * table.scales[row];
    }
    return any ? unit(v) : null;
  }

  /**
   * Up to `k` documents whose vector is within MIN_DOCUMENT_SIMILARITY of `query`, closest first, `skip` left
   * out. Reads every vector (~1 ms at 10,000 documents): asked only when the words found fewer than a page.
   */
  nearestDocuments(query: Float32Array, k: number, skip: ReadonlySet<number>): number[] {
    const { data, scales, dims } = this.documents;
    const found: { d: number; s: number }[] = [];
    for (let d = 0; d < scales.length; d++) {
      if (scales[d] === 0 || skip.has(d)) continue;
      let dot = 0;
      for (let i = 0, j = d * dims; i < dims; i++, j++) dot += query[i] * data[j];
      const s = dot * scales[d];
      if (s >= MIN_DOCUMENT_SIMILARITY) found.push({ d, s });
    }
    return found
      .sort((a, b) => b.s - a.s)
      .slice(0, k)
      .map((x) => x.d);
  }

  /**
   * Every document's vector: the sum of its title and description words' vectors, each weighted by the word's
   * BM25F impact in it (a title word counts most) and its rarity, quantised to int8. One pass over the postings.
   */
  static documentVectors(table: WordVectors, postings: Postings, n: number): DocumentVectors {
    const { vocabulary, offsets, docs, impacts } = postings;
    const { dims, data } = table;
    const sum = new Float32Array(n * dims);
    const words = vocabulary.words;
    for (let w = 0; w < words.length; w++) {
      const row = functionWord(words[w]) ? -1 : table.row(words[w]);
      if (row < 0) continue;
      const df = offsets[w + 1] - offsets[w];
      const weight = Math.log(1 + (n - df + 0.5) / (df + 0.5)) * table.scales[row];
      const at = row * dims;
      for (let p = offsets[w], end = offsets[w + 1]; p < end && impacts[p] >= VECTOR_MIN_IMPACT; p++) {
        const s = weight * impacts[p];
        const o = docs[p] * dims;
        for (let i = 0; i < dims; i++) sum[o + i] += s * data[at + i];
      }
    }
    const vectors = new Int8Array(n * dims);
    const scales = new Float32Array(n);
    for (let d = 0; d < n; d++) {
      const v = unit(sum.subarray(d * dims, (d + 1) * dims));
      let max = 0;
      for (let i = 0; i < dims; i++) max = Math.max(max, Math.abs(v[i]));
      if (max === 0) continue;
      scales[d] = max / 127;
      for (let i = 0; i < dims; i++) vectors[d * dims + i] = Math.round(v[i] / scales[d]);
    }
    return { source: table.source, dims, data: vectors, scales };
  }
}

function unit(v: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i] * v[i];
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}
