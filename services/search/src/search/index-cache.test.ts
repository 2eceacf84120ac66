import { sniffEngine } from '../engine/sniff-index';
import { NO_RULES } from '../engine/query-rules';
import { IndexCache } from './index-cache';

const rules = { rules: NO_RULES, hidden: new Set<string>(), sites: () => true, pins: new Map(), version: 0 };
const storeIndex = (words: number) =>
  sniffEngine.build(
    Array.from({ length: words }, (_, i) => ({
      id: `p${i}`,
      url: `https://shop.example/${i}`,
      title: `Product ${i} number${i}`,
      description: `Description of item${i}`,
      headings: [],
      body: '',
    })),
  );

describe('IndexCache', () => {
  it('keeps indexes within the memory budget, evicting the least recently used', () => {
    const a = storeIndex(200);
    const b = storeIndex(200);
    const c = storeIndex(200);
    expect(a.memoryBytes).toBeGreaterThan(10_000);
    const cache = new IndexCache(a.memoryBytes + b.memoryBytes + 100);
    cache.set('a', a, 1, rules);
    cache.set('b', b, 1, rules);
    cache.get('a'); // a is now more recently used than b
    cache.set('c', c, 1, rules);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.index).toBe(a);
    expect(cache.get('c')?.index).toBe(c);
    expect(cache.bytes).toBe(a.memoryBytes + c.memoryBytes);
  });

  it('keeps a store larger than the whole budget rather than reloading it on every query', () => {
    const big = storeIndex(500);
    const cache = new IndexCache(1000);
    cache.set('small', storeIndex(1), 1, rules);
    cache.set('big', big, 1, rules);
    expect(cache.get('big')?.index).toBe(big);
    expect(cache.get('small')).toBeUndefined();
  });

  it('counts a replaced or deleted index out of the budget', () => {
    const cache = new IndexCache(10 ** 9);
    const first = storeIndex(50);
    const second = storeIndex(100);
    cache.set('s', first, 1, rules);
    cache.set('s', second, 2, rules);
    expect(cache.bytes).toBe(second.memoryBytes);
    cache.delete('s');
    expect(cache.bytes).toBe(0);
  });

  it('reports the stores that leave it (evicted or deleted), not those replaced', () => {
    const left: string[] = [];
    const a = storeIndex(200);
    const cache = new IndexCache(a.memoryBytes + 100, (storeId) => left.push(storeId));
    cache.set('a', a, 1, rules);
    cache.set('a', storeIndex(200), 2, rules);
    expect(left).toEqual([]);
    cache.set('b', storeIndex(200), 1, rules);
    expect(left).toEqual(['a']);
    cache.delete('b');
    expect(left).toEqual(['a', 'b']);
  });
});
