import type { IndexDocument } from '@sniff/contracts';
import { SITE_DOCUMENTS } from './fixtures';
import { Matcher } from './matching';
import { sniffEngine } from './sniff-index';

/** The i-th of 26^7 made-up words of 8 letters ("q" and seven more). */
const word = (i: number) =>
  'q' + Array.from({ length: 7 }, (_, k) => String.fromCharCode(97 + (Math.floor(i / 26 ** k) % 26))).join('');

/** 2,100 documents of 10 words each: an index of 21,000 words, above the warm-up's threshold. */
const LARGE: IndexDocument[] = Array.from({ length: 2_100 }, (_, d) => ({
  id: `d${d}`,
  url: `https://shop.example/d${d}`,
  title: Array.from({ length: 10 }, (_, w) => word(d * 10 + w)).join(' '),
  description: '',
  headings: [],
  body: '',
}));

// Its own file: the warm-up happens once per process (per module registry here), whatever else ran before.
describe('the typo walk warm-up', () => {
  it('matches misspelt words at the first large index a process holds, and never again', () => {
    const match = jest.spyOn(Matcher.prototype, 'match');
    try {
      sniffEngine.build(SITE_DOCUMENTS);
      expect(match).not.toHaveBeenCalled(); // a small store's walks are short: nothing to warm
      const large = sniffEngine.build(LARGE);
      expect(match).toHaveBeenCalled();
      expect(match.mock.calls.every(([text]) => text.length >= 7)).toBe(true);
      match.mockClear();
      // Every later index, built or loaded, costs nothing more (a worker loads many stores).
      sniffEngine.load(large.serialize());
      sniffEngine.build(LARGE);
      expect(match).not.toHaveBeenCalled();
      expect(large.search(word(5), { limit: 3 }).hits[0]?.id).toBe('d0');
    } finally {
      match.mockRestore();
    }
  });
});
