import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Where `npm run build` writes the table (scripts/build-word-vectors.js), found from src/ and dist/ alike. */
const TABLE = 'dist/semantic/word-vectors.bin';

/**
 * GloVe word vectors (see scripts/build-word-vectors.js): per word a unit vector quantised to int8 with its own
 * scale, so the cosine of words a and b is dot(a, b) * scale(a) * scale(b), and a 64-bit signature (the sides
 * of 64 random hyperplanes it lies on, two u32): vectors whose signatures differ in few bits are close.
 */
export class WordVectors {
  private readonly rows = new Map<string, number>();

  constructor(
    readonly source: string,
    readonly dims: number,
    readonly words: readonly string[],
    readonly scales: Float32Array,
    readonly data: Int8Array,
    readonly signatures: Uint32Array,
  ) {
    words.forEach((w, i) => this.rows.set(w, i));
  }

  get count(): number {
    return this.words.length;
  }

  /** The word's row, or -1 when the table has no vector for it. */
  row(word: string): number {
    return this.rows.get(word) ?? -1;
  }

  /** Cosine of rows a and b. */
  similarity(a: number, b: number): number {
    const { data, dims } = this;
    let dot = 0;
    for (let i = a * dims, j = b * dims, end = i + dims; i < end; i++, j++) dot += data[i] * data[j];
    return dot * this.scales[a] * this.scales[b];
  }

  /** Bytes held (the table is shared by every index of a worker). */
  get memoryBytes(): number {
    return this.data.byteLength + this.scales.byteLength + this.signatures.byteLength + this.words.length * 40;
  }

  static fromBuffer(buf: Buffer): WordVectors {
    if (buf.length < 12 || buf.toString('latin1', 0, 8) !== 'SNIFFVEC')
      throw new Error('not a Sniff word-vector table');
    const length = buf.readUInt32LE(8);
    const { format, source, dims, count, wordBytes, bits } = JSON.parse(buf.toString('utf8', 12, 12 + length)) as {
      format: number;
      source: string;
      dims: number;
      count: number;
      wordBytes: number;
      bits: number;
    };
    if (format !== 2 || bits !== 64) throw new Error(`word-vector table of format ${format}; run npm run build`);
    let at = 12 + length;
    const words = buf.toString('utf8', at, at + wordBytes).split('\n');
    if (words.length !== count) throw new Error(`word-vector table: ${words.length} words, header says ${count}`);
    at = Math.ceil((at + wordBytes) / 4) * 4;
    const scales = new Float32Array(count);
    new Uint8Array(scales.buffer).set(buf.subarray(at, at + count * 4));
    at += count * 4;
    const data = new Int8Array(count * dims);
    new Uint8Array(data.buffer).set(buf.subarray(at, at + count * dims));
    at = Math.ceil((at + count * dims) / 4) * 4;
    at += 64 * dims * 4; // the hyperplanes the build signed the words with
    const signatures = new Uint32Array(count * 2);
    new Uint8Array(signatures.buffer).set(buf.subarray(at, at + signatures.byteLength));
    if (at + signatures.byteLength !== buf.length) throw new Error('word-vector table: truncated or too long');
    return new WordVectors(source, dims, words, scales, data, signatures);
  }
}

function findUp(from: string, path: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, path))) return resolve(dir, path);
    if (dirname(dir) === dir) return undefined;
  }
}

/** The table's path: SEARCH_WORD_VECTORS, else the build's output nearest above this file. */
export function wordVectorsFile(): string | undefined {
  return process.env.SEARCH_WORD_VECTORS || findUp(__dirname, TABLE);
}

let loaded: WordVectors | null | undefined;

/**
 * The worker's table, read on first use (~11 MB, tens of milliseconds); null when the build has not made it
 * (semantic recall is then off and the service says so at start).
 */
export function wordVectors(): WordVectors | null {
  if (loaded === undefined) {
    const file = wordVectorsFile();
    loaded = file ? WordVectors.fromBuffer(readFileSync(file)) : null;
  }
  return loaded;
}
