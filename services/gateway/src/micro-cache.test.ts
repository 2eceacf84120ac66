import { MAX_AGE_S, MicroCache } from './micro-cache';

const body = Buffer.from('{"hits":[]}');
const publicFor = (s: number) => ({ 'cache-control': `public, max-age=${s}` });

describe('MicroCache', () => {
  it('keeps an answer for the max-age the service sets, capped, and never errors or private answers', () => {
    const cache = new MicroCache(10);
    cache.offer('/a', 200, publicFor(2), body, 0);
    expect(cache.get('/a', 1999)?.body).toEqual(body);
    expect(cache.get('/a', 2000)).toBeUndefined();
    cache.offer('/long', 200, publicFor(3600), body, 0);
    expect(cache.get('/long', MAX_AGE_S * 1000 - 1)).toBeDefined();
    expect(cache.get('/long', MAX_AGE_S * 1000)).toBeUndefined();
    cache.offer('/404', 404, publicFor(2), body, 0);
    cache.offer('/private', 200, { 'cache-control': 'private, max-age=60' }, body, 0);
    cache.offer('/none', 200, {}, body, 0);
    expect([cache.get('/404', 1), cache.get('/private', 1), cache.get('/none', 1)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('evicts the least recently used entry beyond its size, and does nothing when disabled', () => {
    const cache = new MicroCache(2);
    cache.offer('/a', 200, publicFor(5), body, 0);
    cache.offer('/b', 200, publicFor(5), body, 0);
    cache.get('/a', 1);
    cache.offer('/c', 200, publicFor(5), body, 0);
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(cache.get('/a', 1)).toBeDefined();
    const off = new MicroCache(0);
    off.offer('/a', 200, publicFor(5), body, 0);
    expect(off.enabled).toBe(false);
    expect(off.get('/a', 1)).toBeUndefined();
  });

  it('stays within its byte budget, least recently used out first, and skips an answer larger than it', () => {
    const kb = (n: number) => Buffer.alloc(n * 1024, 'x');
    const cache = new MicroCache(1000, 100 * 1024);
    for (const key of ['/a', '/b', '/c']) cache.offer(key, 200, publicFor(5), kb(30), 0);
    cache.get('/a', 1); // /b is now the least recently used
    cache.offer('/d', 200, publicFor(5), kb(30), 0);
    expect(cache.get('/b', 1)).toBeUndefined();
    expect(['/a', '/c', '/d'].map((k) => cache.get(k, 1)?.body.length)).toEqual([30 * 1024, 30 * 1024, 30 * 1024]);
    expect(cache.size).toBeLessThanOrEqual(100 * 1024);

    // Far fewer entries than the entry bound, yet all of them together stay within the bytes.
    cache.offer('/e', 200, publicFor(5), kb(90), 0);
    expect(['/a', '/c', '/d'].map((k) => cache.get(k, 1))).toEqual([undefined, undefined, undefined]);
    expect(cache.get('/e', 1)).toBeDefined();
    cache.offer('/huge', 200, publicFor(5), kb(101), 0);
    expect(cache.get('/huge', 1)).toBeUndefined();
    expect(cache.get('/e', 1)).toBeDefined();
    expect(cache.size).toBeLessThanOrEqual(100 * 1024);
  });
});
