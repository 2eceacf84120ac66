import type { Postings } from './postings';
import type { DocumentVectors } from './semantic/meaning';
import { Vocabulary } from './vocabulary';

/** What a hit shows, per document number. */
export interface StoredDocuments {
  ids: string[];
  titles: string[];
  descriptions: string[];
  urls: string[];
  prices: (number | null)[];
  images: (string | null)[];
}

/** v4: v3 (postings ordered by impact) and the documents' vectors; a v3 snapshot loads, its vectors made on load. */
const MAGIC = 'SNF4';
const MAGIC_V3 = 'SNF3';

interface Header {
  engine: 'sniff';
  stored: StoredDocuments;
  vocabulary: string;
  /** Element counts of the binary sections that follow the header, in order. */
  trigrams: number;
  trigramWords: number;
  words: number;
  postings: number;
  /** The document vectors' table and dimensions (v4, when the index has them); n scales (f32), then n x dims (i8). */
  vectors?: { source: string; dims: number };
}

/**
 * Binary snapshot: "SNF4", header length (u32 LE), JSON header (stored fields and the joined
 * vocabulary), padding to 8 bytes, then trigram keys (f64), trigram offsets and words (u32),
 * posting offsets (u32), documents (u32) and impacts (f32), and the document vectors' scales (f32)
 * and values (i8). Loading is a JSON.parse and a few memory copies; only the typo trie is rebuilt
 * (a single pass over the sorted words).
 */
export function encodeSnapshot(postings: Postings, stored: StoredDocuments, vectors?: DocumentVectors): Buffer {
  const { trigrams } = postings.vocabulary;
  const header: Header = {
    engine: 'sniff',
    stored,
    vocabulary: postings.vocabulary.toJoined(),
    trigrams: trigrams.keys.length,
    trigramWords: trigrams.words.length,
    words: postings.vocabulary.size,
    postings: postings.docs.length,
    ...(vectors ? { vectors: { source: vectors.source, dims: vectors.dims } } : {}),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = Math.ceil((8 + json.length) / 8) * 8;
  const sections = [
    ...[trigrams.keys, trigrams.offsets, trigrams.words, postings.offsets, postings.docs, postings.impacts],
    ...(vectors ? [vectors.scales, vectors.data] : []),
  ];
  const out = Buffer.alloc(start + sections.reduce((n, a) => n + a.byteLength, 0));
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  let at = start;
  for (const a of sections) {
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).copy(out, at);
    at += a.byteLength;
  }
  return out;
}

export function decodeSnapshot(data: Buffer): {
  postings: Postings;
  stored: StoredDocuments;
  vectors?: DocumentVectors;
} {
  const magic = data.length < 8 ? '' : data.toString('latin1', 0, 4);
  if (magic !== MAGIC && magic !== MAGIC_V3) {
    throw new Error('Unsupported index snapshot (not a Sniff v3 or v4 snapshot)');
  }
  const length = data.readUInt32LE(4);
  const header = JSON.parse(data.toString('utf8', 8, 8 + length)) as Header;
  let at = Math.ceil((8 + length) / 8) * 8;
  // Copy each section into its own aligned buffer (the input may sit at any byte offset).
  const take = (bytes: number): ArrayBuffer => {
    const copy = new ArrayBuffer(bytes);
    data.copy(new Uint8Array(copy), 0, at, at + bytes);
    at += bytes;
    return copy;
  };
  const trigrams = {
    keys: new Float64Array(take(header.trigrams * 8)),
    offsets: new Uint32Array(take((header.trigrams + 1) * 4)),
    words: new Uint32Array(take(header.trigramWords * 4)),
  };
  const offsets = new Uint32Array(take((header.words + 1) * 4));
  const docs = new Uint32Array(take(header.postings * 4));
  const impacts = new Float32Array(take(header.postings * 4));
  const n = header.stored.ids.length;
  const vectors = header.vectors && {
    ...header.vectors,
    scales: new Float32Array(take(n * 4)),
    data: new Int8Array(take(n * header.vectors.dims)),
  };
  return {
    postings: { vocabulary: Vocabulary.fromJoined(header.vocabulary, trigrams), offsets, docs, impacts },
    stored: header.stored,
    ...(vectors ? { vectors } : {}),
  };
}
