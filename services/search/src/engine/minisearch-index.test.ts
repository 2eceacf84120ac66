import { miniSearchEngine } from './minisearch-index';
import { SITE_DOCUMENTS } from './fixtures';
import { editDistance } from './text';

const index = miniSearchEngine.build(SITE_DOCUMENTS);
const ids = (q: string, limit = 10) => index.search(q, { limit: limit }).hits.map((h) => h.id);

describe('MiniSearch index', () => {
  it('finds exact words, prefixes of the last word and typos, best match first', () => {
    expect(ids('pricing')[0]).toBe('pricing');
    expect(ids('pric')[0]).toBe('pricing');
    expect(ids('pricng')[0]).toBe('pricing');
    expect(ids('Shiping')[0]).toBe('shipping');
  });

  it('folds case and diacritics both ways', () => {
    expect(ids('café')).toContain('cafe');
    expect(ids('CAFE')).toContain('cafe');
    expect(ids('cafe')[0]).toBe('cafe');
  });

  it('prefers documents that contain every word', () => {
    expect(ids('coffee grinders')[0]).toBe('blog-coffee');
    expect(ids('free shipping')[0]).toBe('shipping');
  });

  it('allows no typo below four characters', () => {
    expect(ids('tex')).toEqual([]);
  });

  it('treats operators, emoji, right-to-left text and control characters as plain text', () => {
    for (const q of ['& | ! :* <-> " \' `', '☕️🔥', 'مرحبا بالعالم', 'pri\u0000cing', '((((', '\\']) {
      expect(() => index.search(q, { limit: 5 })).not.toThrow();
    }
    expect(ids('"pricing" & !')[0]).toBe('pricing');
  });

  it('corrects words it does not know, counting a swap of two letters as one typo', () => {
    const r = index.search('pricnig plnas', { limit: 5 });
    expect(r.correctedQuery).toBe('pricing plans');
    expect(r.hits[0].id).toBe('pricing');
    expect(index.search('pricing', { limit: 5 }).correctedQuery).toBeUndefined();
  });

  it('returns highlight ranges that point at the matched words', () => {
    const hit = index.search('cafe', { limit: 5 }).hits.find((h) => h.id === 'cafe')!;
    expect(hit.highlight.title.map(([s, e]) => hit.title.slice(s, e))).toEqual(['Café']);
    const pricing = index.search('plans pric', { limit: 5 }).hits[0];
    expect(pricing.highlight.title.map(([s, e]) => pricing.title.slice(s, e))).toEqual(['Pricing']);
    expect(pricing.highlight.description.map(([s, e]) => pricing.description.slice(s, e))).toEqual(['Plans', 'prices']);
  });

  it('suggests completions from the vocabulary', () => {
    expect(index.search('ship', { limit: 5 }).suggestions).toContain('shipping');
  });

  it('survives a snapshot round trip', () => {
    const loaded = miniSearchEngine.load(index.serialize());
    expect(loaded.documentCount).toBe(SITE_DOCUMENTS.length);
    expect(loaded.search('pricng', { limit: 5 })).toEqual(index.search('pricng', { limit: 5 }));
  });

  it('keeps price and image of a product', () => {
    const hit = index.search('menu', { limit: 5 }).hits[0];
    expect(hit).toMatchObject({ id: 'cafe', price: 4.5, imageUrl: 'https://shop.example/cafe.png' });
  });
});

describe('editDistance', () => {
  it('counts a transposition as one edit', () => {
    expect(editDistance('pricnig', 'pricing')).toBe(1);
    expect(editDistance('plns', 'plans')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
