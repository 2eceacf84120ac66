import { queryTerms } from '../engine/text';
import { mergeSuggestions, PopularSuggestion } from './suggestions';

const popular = (...queries: string[]): PopularSuggestion[] =>
  queries.map((query, i) => ({ query, count: 100 - i, terms: queryTerms(query) }));

describe('mergeSuggestions', () => {
  const POPULAR = popular('free shipping', 'café menu', 'free returns', 'freezer bags', 'shipping costs');

  it('puts popular queries that continue the typed text first, most popular first, then the vocabulary', () => {
    expect(mergeSuggestions('fre', POPULAR, ['free', 'freezer', 'fresh'])).toEqual([
      'free shipping',
      'free returns',
      'freezer bags',
      'free',
      'freezer',
    ]);
  });

  it('compares case- and diacritic-folded words', () => {
    expect(mergeSuggestions('CAFE', POPULAR, [])).toEqual(['café menu']);
    expect(mergeSuggestions('Café  M', POPULAR, [])).toEqual(['café menu']);
  });

  it('matches the whole typed text as the start of the whole query, word by word', () => {
    expect(mergeSuggestions('free sh', POPULAR, [])).toEqual(['free shipping']);
    // "shipping" is not the start of "free shipping", nor is "ree" of "free".
    expect(mergeSuggestions('shipping', POPULAR, [])).toEqual(['shipping costs']);
    expect(mergeSuggestions('ree', POPULAR, [])).toEqual([]);
    expect(mergeSuggestions('free shipping costs', POPULAR, [])).toEqual([]);
  });

  it('treats a trailing space or punctuation as a finished word', () => {
    expect(mergeSuggestions('free ', POPULAR, [])).toEqual(['free shipping', 'free returns']);
    expect(mergeSuggestions('free,', POPULAR, [])).toEqual(['free shipping', 'free returns']);
  });

  it('does not suggest the typed query back, nor the same query twice', () => {
    expect(mergeSuggestions('Free Shipping', POPULAR, ['free shipping'])).toEqual([]);
    expect(mergeSuggestions('free ship', POPULAR, ['free shipping', 'free shipment'])).toEqual([
      'free shipping',
      'free shipment',
    ]);
  });

  it('stops at five', () => {
    const many = popular('pa', 'pb', 'pc', 'pd', 'pe', 'pf');
    expect(mergeSuggestions('p', many, ['pz'])).toEqual(['pa', 'pb', 'pc', 'pd', 'pe']);
    expect(mergeSuggestions('x', [], ['x1', 'x2', 'x3', 'x4', 'x5', 'x6'])).toHaveLength(5);
  });

  it('suggests nothing for text without words', () => {
    expect(mergeSuggestions('  🔥 ', POPULAR, [])).toEqual([]);
  });
});
