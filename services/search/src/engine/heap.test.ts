import { TopK } from './heap';
import { rng } from '../../bench/corpus';

describe('TopK', () => {
  it('keeps the k best of many offers, best first, ties to the lower item', () => {
    const r = rng(1);
    const offers = Array.from({ length: 1000 }, (_, item) => ({ item, score: Math.floor(r() * 50) }));
    const top = new TopK(10);
    for (const { item, score } of offers) top.offer(item, score);
    const expected = offers
      .sort((a, b) => b.score - a.score || a.item - b.item)
      .slice(0, 10)
      .map((o) => o.item);
    expect(top.sorted()).toEqual(expected);
    expect(top.floor).toBe(offers[9].score);
  });

  it('has no floor until k items were offered', () => {
    const top = new TopK(3);
    expect(top.offer(7, 1)).toBe(-Infinity);
    top.offer(8, 5);
    expect(top.offer(9, 3)).toBe(1);
    expect(top.sorted()).toEqual([8, 9, 7]);
  });

  it('gives nothing when nothing was offered, and fewer than k items best first', () => {
    expect(new TopK(5).sorted()).toEqual([]);
    const top = new TopK(5);
    top.offer(4, 2);
    top.offer(2, 2);
    top.offer(9, 7);
    expect(top.sorted()).toEqual([9, 2, 4]);
  });
});
