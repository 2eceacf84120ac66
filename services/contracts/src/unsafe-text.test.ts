import { fieldName, findUnsafeText } from './unsafe-text';

describe('findUnsafeText', () => {
  it('finds a NUL or an unpaired surrogate in strings and keys, nested, and returns its path', () => {
    expect(findUnsafeText('a\u0000')).toEqual([]);
    expect(findUnsafeText({ a: 'ok', b: ['fine', { c: 'x\uD800' }] })).toEqual(['b', 1, 'c']);
    expect(findUnsafeText({ a: { 'k\uDC00': 1 } })).toEqual(['a', 'k\uDC00']);
    expect(findUnsafeText([['\uDBFF', 'x']])).toEqual([0, 0]);
  });

  it('passes text Postgres stores: surrogate pairs, other control characters, numbers, null', () => {
    expect(findUnsafeText({ emoji: '\uD83D\uDE00', tab: '\t\u0001\u007f', n: 1, z: null, t: true })).toBeUndefined();
  });

  it('names the field without the unsafe characters themselves, and cuts very deep paths', () => {
    expect(fieldName(['a', 0, 'k\u0000\uD800'])).toBe('a.0.k\\u0000\\ud800');
    expect(fieldName(Array(30).fill(0))).toBe(`${Array(20).fill(0).join('.')}.…`);
  });
});
