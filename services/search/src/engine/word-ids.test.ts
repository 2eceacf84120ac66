import { foldTerm, forEachToken, tokenize } from './text';
import { WordIds } from './word-ids';

describe('WordIds (the index build’s word ids)', () => {
  it('gives each word one id in first-seen order, read from the text or given folded', () => {
    // Mixed case, digits, accented and other scripts, and enough distinct words to grow the table
    // several times over: the ids must be those a Map in first-seen order would give.
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    const letters = [...'abcdeABCDE0189éÉß東'];
    const words = Array.from({ length: 30_000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 6) }, () => letters[Math.floor(next() * letters.length)]).join(''),
    );
    const text = words.join(' ');
    const ids = new WordIds();
    const got: number[] = [];
    forEachToken(
      text,
      (term) => got.push(ids.ofTerm(term)),
      undefined,
      (start, end) => got.push(ids.ofText(text, start, end)),
    );
    const reference = new Map<string, number>();
    const expected = tokenize(text).map(({ term }) => {
      if (!reference.has(term)) reference.set(term, reference.size);
      return reference.get(term)!;
    });
    expect(got).toEqual(expected);
    expect(ids.words).toEqual([...reference.keys()]);
    expect(ids.words.length).toBeGreaterThan(10_000);
  });

  it('finds a plain word typed in any case under its folded form, and tells near words apart', () => {
    const ids = new WordIds();
    const cafe = ids.ofTerm(foldTerm('Café')!);
    const tea = ids.ofText('Green TEA', 6, 9);
    expect(ids.ofText('cafe', 0, 4)).toBe(cafe); // "Café" folds to the plain word "cafe"
    expect(ids.ofTerm('tea')).toBe(tea);
    expect(ids.ofText('Tea!', 0, 3)).toBe(tea);
    expect(ids.ofText('teas', 0, 4)).not.toBe(tea);
    expect(ids.ofText('te', 0, 2)).not.toBe(tea);
    expect(ids.words).toEqual(['cafe', 'tea', 'teas', 'te']);
  });
});
