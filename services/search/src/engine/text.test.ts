import { AsciiWordFilter, cutText, foldTerm, forEachToken, possessivesIn, tokenize } from './text';

/** A possessive's or a contraction's "'s": right after a word, and no more of a word after it. */
const POSSESSIVE = /(?<=[\p{L}\p{N}\p{M}])['’][sS](?![\p{L}\p{N}\p{M}])/gu;

/**
 * The definition the scan implements: runs of letters, digits and combining marks, folded; a possessive's
 * "'s" is no word (blanked here, so positions stay).
 */
function byRegex(text: string) {
  const words = text.replace(POSSESSIVE, '  ');
  return [...words.matchAll(/[\p{L}\p{N}\p{M}]+/gu)].flatMap((m) => {
    const term = foldTerm(m[0]);
    return term ? [{ term, start: m.index, end: m.index + m[0].length }] : [];
  });
}

describe('tokenize', () => {
  it('splits on anything but letters, digits and marks, keeping positions in the original text', () => {
    expect(tokenize('Crème-Brûlée, 2 ways!')).toEqual([
      { term: 'creme', start: 0, end: 5 },
      { term: 'brulee', start: 6, end: 12 },
      { term: '2', start: 14, end: 15 },
      { term: 'ways', start: 16, end: 20 },
    ]);
  });

  it('treats emoji, lone surrogates and control characters as separators and keeps other scripts', () => {
    expect(tokenize('a😀b\ud800c\u0000d שלום 東京 𝒜x').map((t) => t.term)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'שלום',
      '東京',
      '𝒜x'.toLowerCase(),
    ]);
    // a word that is only combining marks folds to nothing and is skipped
    expect(tokenize('\u0301\u0301 x')).toEqual([{ term: 'x', start: 3, end: 4 }]);
  });

  it('agrees with the Unicode definition on random mixed-script text', () => {
    // letters, digits, marks, punctuation, emoji, surrogate halves, controls, RTL and CJK
    const alphabet = [...'aZ9sS .-_\'’"&|!:*<>\\éÉßİıǅ\u0301\u0308שםمع東京¹½Ⅻ\u0000\u0007\t\n'];
    alphabet.push('😀', '𝒜', '\ud800', '\udc00', '👩‍👧');
    let seed = 1;
    const next = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    for (let n = 0; n < 2000; n++) {
      let text = '';
      for (let i = Math.floor(next() * 40); i > 0; i--) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(tokenize(text)).toEqual(byRegex(text));
      expect(possessivesIn(text)).toBe(text.match(POSSESSIVE)?.length ?? 0);
    }
  });
});

describe("a possessive's or a contraction's 's", () => {
  it('is no word of its own, straight or curly, whatever the case', () => {
    expect(tokenize("Women's Shoes")).toEqual([
      { term: 'women', start: 0, end: 5 },
      { term: 'shoes', start: 8, end: 13 },
    ]);
    expect(tokenize('IT’S THE')).toEqual([
      { term: 'it', start: 0, end: 2 },
      { term: 'the', start: 5, end: 8 },
    ]);
    expect(tokenize("café's menu, the 90's").map((t) => t.term)).toEqual(['cafe', 'menu', 'the', '90']);
  });

  it('leaves every other apostrophe a separator between words', () => {
    const terms = (text: string) => tokenize(text).map((t) => t.term);
    expect(terms("don't")).toEqual(['don', 't']);
    expect(terms("O'Sullivan's rock'n'roll")).toEqual(['o', 'sullivan', 'rock', 'n', 'roll']);
    // "s" that goes on into a word, or that follows no word, is read as it is
    expect(terms("it'sy 's-Hertogenbosch kids' toys")).toEqual(['it', 'sy', 's', 'hertogenbosch', 'kids', 'toys']);
  });

  it('is counted by possessivesIn, for the field lengths of the index', () => {
    expect(possessivesIn("Women's and men's, it’s it's")).toBe(4);
    expect(possessivesIn("don't 's it'sy")).toBe(0);
    expect(possessivesIn('𝒜’s \udc00’s')).toBe(1); // after a whole surrogate pair, not after a lone half
  });
});

describe('forEachToken with a word filter (highlights)', () => {
  it('skips only words that cannot be among the terms', () => {
    // Short words, so that the random text holds many of the terms; long, capitalised and
    // accented words, since those are where a filter by first letter and length could slip.
    const words = [
      'ab',
      'Ab',
      'abc',
      'b',
      'ba',
      'café',
      'Cafe',
      'caf',
      'x'.repeat(31),
      'x'.repeat(33),
      'é',
      'Éa',
      '9a',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 0x7fffffff) / 0x7fffffff;
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
    for (let n = 0; n < 500; n++) {
      const terms = new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => foldTerm(pick(words))!));
      const text = Array.from({ length: Math.floor(next() * 12) }, () => pick(words)).join(pick([' ', '-', ', ']));
      const all = tokenize(text);
      const kept: { term: string; start: number; end: number }[] = [];
      forEachToken(text, (term, start, end) => kept.push({ term, start, end }), new AsciiWordFilter(terms));
      // every word that is one of the terms is still there, in order, and nothing new appears
      expect(kept.filter((t) => terms.has(t.term))).toEqual(all.filter((t) => terms.has(t.term)));
      expect(all).toEqual(expect.arrayContaining(kept));
    }
    // it does skip: only "cafe" of these can be among the terms
    const seen: string[] = [];
    forEachToken('Cafe bar CAFETERIA cafe', (term) => seen.push(term), new AsciiWordFilter(['cafe']));
    expect(seen).toEqual(['cafe', 'cafe']);
  });
});

describe('forEachToken with plain-ASCII words by position (the index build)', () => {
  it('hands over the same words: plain ones as positions, all others folded', () => {
    const text = 'Crème BRÛLÉE and Tea-time, 2 ways: 東京 café X\u0301';
    const words: { term: string; start: number; end: number }[] = [];
    forEachToken(
      text,
      (term, start, end) => words.push({ term, start, end }),
      undefined,
      (start, end) => words.push({ term: text.slice(start, end).toLowerCase(), start, end }),
    );
    expect(words).toEqual(tokenize(text));
    const plain: string[] = [];
    forEachToken(
      text,
      () => undefined,
      undefined,
      (start, end) => plain.push(text.slice(start, end)),
    );
    expect(plain).toEqual(['and', 'Tea', 'time', '2', 'ways']);
  });
});

describe('cutText', () => {
  it('cuts as the widget shows it: the first characters, trailing space trimmed, and an ellipsis', () => {
    expect(cutText('Green tea', 9)).toBe('Green tea');
    expect(cutText('Green tea', 8)).toBe('Green t…');
    expect(cutText('Green tea leaves', 7)).toBe('Green…');
    expect(cutText('Green tea', 1)).toBe('…');
    expect(cutText('Green tea', 0)).toBe('');
  });

  it('never leaves half of a surrogate pair', () => {
    expect(cutText('ab😀cd', 4)).toBe('ab…');
    expect(cutText('ab😀cd', 5)).toBe('ab😀…');
  });
});
