// The simulated customers of npm run bench:scale: stores whose sizes follow a long tail (a Pareto draw,
// most under 50 documents, a few at the cap), their documents (real TED talks from
// ../shared/data/tedtalks-talks.json, repeated with numbered titles past the 2,356 talks), their
// popularity (Zipf over a seeded shuffle of the stores, independent of size) and the queries visitors
// type (2-6 letter prefixes of title words of the store's own documents, so every answer is real).
// Everything is a function of the parameters: the seeding and the load agree without storing anything.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const { basename, dirname, join, resolve } = require('node:path');
const { gunzipSync } = require('node:zlib');

/**
 * The TED talks: `shared/data` beside the checkout when there is one, else the repository's gzipped copy
 * (its name, description, tags and slug only; CI's clone has no shared/data beside it).
 */
const TALKS_FILE =
  findUp(__dirname, join('shared', 'data', 'tedtalks-talks.json')) ??
  join(__dirname, '..', '..', '..', 'services', 'search', 'bench', 'data', 'tedtalks-talks.json.gz');
/** Which copy the stores were made from: part of the seed's marker (the copies differ in fields). */
const TALKS_SOURCE = basename(TALKS_FILE);

function findUp(from, path) {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, path))) return resolve(dir, path);
    if (dirname(dir) === dir) return undefined;
  }
}

/** Defaults of the bench; the test passes fewer stores. */
const DEFAULT_PARAMS = Object.freeze({
  seed: 27,
  stores: 10_000,
  /** Pareto: P(size > x) = (minDocs / x) ^ alpha, sizes capped at maxDocs. */
  minDocs: 5,
  alpha: 0.9,
  maxDocs: 20_000,
  /**
   * Stores this big take their documents from the first talk on, so big stores of one size hold the
   * same documents and share one built snapshot (a 20,000-document index takes about a second to build).
   */
  shareFrom: 5_000,
});

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
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

let talks;
/** The talks, each with the words of its title a visitor may type (letters only, 2 or more). */
function loadTalks() {
  if (talks) return talks;
  if (!existsSync(TALKS_FILE))
    throw new Error(`the documents of the simulated stores come from ${TALKS_FILE}: missing`);
  const bytes = readFileSync(TALKS_FILE);
  talks = JSON.parse((TALKS_FILE.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')).map((t) => ({
    ...t,
    words: (t.name.toLowerCase().match(/\p{L}{2,}/gu) ?? []).filter((w) => w.length >= 2),
  }));
  return talks;
}

/**
 * @param {typeof DEFAULT_PARAMS} params
 * @returns {Array<{ id: string, index: number, size: number, offset: number, rank: number, weight: number }>}
 *   rank 0 is the most popular store; weight its Zipf share of the searches (s = 1)
 */
function makeStores(params = DEFAULT_PARAMS) {
  const { seed, stores: count, minDocs, alpha, maxDocs, shareFrom } = params;
  const random = rng(seed);
  const T = loadTalks().length;
  const stores = [];
  for (let i = 0; i < count; i++) {
    const u = 1 - random(); // (0, 1]
    const size = Math.min(maxDocs, Math.floor(minDocs / u ** (1 / alpha)));
    const id = `st_${createHash('sha256').update(`sniff-scale:${seed}:${i}`).digest('base64url').slice(0, 16)}`;
    const offset = size >= shareFrom ? 0 : Math.floor(random() * T);
    stores.push({ id, index: i, size, offset, rank: 0, weight: 0 });
  }
  // popularity: a seeded shuffle, then Zipf (s = 1) by rank
  const order = stores.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let total = 0;
  order.forEach((storeIndex, rank) => {
    stores[storeIndex].rank = rank;
    total += 1 / (rank + 1);
  });
  for (const s of stores) s.weight = 1 / (s.rank + 1) / total;
  return stores;
}

/** The talk behind document `k` of the store, and its round (0 the first time through the talks). */
function talkOf(store, k) {
  const all = loadTalks();
  const i = store.offset + k;
  return { talk: all[i % all.length], round: Math.floor(i / all.length) };
}

/** The store's documents (the search service's indexing payload), deterministic. */
function storeDocuments(store) {
  const docs = [];
  const host = `https://${store.id
    .slice(3)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}.example.com`;
  for (let k = 0; k < store.size; k++) {
    const { talk, round } = talkOf(store, k);
    const suffix = round ? `-${round + 1}` : '';
    docs.push({
      id: `${talk.slug}${suffix}`,
      url: `${host}/talks/${talk.slug}${suffix}`,
      title: round ? `${talk.name} (${round + 1})` : talk.name,
      description: talk.description ?? '',
      headings: [...(talk.speakers ?? []), ...(talk.tags ?? [])],
      body: '',
      ...(talk.image_url ? { imageUrl: talk.image_url } : {}),
    });
  }
  return docs;
}

/** A sampler of stores by popularity: `pick(random)` returns a store, Zipf-distributed. */
function popularity(stores) {
  const byRank = [...stores].sort((a, b) => a.rank - b.rank);
  const cumulative = new Float64Array(byRank.length);
  let sum = 0;
  byRank.forEach((s, i) => (cumulative[i] = sum += s.weight));
  return {
    byRank,
    pick(random) {
      const x = random() * sum;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      return byRank[lo];
    },
  };
}

/** What a visitor types into the store's widget: a 2-6 letter prefix of a title word of one of its documents. */
function queryFor(store, random) {
  for (;;) {
    const { talk } = talkOf(store, Math.floor(random() * store.size));
    if (!talk.words.length) continue;
    const word = talk.words[Math.floor(random() * talk.words.length)];
    const length = Math.min(word.length, 2 + Math.floor(random() * 5));
    return word.slice(0, length);
  }
}

module.exports = {
  TALKS_SOURCE,
  DEFAULT_PARAMS,
  rng,
  makeStores,
  storeDocuments,
  popularity,
  queryFor,
  loadTalks,
};
