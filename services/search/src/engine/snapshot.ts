import type { Postings } from './postings';
import type { DocumentVectors } from './semantic/meaning';
import { textsFromUtf8, textsOf, type Texts } from './stored-texts';
import { Vocabulary } from './vocabulary';

/** What a hit shows, per document number. */
export interface StoredDocuments {
  ids: Texts;
  titles: Texts;
  descriptions: Texts;
  urls: Texts;
  /** '' for none. */
  images: Texts;
  /** NaN for none. */
  prices: Float64Array;
}

/** v3 and v4 headers held the documents so. */
interface StoredDocumentsV4 {
  ids: string[];
  titles: string[];
  descriptions: string[];
  urls: string[];
  prices: (number | null)[];
  images: (string | null)[];
}

/**
 * v5: the stored texts as UTF-8 blobs with their offsets and the typo trie as arrays, so a load is a few
 * memory copies and no JSON of the documents (a 100k-document store loads in a fraction of v4's time).
 * v4 (documents in the JSON header, trie rebuilt) and v3 (v4 without vectors) still load.
 */
const MAGIC = 'SNF5';
const MAGIC_V4 = 'SNF4';
const MAGIC_V3 = 'SNF3';

type Typed = Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Uint8Array | Int8Array;

/** The texts of every document, per field, in the order a v5 snapshot stores them. */
const TEXT_FIELDS = ['ids', 'titles', 'descriptions', 'urls', 'images'] as const;

interface Header {
  engine: 'sniff';
  documents: number;
  words: number;
  trigrams: number;
  trigramWords: number;
  postings: number;
  trieNodes: number;
  /** UTF-8 bytes of each text blob: the fields in TEXT_FIELDS order, then the joined vocabulary. */
  textBytes: number[];
  /** The document vectors' table and dimensions (when the index has them); n scales (f32), then n x dims (i8). */
  vectors?: { source: string; dims: number };
}

/** v3/v4: the documents and the joined vocabulary in the JSON header. */
interface HeaderV4 {
  engine: 'sniff';
  stored: StoredDocumentsV4;
  vocabulary: string;
  trigrams: number;
  trigramWords: number;
  words: number;
  postings: number;
  vectors?: { source: string; dims: number };
}

const bytesOf = (a: Typed | Buffer) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/**
 * Binary snapshot: "SNF5", header length (u32 LE), JSON header (counts), padding to 8 bytes, then the
 * trigram keys (f64), offsets and words (u32), posting offsets (u32), documents (u32) and impacts (f32),
 * the trie (chars u16, first child and next sibling i32, word ends and their counts u32, longest u8), prices
 * (f64, NaN for none),
 * per text field its starts (u32, in bytes) and UTF-8 text, the joined vocabulary (UTF-8), and the document
 * vectors' scales (f32) and values (i8).
 */
export function encodeSnapshot(postings: Postings, stored: StoredDocuments, vectors?: DocumentVectors): Buffer {
  const { trigrams, trie } = postings.vocabulary;
  const texts = TEXT_FIELDS.map((field) => stored[field].encoded());
  const vocabulary = Buffer.from(postings.vocabulary.toJoined(), 'utf8');
  const header: Header = {
    engine: 'sniff',
    documents: stored.ids.length,
    words: postings.vocabulary.size,
    trigrams: trigrams.keys.length,
    trigramWords: trigrams.words.length,
    postings: postings.docs.length,
    trieNodes: trie.chars.length,
    textBytes: [...texts.map((t) => t.bytes.length), vocabulary.length],
    ...(vectors ? { vectors: { source: vectors.source, dims: vectors.dims } } : {}),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const start = Math.ceil((8 + json.length) / 8) * 8;
  const sections: (Typed | Buffer)[] = [
    ...[trigrams.keys, trigrams.offsets, trigrams.words, postings.offsets, postings.docs, postings.impacts],
    ...[trie.chars, trie.firstChild, trie.nextSibling, trie.ends, trie.endsBefore, trie.longest],
    stored.prices,
    ...texts.flatMap((t) => [t.starts, t.bytes]),
    vocabulary,
    ...(vectors ? [vectors.scales, vectors.data] : []),
  ];
  const out = Buffer.alloc(start + sections.reduce((n, a) => n + padded(a.byteLength), 0));
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, 4);
  json.copy(out, 8);
  let at = start;
  for (const a of sections) at += padded(bytesOf(a).copy(out, at));
  return out;
}

/** v5 sections start at multiples of 8 bytes, so a loaded snapshot's arrays can be views of its bytes. */
const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;

/**
 * Reads the sections after the header in order. v5 sections are aligned: when the snapshot's bytes are too
 * (a buffer of its own, as the database driver makes), each array is a view of them, with no copy; else
 * each is copied into its own buffer.
 */
function sectionReader(data: Buffer, start: number, aligned: boolean) {
  let at = start;
  const views = aligned && (data.byteOffset + start) % 8 === 0;
  const next = (bytes: number) => {
    const from = at;
    at += aligned ? padded(bytes) : bytes;
    return from;
  };
  const take = (bytes: number): { buffer: ArrayBufferLike; byteOffset: number } => {
    const from = next(bytes);
    if (views) return { buffer: data.buffer, byteOffset: data.byteOffset + from };
    const copy = new ArrayBuffer(bytes);
    data.copy(new Uint8Array(copy), 0, from, from + bytes);
    return { buffer: copy, byteOffset: 0 };
  };
  const array = <T>(
    make: new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T,
    count: number,
    size: number,
  ): T => {
    const { buffer, byteOffset } = take(count * size);
    return new make(buffer, byteOffset, count);
  };
  return {
    f64: (count: number) => array(Float64Array, count, 8),
    f32: (count: number) => array(Float32Array, count, 4),
    u32: (count: number) => array(Uint32Array, count, 4),
    i32: (count: number) => array(Int32Array, count, 4),
    u16: (count: number) => array(Uint16Array, count, 2),
    u8: (count: number) => array(Uint8Array, count, 1),
    i8: (count: number) => array(Int8Array, count, 1),
    text(bytes: number): string {
      const from = next(bytes);
      return data.toString('utf8', from, from + bytes);
    },
    texts(count: number, bytes: number): Texts {
      const starts = array(Uint32Array, count + 1, 4);
      const { buffer, byteOffset } = take(bytes);
      return textsFromUtf8(Buffer.from(buffer, byteOffset, bytes), starts);
    },
  };
}

export function decodeSnapshot(data: Buffer): {
  postings: Postings;
  stored: StoredDocuments;
  vectors?: DocumentVectors;
} {
  const magic = data.length < 8 ? '' : data.toString('latin1', 0, 4);
  if (magic !== MAGIC && magic !== MAGIC_V4 && magic !== MAGIC_V3) {
    throw new Error('Unsupported index snapshot (not a Sniff v3, v4 or v5 snapshot)');
  }
  const length = data.readUInt32LE(4);
  const json = JSON.parse(data.toString('utf8', 8, 8 + length)) as Header | HeaderV4;
  const read = sectionReader(data, Math.ceil((8 + length) / 8) * 8, magic === MAGIC);
  const trigrams = {
    keys: read.f64(json.trigrams),
    offsets: read.u32(json.trigrams + 1),
    words: read.u32(json.trigramWords),
  };
  const offsets = read.u32(json.words + 1);
  const docs = read.u32(json.postings);
  const impacts = read.f32(json.postings);
  let vocabulary: Vocabulary;
  let stored: StoredDocuments;
  let n: number;
  if (magic === MAGIC) {
    const header = json as Header;
    n = header.documents;
    const nodes = header.trieNodes;
    const trie = {
      chars: read.u16(nodes),
      firstChild: read.i32(nodes),
      nextSibling: read.i32(nodes),
      ends: read.u32(Math.ceil(nodes / 32)),
      endsBefore: read.u32(Math.ceil(nodes / 32)),
      longest: read.u8(nodes),
    };
    const prices = read.f64(n);
    const [ids, titles, descriptions, urls, images] = TEXT_FIELDS.map((_, f) => read.texts(n, header.textBytes[f]));
    vocabulary = Vocabulary.fromJoined(read.text(header.textBytes[TEXT_FIELDS.length]), trigrams, trie);
    stored = { ids, titles, descriptions, urls, images, prices };
  } else {
    const header = json as HeaderV4;
    n = header.stored.ids.length;
    vocabulary = Vocabulary.fromJoined(header.vocabulary, trigrams);
    const old = header.stored;
    stored = {
      ids: textsOf(old.ids),
      titles: textsOf(old.titles),
      descriptions: textsOf(old.descriptions),
      urls: textsOf(old.urls),
      images: textsOf(old.images.map((url) => url ?? '')),
      prices: Float64Array.from(old.prices, (p) => p ?? NaN),
    };
  }
  const vectors = json.vectors && {
    ...json.vectors,
    scales: read.f32(n),
    data: read.i8(n * json.vectors.dims),
  };
  return { postings: { vocabulary, offsets, docs, impacts }, stored, ...(vectors ? { vectors } : {}) };
}
