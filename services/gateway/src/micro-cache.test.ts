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
});
