import { loadTalks, rng } from '../../bench/corpus';
import { tokenize } from './text';
import { Vocabulary } from './vocabulary';

describe('Vocabulary.infixes', () => {
  const terms = new Set<string>();
  for (const d of loadTalks()) for (const t of tokenize(`${d.title} ${d.description} ${d.body}`)) terms.add(t.term);
  const { vocabulary } = Vocabulary.fromWords([...terms]);
  const words = vocabulary.words;

  it('finds every word with the fragment after its first letter, in index order, as a scan of all words does', () => {
    const r = rng(5);
    const long = words.filter((w) => w.length >= 6);
    for (let i = 0; i < 300; i++) {
      const w = long[Math.floor(r() * long.length)];
      const length = 3 + Math.floor(r() * Math.min(4, w.length - 3));
      const start = Math.floor(r() * (w.length - length + 1));
      const part = w.slice(start, start + length);
      const found: [number, number][] = [];
      vocabulary.infixes(part, (index, at) => found.push([index, at]) > 0);
      const expected: [number, number][] = [];
      words.forEach((x, index) => {
        const at = x.indexOf(part, 1);
        if (at > 0) expected.push([index, at]);
      });
      expect({ part, found }).toEqual({ part, found: expected });
    }
  });

  it('stops when told to', () => {
    const found: number[] = [];
    vocabulary.infixes('ing', (index) => found.push(index) < 3);
    expect(found).toHaveLength(3);
  });
});
