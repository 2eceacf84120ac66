import { MAX_AGE_S, MicroCache } from './micro-cache';

const body = Buffer.from('{"hits":[]}');
const publicFor = (s: number) => ({ 'cache-control': `public, max-age=${s}` });

describe('MicroCache', () => {
  it('keeps an answer for the max-age the service sets, capped, and never errors or private answers', () => {
    const cache = new MicroCache(10);
    cache.offer('/a', 200, publicFor(2), body, undefined, 0);
    expect(cache.get('/a', undefined, 1999)?.body).toEqual(body);
    expect(cache.get('/a', undefined, 2000)).toBeUndefined();
    cache.offer('/long', 200, publicFor(3600), body, undefined, 0);
    expect(cache.get('/long', undefined, MAX_AGE_S * 1000 - 1)).toBeDefined();
    expect(cache.get('/long', undefined, MAX_AGE_S * 1000)).toBeUndefined();
    cache.offer('/404', 404, publicFor(2), body, undefined, 0);
    cache.offer('/private', 200, { 'cache-control': 'private, max-age=60' }, body, undefined, 0);
    cache.offer('/none', 200, {}, body, undefined, 0);
    expect([
      cache.get('/404', undefined, 1),
      cache.get('/private', undefined, 1),
      cache.get('/none', undefined, 1),
    ]).toEqual([undefined, undefined, undefined]);
  });

  it('evicts the least recently used entry beyond its size, and does nothing when disabled', () => {
    const cache = new MicroCache(2);
    cache.offer('/a', 200, publicFor(5), body, undefined, 0);
    cache.offer('/b', 200, publicFor(5), body, undefined, 0);
    cache.get('/a', undefined, 1);
    cache.offer('/c', 200, publicFor(5), body, undefined, 0);
    expect(cache.get('/b', undefined, 1)).toBeUndefined();
    expect(cache.get('/a', undefined, 1)).toBeDefined();
    const off = new MicroCache(0);
    off.offer('/a', 200, publicFor(5), body, undefined, 0);
    expect(off.enabled).toBe(false);
    expect(off.get('/a', undefined, 1)).toBeUndefined();
  });

  it('stays within its byte budget, least recently used out first, and skips an answer larger than it', () => {
    const kb = (n: number) => Buffer.alloc(n * 1024, 'x');
    const cache = new MicroCache(1000, 100 * 1024);
    for (const key of ['/a', '/b', '/c']) cache.offer(key, 200, publicFor(5), kb(30), undefined, 0);
    cache.get('/a', undefined, 1); // /b is now the least recently used
    cache.offer('/d', 200, publicFor(5), kb(30), undefined, 0);
    expect(cache.get('/b', undefined, 1)).toBeUndefined();
    expect(['/a', '/c', '/d'].map((k) => cache.get(k, undefined, 1)?.body.length)).toEqual([
      30 * 1024,
      30 * 1024,
      30 * 1024,
    ]);
    expect(cache.size).toBeLessThanOrEqual(100 * 1024);

    // Far fewer entries than the entry bound, yet all of them together stay within the bytes.
    cache.offer('/e', 200, publicFor(5), kb(90), undefined, 0);
    expect(['/a', '/c', '/d'].map((k) => cache.get(k, undefined, 1))).toEqual([undefined, undefined, undefined]);
    expect(cache.get('/e', undefined, 1)).toBeDefined();
    cache.offer('/huge', 200, publicFor(5), kb(101), undefined, 0);
    expect(cache.get('/huge', undefined, 1)).toBeUndefined();
    expect(cache.get('/e', undefined, 1)).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(100 * 1024);
  });

  it("answers only the page origin an answer was made for, and keeps the latest origin's", () => {
    const cache = new MicroCache(10);
    cache.offer('/q', 200, publicFor(5), body, 'https://shop.example', 0);
    expect(cache.get('/q', 'https://shop.example', 1)?.body).toEqual(body);
    expect(cache.get('/q', 'https://copycat.example', 1)).toBeUndefined();
    expect(cache.get('/q', undefined, 1)).toBeUndefined();
    cache.offer('/q', 200, publicFor(5), body, undefined, 2);
    expect(cache.get('/q', undefined, 3)).toBeDefined();
    expect(cache.get('/q', 'https://shop.example', 3)).toBeUndefined();
  });
});
