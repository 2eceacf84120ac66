/**
 * The k best items by score, in a bounded min-heap (typed arrays, no allocation per offer): the
 * engine's one top-k, for the best documents of a query, the commonest completions of a word and
 * the bound below which a word's remaining postings cannot matter. Ties go to the lower item
 * (the earlier document, the alphabetically first word), so results do not depend on heap order.
 */
export class TopK {
  private readonly items: Uint32Array;
  private readonly scores: Float64Array;
  private count = 0;
  /** The k-th best score once k items were offered (-Infinity before): anything at or below it can be skipped. */
  floor = -Infinity;

  constructor(readonly k: number) {
    this.items = new Uint32Array(k);
    this.scores = new Float64Array(k);
  }

  get size(): number {
    return this.count;
  }

  /** Offers one item; returns the new floor. */
  offer(item: number, score: number): number {
    const { items, scores, k } = this;
    if (k === 0) return this.floor;
    if (this.count < k) {
      // sift up from the new leaf
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(item, score, items[parent], scores[parent])) break;
        items[i] = items[parent];
        scores[i] = scores[parent];
        i = parent;
      }
      items[i] = item;
      scores[i] = score;
      if (this.count === k) this.floor = scores[0];
    } else if (worse(items[0], scores[0], item, score)) {
      // replace the worst and sift down
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= k) break;
        const r = l + 1;
        const c = r < k && worse(items[r], scores[r], items[l], scores[l]) ? r : l;
        if (!worse(items[c], scores[c], item, score)) break;
        items[i] = items[c];
        scores[i] = scores[c];
        i = c;
      }
      items[i] = item;
      scores[i] = score;
      this.floor = scores[0];
    }
    return this.floor;
  }

  /**
   * The items, best first. Always a packed array of small integers, even when empty: callers' optimized
   * code saw one kind of array (Array.from and map made two, and every query that got the other kind
   * fell back from the optimized ranking to the interpreter).
   */
  sorted(): number[] {
    const { items, scores, count } = this;
    const order: number[] = [];
    for (let i = 0; i < count; i++) order.push(i);
    order.sort((a, b) => scores[b] - scores[a] || items[a] - items[b]);
    for (let i = 0; i < count; i++) order[i] = items[order[i]];
    return order;
  }
}

/** Does (a, as) rank below (b, bs)? A lower score, or the same score and a higher item. */
const worse = (a: number, as: number, b: number, bs: number) => as < bs || (as === bs && a > b);
