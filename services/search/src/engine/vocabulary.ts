/**
 * A store's indexed words, sorted, with the lookups a query needs: exact, prefix (a contiguous
 * range, because the words are sorted), typo (a walk over a trie kept in typed arrays, about
 * 14 bytes per node) and infix (a trigram index over the words, not over the documents, so it
 * stays small).
 */
const SEP = '\n';

/** Words containing each trigram at a position after their first character. */
export interface TrigramIndex {
  /** Sorted trigram keys (three UTF-16 code units packed in one number). */
  keys: Float64Array;
  /** Words of keys[i] are words[offsets[i] .. offsets[i + 1]). */
  offsets: Uint32Array;
  words: Uint32Array;
}

const trigramKey = (w: string, at: number) =>
  w.charCodeAt(at) * 4294967296 + w.charCodeAt(at + 1) * 65536 + w.charCodeAt(at + 2);

export class Vocabulary {
  /** DP rows of the typo walk, reused between queries (one row per depth of the walk). */
  private rows = new Int32Array(0);
  /** The typo walk's stack, reused too: per depth, the node, the least cell of its row and its character. */
  private path = new Int32Array(0);
  private leastAt = new Int32Array(0);
  private charAt = new Int32Array(0);
  readonly trie: Trie;

  constructor(
    /** Sorted, distinct. */
    readonly words: readonly string[],
    readonly trigrams: TrigramIndex,
    /** The typo trie of `words`, when a snapshot holds it; else built here. */
    trie?: Trie,
  ) {
    this.trie = trie ?? buildTrie(words);
  }

  /** From distinct words in any order; `order[i]` is the sorted position of `unique[i]`. */
  static fromWords(unique: string[]): { vocabulary: Vocabulary; order: Uint32Array } {
    // The default sort compares UTF-16 code units, as `<` does, with no call per comparison.
    const words = [...unique].sort();
    const position = new Map<string, number>();
    words.forEach((w, pos) => position.set(w, pos));
    const order = Uint32Array.from(unique, (w) => position.get(w)!);
    return { vocabulary: new Vocabulary(words, buildTrigrams(words)), order };
  }

  /** From the form a snapshot stores (with its trie from v5 on). */
  static fromJoined(joined: string, trigrams: TrigramIndex, trie?: Trie): Vocabulary {
    return new Vocabulary(joined ? joined.split(SEP) : [], trigrams, trie);
  }

  toJoined(): string {
    return this.words.join(SEP);
  }

  get size(): number {
    return this.words.length;
  }

  /** Index of the first word >= `w`. */
  lowerBound(w: string, from = 0): number {
    let lo = from;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid] < w) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of `w`, or -1. */
  find(w: string): number {
    const i = this.lowerBound(w);
    return i < this.words.length && this.words[i] === w ? i : -1;
  }

  /** [from, to) of the words that start with `prefix` (the word itself included). */
  prefixRange(prefix: string, from = 0): [number, number] {
    const lo = this.lowerBound(prefix, from);
    // '\uffff' sorts after every character a folded word contains.
    return [lo, this.lowerBound(prefix + '\uffff', lo)];
  }

  /**
   * Words of `minLength` characters or more within `max` edits of `q` (optimal string alignment: a swap of
   * two neighbours is one edit): a depth-first walk of the trie with one DP row per depth, leaving a
   * branch as soon as every cell of its row, plus the length the words below still need to end between
   * `minLength` and their longest, exceeds `max`. Long words are rare, so a long typed word walks a small part
   * of the trie; `minLength` lets a short one look for two typos among long words only (the rule's case).
   */
  typos(q: string, max: number, minLength: number, visit: (index: number, distance: number) => void): void {
    const { chars, firstChild, nextSibling, ends, endsBefore, longest } = this.trie;
    const m = q.length;
    const width = m + 1;
    const deepest = m + max;
    if (this.rows.length < (deepest + 1) * width) this.rows = new Int32Array((deepest + 1) * width);
    if (this.path.length <= deepest) {
      this.path = new Int32Array(deepest + 1);
      this.leastAt = new Int32Array(deepest + 1);
      this.charAt = new Int32Array(deepest + 1);
    }
    const { rows, path, leastAt, charAt } = this;
    const qc = new Uint16Array(m);
    for (let j = 0; j < m; j++) qc[j] = q.charCodeAt(j);
    for (let j = 0; j <= m; j++) rows[j] = j;
    const needed = Math.max(m - max, minLength);
    // Only cells within `max` of the diagonal can be within `max` edits: each row computes that band,
    // and marks the cell past each end as out of reach for the next row's reads.
    const FAR = 0x3fff;

    // A loop over an explicit stack (a recursive walk cost a call per node): at depth t, `child` is the node
    // whose row is computed into rows[t * width ..]; path[t - 1] is its parent, leastAt[t - 1] the least cell
    // of the parent's row and charAt[t - 1] the parent's character (for swaps).
    leastAt[0] = 0;
    charAt[0] = 0;
    let t = 1;
    let child = firstChild[0];
    for (;;) {
      if (child < 0) {
        if (--t === 0) return;
        child = nextSibling[path[t]];
        continue;
      }
      if (longest[child] < needed) {
        child = nextSibling[child];
        continue;
      }
      const c = chars[child];
      const up = (t - 1) * width;
      const row = up + width;
      const lo = t - max > 1 ? t - max : 1;
      const hi = t + max < m ? t + max : m;
      // A character that matches no letter of q the band reads (nor a swap) adds an edit to every cell: on a
      // row already at the limit, such a child is out of reach without computing its row.
      if (leastAt[t - 1] >= max) {
        let k = lo > 2 ? lo - 2 : 0;
        while (k < hi && qc[k] !== c) k++;
        if (k === hi) {
          child = nextSibling[child];
          continue;
        }
      }
      // At cell j the words below still need at least (minLength - t) characters against the (m - j) left of
      // q, and have at most (longest - t): either difference is edits still to come.
      const short = minLength - m - t;
      const long = m + t - longest[child];
      const parentChar = charAt[t - 1];
      rows[row] = t;
      if (lo > 1) rows[row + lo - 1] = FAR;
      if (hi < m) rows[row + hi + 1] = FAR;
      let rowMin = t + (short > 0 ? short : long > 0 ? long : 0);
      let least = t;
      for (let j = lo; j <= hi; j++) {
        let d = rows[up + j - 1] + (qc[j - 1] === c ? 0 : 1);
        const del = rows[up + j] + 1;
        const ins = rows[row + j - 1] + 1;
        if (del < d) d = del;
        if (ins < d) d = ins;
        if (t > 1 && j > 1 && c === qc[j - 2] && parentChar === qc[j - 1]) {
          const swap = rows[up - width + j - 2] + 1;
          if (swap < d) d = swap;
        }
        rows[row + j] = d;
        if (d < least) least = d;
        const bound = short + j > 0 ? d + short + j : long > j ? d + long - j : d;
        if (bound < rowMin) rowMin = bound;
      }
      if (rowMin > max) {
        child = nextSibling[child];
        continue;
      }
      if (t >= minLength && hi === m && rows[row + m] <= max && (ends[child >>> 5] >>> (child & 31)) & 1) {
        visit(wordAt(ends, endsBefore, child), rows[row + m]);
      }
      if (t < deepest && firstChild[child] >= 0) {
        path[t] = child;
        leastAt[t] = least;
        charAt[t] = c;
        t++;
        child = firstChild[child];
      } else child = nextSibling[child];
    }
  }

  /**
   * Words that contain `part` (3 characters or more) after their first character, with where, in
   * index order, until `visit` returns false: the words of its rarest trigram that are also words
   * of its second rarest (a galloping merge of the two sorted lists), checked one by one.
   */
  infixes(part: string, visit: (index: number, at: number) => boolean): void {
    const { keys, offsets, words } = this.trigrams;
    // [from, to): the rarest trigram's words; [from2, to2): the second rarest's (empty for one trigram)
    let from = 0;
    let to = -1;
    let from2 = 0;
    let to2 = -1;
    for (let k = 0; k + 3 <= part.length; k++) {
      const key = trigramKey(part, k);
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (keys[mid] < key) lo = mid + 1;
        else hi = mid;
      }
      if (lo === keys.length || keys[lo] !== key) return;
      const length = offsets[lo + 1] - offsets[lo];
      if (to < 0 || length < to - from) {
        [from2, to2] = [from, to];
        [from, to] = [offsets[lo], offsets[lo + 1]];
      } else if (to2 < 0 || length < to2 - from2) [from2, to2] = [offsets[lo], offsets[lo + 1]];
    }
    let q = from2;
    for (let p = from; p < to; p++) {
      const w = words[p];
      if (to2 >= 0) {
        if (q < to2 && words[q] < w) q = gallop(words, q, to2, w);
        if (q === to2) return;
        if (words[q] !== w) continue;
      }
      const at = this.words[w].indexOf(part, 1);
      if (at > 0 && !visit(w, at)) return;
    }
  }
}

/** The first position in sorted `list[from, to)` at or after `from` whose value is >= `value` (list[from] < value). */
function gallop(list: Uint32Array, from: number, to: number, value: number): number {
  let below = from;
  let step = 1;
  let hi = from + 1;
  while (hi < to && list[hi] < value) {
    below = hi;
    step *= 2;
    hi = below + step;
  }
  let lo = below + 1;
  hi = Math.min(hi, to);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A character trie in typed arrays; node 0 is the root, children in character order. */
export interface Trie {
  chars: Uint16Array;
  firstChild: Int32Array;
  nextSibling: Int32Array;
  /**
   * Bit i is set when node i ends a word. Nodes are made in word order (a word sorts before the words it
   * begins), so the word's index is the number of such nodes before it: `endsBefore` counts them per 32.
   * Two bits a node instead of an index's 32 (the trie is a large share of an index's memory).
   */
  ends: Uint32Array;
  endsBefore: Uint32Array;
  /** Length of the longest word at or below the node (at most LONGEST_KEPT). */
  longest: Uint8Array;
}

/** The index of the word that ends at `node` (one whose bit is set). */
function wordAt(ends: Uint32Array, endsBefore: Uint32Array, node: number): number {
  return endsBefore[node >>> 5] + bitCount(ends[node >>> 5] & ((1 << (node & 31)) - 1));
}

/** Set bits of a 32-bit number. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Longer words count as this long in the trie's `longest` (one byte a node). */
const LONGEST_KEPT = 255;

/** One pass over the sorted words: each word adds the nodes after its common prefix with the last. */
function buildTrie(words: readonly string[]): Trie {
  let capacity = 1;
  for (const w of words) capacity += w.length;
  const chars = new Uint16Array(capacity);
  const firstChild = new Int32Array(capacity).fill(-1);
  const nextSibling = new Int32Array(capacity).fill(-1);
  const lastChild = new Int32Array(capacity).fill(-1);
  const ends = new Uint32Array(Math.ceil(capacity / 32));
  const longest = new Uint8Array(capacity);
  const path = [0];
  let prev = '';
  let count = 1;
  for (const w of words) {
    let common = 0;
    while (common < w.length && common < prev.length && w.charCodeAt(common) === prev.charCodeAt(common)) common++;
    path.length = common + 1;
    for (let k = common; k < w.length; k++) {
      const parent = path[k];
      const node = count++;
      chars[node] = w.charCodeAt(k);
      if (lastChild[parent] < 0) firstChild[parent] = node;
      else nextSibling[lastChild[parent]] = node;
      lastChild[parent] = node;
      path.push(node);
    }
    const end = path[w.length];
    ends[end >>> 5] |= 1 << (end & 31);
    const length = Math.min(w.length, LONGEST_KEPT);
    for (let k = 0; k <= w.length; k++) if (longest[path[k]] < length) longest[path[k]] = length;
    prev = w;
  }
  return {
    chars: chars.slice(0, count),
    firstChild: firstChild.slice(0, count),
    nextSibling: nextSibling.slice(0, count),
    ends: ends.slice(0, Math.ceil(count / 32)),
    endsBefore: countsBefore(ends, Math.ceil(count / 32)),
    longest: longest.slice(0, count),
  };
}

/** Per 32 nodes, how many word ends come before them. */
function countsBefore(ends: Uint32Array, blocks: number): Uint32Array {
  const before = new Uint32Array(blocks);
  for (let b = 1; b < blocks; b++) before[b] = before[b - 1] + bitCount(ends[b - 1]);
  return before;
}

function buildTrigrams(words: readonly string[]): TrigramIndex {
  const lists = new Map<number, number[]>();
  words.forEach((w, index) => {
    let last = -1;
    for (let at = 1; at + 3 <= w.length; at++) {
      const key = trigramKey(w, at);
      const list = lists.get(key);
      if (!list) lists.set(key, [index]);
      else if (list[list.length - 1] !== index && key !== last) list.push(index);
      last = key;
    }
  });
  const keys = Float64Array.from(lists.keys()).sort();
  const offsets = new Uint32Array(keys.length + 1);
  keys.forEach((key, i) => (offsets[i + 1] = offsets[i] + lists.get(key)!.length));
  const out = new Uint32Array(offsets[keys.length]);
  keys.forEach((key, i) => out.set(lists.get(key)!, offsets[i]));
  return { keys, offsets, words: out };
}
