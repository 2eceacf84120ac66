import type { IndexDocument } from '@sniff/contracts';
import type { QueryOptions, SearchEngine, SearchIndex } from './search-index';

/**
 * Every warm-up of the engine's code, each once per process: the query code at a worker's start
 * (warmUpQueries), AI search's at its first use (warmUpAiSearch), the typo walk at the first large index
 * (warmUpTypoWalk).
 *
 * Why: V8 compiles a function for the branches it has seen run; a search that takes a branch the compiled
 * code never saw (the last word read a second time for documents the others did not find, partial words beside
 * other words, a correction, a synonym) throws that code away, and the next few searches run in the
 * interpreter, 10-20x slower: at 100k documents such a search took 5-10 ms instead of 0.4 (README "Search
 * engine", the tail). Searching a small made-up shop once for a query of every shape shows V8 every branch
 * before the first visitor does; V8 then compiles the engine's functions for all of them when real searches
 * make them hot.
 */

/** Words of the made-up shop; several are inside or at the start of others (partial words, completions). */
const WORDS = (
  'lamp lamps lampshade desk desks chair armchair table tablecloth coffee mug mugs teapot kettle wooden wood ' +
  'oak pine linen cotton blanket pillow pillowcase candle candles vase glass glassware bowl plate ceramic ' +
  'handmade vintage modern classic rug carpet mirror frame poster print garden plant planter basket storage ' +
  'shelf bookshelf cushion towel soap sweater scarf gloves strawberry cranberry berry jam honey chocolate ' +
  // texts are not all plain ASCII: accents, a possessive, digits, an apostrophe that is not one
  "café crème naïve women's it’s 2-pack 100% rock'n'roll"
).split(' ');
/** Words most texts have ("the", "a" and the like in any shop). */
const COMMON = ['the', 'a', 'and', 'of', 'in', 'for', 'with'];
const DOCUMENTS = 240;

/** One query of each shape the engine handles differently, with its options. */
const QUERIES: [string, Partial<QueryOptions>][] = [
  ['lamp', {}], // a word and its completions, read until the rest cannot reach the page
  ['the', {}], // a word in most documents
  ['l', {}], // one and two letters being typed
  ['la', {}],
  ['lam', {}], // completions and partial words
  ['berry', {}], // a word inside others
  ['lmap', {}], // one typo
  ['ceramc', {}], // two typos allowed: one walk within one, one within two among long words
  ['pilowcsae', {}], // two typos in a long word
  ['Café crème', {}], // accents, capitals
  ["women's", {}],
  ['the and', {}], // enough documents have both words for a page: the last word's completions stop early
  ['in a', {}], // a short last word narrows what the first found
  ['berry jam', {}], // a finished word inside others, beside another word
  ['oak pillowcase honey', {}], // few documents with all: the last word read again where the others are not
  ['armchiar linen', {}], // a correction ("Did you mean")
  ['zzyzx qqv', {}], // nothing
  ['mug the', { rules: { synonyms: new Map([['mug', ['teapot']]]), stopWords: new Set(['the']) } }],
  ['wooden table', { descriptionLength: 40 }],
];

/** Queries of a store with AI search (semantic recall): words the shop lacks, found by meaning or not at all. */
const AI_QUERIES = ['sofa', 'coffee cup', 'lamp', 'blanket sofa', 'xylophone', 'lantern', 'mug'];
/** More words, for the look-up of a word's neighbours in meaning (an index keeps a word's after the first). */
const AI_WORDS = [...WORDS.slice(0, 30), 'couch', 'cup', 'saucer', 'quilt', 'jar', 'spoon'];

let warmedQueries = false;
let warmedAiSearch = false;

/**
 * Searches a made-up shop built by `engine`, once per process (later calls return at once): a search worker
 * calls it when it starts, before it serves a store.
 */
export function warmUpQueries(engine: SearchEngine): void {
  if (warmedQueries) return;
  warmedQueries = true;
  for (const index of builtAndLoaded(engine, false)) {
    for (const [q, options] of QUERIES) index.search(q, { limit: 5, ...options });
  }
}

/**
 * The same for AI search's own code, once per process: the engine calls it when it first reads the word-vector
 * table (a worker that serves no store with AI search never reads it).
 */
export function warmUpAiSearch(engine: SearchEngine): void {
  if (warmedAiSearch) return;
  warmedAiSearch = true;
  const semantic = { limit: 5, semantic: true };
  for (const index of builtAndLoaded(engine, true)) {
    for (const q of [...AI_QUERIES, ...AI_WORDS]) index.search(q, semantic);
  }
}

/** Words an index needs for its typo walks to be long enough to warm the walk's code; how many are matched. */
const TYPO_WALK_FROM_WORDS = 20_000;
const TYPO_WALK_WORDS = 8;
let warmedTypoWalk = false;

/**
 * The first time a process holds a large index (its `words`), a few misspelt words of it are matched (`match`:
 * as the query's last word). V8 optimizes the typo walk only after it has run a while, and a small shop's walks
 * are short (see Vocabulary.typos), so otherwise the first few dozen misspelt words visitors type after a worker
 * starts run in the interpreter, several times slower. A few ms, once per process, in the load.
 */
export function warmUpTypoWalk(words: readonly string[], match: (word: string) => void): void {
  if (warmedTypoWalk || words.length < TYPO_WALK_FROM_WORDS) return;
  warmedTypoWalk = true;
  const step = Math.floor(words.length / 101);
  for (let i = 0, warmed = 0; i < words.length && warmed < TYPO_WALK_WORDS; i += step) {
    const w = words[i];
    if (w.length < 8 || w.length > 10 || !/^[a-z]+$/.test(w)) continue;
    warmed++;
    // Two letters swapped (one edit), and cut to 7 letters (two walks: one edit, and two among longer words).
    const misspelt = w[0] + w[2] + w[1] + w.slice(3);
    match(misspelt);
    match(misspelt.slice(0, 7));
  }
}

/** The made-up shop built, and loaded from its snapshot: a worker mostly serves stores loaded from theirs. */
function builtAndLoaded(engine: SearchEngine, semantic: boolean): SearchIndex[] {
  const built = engine.build(madeUpShop(), { semantic });
  return [built, engine.load(built.serialize())];
}

/** The same shop every time for a seed, so each process warms the same way. */
export function madeUpShop(seed = 7): IndexDocument[] {
  const random = () => {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 2 ** 32;
  };
  const pick = (list: string[]) => list[Math.floor(random() * list.length)];
  const words = (n: number, common: number) =>
    Array.from({ length: n }, () => (random() < common ? pick(COMMON) : pick(WORDS)));
  const title = (n: number) =>
    words(n, 0.2)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  const sentence = (n: number) => `${words(n, 0.45).join(' ')}, ${words(4, 0.45).join(' ')}.`;
  return Array.from({ length: DOCUMENTS }, (_, i) => ({
    id: `p${i}`,
    url: `https://shop.example/p${i}`,
    title: title(2 + (i % 3)),
    description: sentence(6 + (i % 7)),
    headings: i % 4 === 0 ? [title(3)] : [],
    body: i % 4 === 0 ? `${sentence(12)} ${sentence(9)}` : '',
    ...(i % 2 === 0 ? { price: 5 + (i % 40) } : {}),
    ...(i % 3 === 0 ? { imageUrl: `https://shop.example/p${i}.png` } : {}),
  }));
}
