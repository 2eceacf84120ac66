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
  private begunAt = new Uint8Array(0);
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
   *
   * Within two edits or more, the first letters of a word are where the walk spends its time: every
   * three-letter prefix is within two edits of many. So the edits are split by where they fall (pigeonhole):
   * a word within `max` edits of `q` either begins within `max - 1` edits of q's first `split` letters, which
   * the walk requires (a far narrower walk), or has all `max` edits there and so ends with q's letters after
   * the split (from split + 1: a swap across the split counts as an edit before it), which the trigram index
   * finds. Each word is found by exactly one of the two, so the words and distances are the same as one walk's.
   * `split`: after how many letters (at least `max`, leaving an ending of 3 or more), or -1 for one walk; by
   * default the cheapest by an estimate.
   */
  typos(
    q: string,
    max: number,
    minLength: number,
    visit: (index: number, distance: number) => void,
    split = this.splitFor(q, max),
  ): void {
    // Unsplit, the walk asks the same of q's whole length within `max`: what every word it finds meets anyway
    // (one code path for both, so the optimized walk meets no branch it has not seen when the other comes).
    if (split < 0) return this.walk(q, max, minLength, q.length, max, visit);
    this.walk(q, max, minLength, split, max - 1, visit);
    this.typosEnding(q, max, minLength, split, visit);
  }

  /**
   * The trie walk of `typos`: the words within `max` edits of `q` that begin within `firstMax` edits of its
   * first `split` letters (a branch none of whose cells up to that column is within them is left).
   */
  private walk(
    q: string,
    max: number,
    minLength: number,
    split: number,
    firstMax: number,
    visit: (index: number, distance: number) => void,
  ): void {
    const { chars, firstChild, nextSibling, ends, endsBefore, longest } = this.trie;
    const m = q.length;
    const width = m + 1;
    const deepest = m + max;
    if (this.rows.length < (deepest + 1) * width) this.rows = new Int32Array((deepest + 1) * width);
    if (this.path.length <= deepest) {
      this.path = new Int32Array(deepest + 1);
      this.leastAt = new Int32Array(deepest + 1);
      this.charAt = new Int32Array(deepest + 1);
      this.begunAt = new Uint8Array(deepest + 1);
    }
    const { rows, path, leastAt, charAt, begunAt } = this;
    // Per depth, 1 once the word so far begins within `firstMax` of q's first `split` letters.
    begunAt[0] = split <= firstMax ? 1 : 0;
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
      // The least cell up to column `split` (cell 0 is t).
      let firstLeast = t;
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
        if (j <= split && d < firstLeast) firstLeast = d;
        const bound = short + j > 0 ? d + short + j : long > j ? d + long - j : d;
        if (bound < rowMin) rowMin = bound;
      }
      if (rowMin > max) {
        child = nextSibling[child];
        continue;
      }
      // Not begun within firstMax yet: the cells up to the split column only grow below, so one that is
      // not within it now never will be (such words end with q's last letters: typosEnding).
      let begun = begunAt[t - 1];
      if (!begun) {
        if (firstLeast > firstMax) {
          child = nextSibling[child];
          continue;
        }
        begun = split >= lo && split <= hi && rows[row + split] <= firstMax ? 1 : 0;
      }
      if (begun && t >= minLength && hi === m && rows[row + m] <= max && (ends[child >>> 5] >>> (child & 31)) & 1) {
        visit(wordAt(ends, endsBefore, child), rows[row + m]);
      }
      if (t < deepest && firstChild[child] >= 0) {
        path[t] = child;
        leastAt[t] = least;
        charAt[t] = c;
        begunAt[t] = begun;
        t++;
        child = firstChild[child];
      } else child = nextSibling[child];
    }
  }

  /**
   * The other half of `typos` with a split: the words within `max` edits of `q` that do not begin within
   * `max - 1` of its first `split` letters. All their edits are there, so they end with q's letters from
   * split + 1 on (three or more: the trigram index has them); each is checked in full.
   */
  private typosEnding(
    q: string,
    max: number,
    minLength: number,
    split: number,
    visit: (index: number, distance: number) => void,
  ): void {
    const ending = q.slice(split + 1);
    const shortest = Math.max(q.length - max, minLength);
    const longestWord = q.length + max;
    // A word's letters before the ending are within `max` edits of q's before it, so neither side has more
    // than `max` letters the other lacks: most words with the ending fail that before the full check.
    const letters = lettersOf(q, split + 1);
    // The words with the ending's two rarest trigrams (a loop of its own, as in `infixes`: a callback shared
    // by both would send the optimized loop back to the interpreter whenever the other one came).
    const lists = this.rarestTrigrams(ending);
    if (!lists) return;
    const { words } = this.trigrams;
    const { from, to, to2 } = lists;
    let k = lists.from2;
    for (let p = from; p < to; p++) {
      const index = words[p];
      if (to2 >= 0) {
        if (k < to2 && words[k] < index) k = gallop(words, k, to2, index);
        if (k === to2) return;
        if (words[k] !== index) continue;
      }
      const w = this.words[index];
      if (w.length < shortest || w.length > longestWord || !w.endsWith(ending)) continue;
      const own = lettersOf(w, w.length - ending.length);
      if (bitCount(letters & ~own) > max || bitCount(own & ~letters) > max) continue;
      const distance = this.distanceNotBegun(w, q, max, split);
      if (distance >= 0) visit(index, distance);
    }
  }

  /**
   * The edits from `w` to `q` when within `max` and `w` does not begin within `max - 1` of q's first `split`
   * letters (what the walk found), else -1: the walk's DP over the whole word, in the same rows.
   */
  private distanceNotBegun(w: string, q: string, max: number, split: number): number {
    const m = q.length;
    const width = m + 1;
    const FAR = 0x3fff;
    if (this.rows.length < (w.length + 1) * width) this.rows = new Int32Array((w.length + 1) * width);
    const rows = this.rows;
    // Row 0 is not begun: split >= max (splitFor).
    for (let j = 0; j <= m; j++) rows[j] = j;
    // Only the band within `max` of the diagonal, as in the walk: most words here are out of reach in 2-3 rows.
    for (let t = 1; t <= w.length; t++) {
      const up = (t - 1) * width;
      const row = up + width;
      const c = w.charCodeAt(t - 1);
      const lo = t - max > 1 ? t - max : 1;
      const hi = t + max < m ? t + max : m;
      rows[row] = t;
      if (lo > 1) rows[row + lo - 1] = FAR;
      if (hi < m) rows[row + hi + 1] = FAR;
      let least = t;
      for (let j = lo; j <= hi; j++) {
        let d = rows[up + j - 1] + (q.charCodeAt(j - 1) === c ? 0 : 1);
        if (rows[up + j] + 1 < d) d = rows[up + j] + 1;
        if (rows[row + j - 1] + 1 < d) d = rows[row + j - 1] + 1;
        if (t > 1 && j > 1 && c === q.charCodeAt(j - 2) && w.charCodeAt(t - 2) === q.charCodeAt(j - 1)) {
          if (rows[up - width + j - 2] + 1 < d) d = rows[up - width + j - 2] + 1;
        }
        rows[row + j] = d;
        if (d < least) least = d;
      }
      if (least > max || (split >= lo && split <= hi && rows[row + split] <= max - 1)) return -1;
    }
    const distance = w.length - m <= max && m - w.length <= max ? rows[w.length * width + m] : FAR;
    return distance <= max ? distance : -1;
  }

  /**
   * Words that contain `part` (3 characters or more) after their first character, with where, in
   * index order, until `visit` returns false: the words of its rarest trigram that are also words
   * of its second rarest (a galloping merge of the two sorted lists), checked one by one.
   */
  infixes(part: string, visit: (index: number, at: number) => boolean): void {
    const lists = this.rarestTrigrams(part);
    if (!lists) return;
    const { words } = this.trigrams;
    const { from, to, to2 } = lists;
    let q = lists.from2;
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

  /**
   * In the trigram index's lists, [from, to): the words of the rarest trigram of `part`; [from2, to2): of the
   * second rarest (to2 -1 for one trigram). Null when some trigram of it is in no word.
   */
  private rarestTrigrams(part: string): { from: number; to: number; from2: number; to2: number } | null {
    const { offsets } = this.trigrams;
    let from = 0;
    let to = -1;
    let from2 = 0;
    let to2 = -1;
    for (let k = 0; k + 3 <= part.length; k++) {
      const at = this.trigramAt(part, k);
      if (at < 0) return null;
      const length = offsets[at + 1] - offsets[at];
      if (to < 0 || length < to - from) {
        from2 = from;
        to2 = to;
        from = offsets[at];
        to = offsets[at + 1];
      } else if (to2 < 0 || length < to2 - from2) {
        from2 = offsets[at];
        to2 = offsets[at + 1];
      }
    }
    return { from, to, from2, to2 };
  }

  /** The position in the trigram index of the trigram of `text` at `k`, or -1 when no word has it. */
  private trigramAt(text: string, k: number): number {
    const { keys } = this.trigrams;
    const key = trigramKey(text, k);
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < keys.length && keys[lo] === key ? lo : -1;
  }

  /** Words (in the trigram index) with the trigram of `text` at `k`. */
  private trigramCount(text: string, k: number): number {
    const at = this.trigramAt(text, k);
    return at < 0 ? 0 : this.trigrams.offsets[at + 1] - this.trigrams.offsets[at];
  }

  /**
   * Where `typos` splits `q` within `max` edits (see there), or -1 for one walk: the split whose walk and
   * ending lookup cost least by an estimate. A walk costs in proportion to the vocabulary, and less the more
   * letters come before the split; the lookup in proportion to the ending's rarest trigram's words.
   */
  private splitFor(q: string, max: number): number {
    const m = q.length;
    if (max < 2) return -1;
    const walk = WALK_NS_PER_WORD * this.words.length;
    let best = -1;
    let bestCost = walk;
    // Split after k - 1 letters: the ending from letter k on (a trigram or more) is looked up by its rarest trigram.
    let rarest = Infinity;
    for (let k = m - 3; k > max; k--) {
      rarest = Math.min(rarest, this.trigramCount(q, k));
      const split = k - 1;
      const cost = walk * SPLIT_WALK_SHARE ** (split - 1) + ENDING_NS_PER_WORD * rarest;
      if (cost < bestCost) {
        // Not by destructuring: an array of a double and an int would hand the walk its split as a double.
        best = split;
        bestCost = cost;
      }
    }
    return best;
  }
}

/**
 * The estimates `splitFor` weighs (ns, measured at 100k documents, 471,000 words): a walk within two edits
 * takes about 0.65 ms, 1.4 ns a word of the vocabulary; split after 2 / 3 / 4 letters 0.35 / 0.15 / 0.08 ms,
 * about half for each letter more; an ending's lookup about 100 ns for each word of its rarest trigram (most
 * of them end with it and are checked).
 */
const WALK_NS_PER_WORD = 1.4;
const SPLIT_WALK_SHARE = 0.5;
const ENDING_NS_PER_WORD = 100;

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

/** The letters of `text`'s first `length` characters as bits (by their low five bits: alike letters may share one). */
function lettersOf(text: string, length: number): number {
  let bits = 0;
  for (let i = 0; i < length; i++) bits |= 1 << (text.charCodeAt(i) & 31);
  return bits;
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
