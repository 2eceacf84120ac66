import { loadTalks, rng } from '../../bench/corpus';
import { editDistance, tokenize } from './text';
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

describe('Vocabulary.typos', () => {
  const terms = new Set<string>();
  for (const d of loadTalks().slice(0, 400)) for (const t of tokenize(`${d.title} ${d.description}`)) terms.add(t.term);
  const { vocabulary } = Vocabulary.fromWords([...terms]);
  const words = vocabulary.words;
  const r = rng(9);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  /** A word with one to three random edits (drop, insert, replace, swap). */
  const misspelt = (w: string) => {
    const a = [...w];
    for (let n = 1 + Math.floor(r() * 3); n > 0; n--) {
      const p = Math.floor(r() * a.length);
      const op = Math.floor(r() * 4);
      if (op === 0 && a.length > 1) a.splice(p, 1);
      else if (op === 1) a.splice(p, 0, letters[Math.floor(r() * 26)]);
      else if (op === 2) a[p] = letters[Math.floor(r() * 26)];
      else if (p + 1 < a.length) [a[p], a[p + 1]] = [a[p + 1], a[p]];
    }
    return a.join('');
  };

  it('finds every word of the minimum length within the edits, with its distance, as checking each word does', () => {
    for (let i = 0; i < 80; i++) {
      const q = misspelt(words[Math.floor(r() * words.length)]);
      for (const [max, minLength] of [
        [1, 0],
        [2, 0],
        [2, 8],
      ]) {
        const found: string[] = [];
        vocabulary.typos(q, max, minLength, (index, distance) => found.push(`${words[index]}:${distance}`));
        const expected = words
          .filter((w) => w.length >= minLength)
          .map((w) => [w, editDistance(q, w, max)] as const)
          .filter(([, d]) => d <= max)
          .map(([w, d]) => `${w}:${d}`);
        expect({ q, max, minLength, found: found.sort() }).toEqual({ q, max, minLength, found: expected.sort() });
      }
    }
  });

  it('finds the same words at every split of the edits between the walk and the ending lookup', () => {
    // Three letters: every split, a swap across it and every ending come up many times over.
    const r3 = rng(13);
    const pick = (alphabet: string, length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(r3() * alphabet.length)]).join('');
    const small = new Set<string>();
    while (small.size < 3000) small.add(pick('abc', 3 + Math.floor(r3() * 10)));
    const { vocabulary: v } = Vocabulary.fromWords([...small]);
    for (let i = 0; i < 100; i++) {
      const q = pick('abcd', 6 + Math.floor(r3() * 6));
      for (const [max, minLength] of [
        [2, 0],
        [2, 8],
        [3, 0],
      ]) {
        const expected = v.words
          .filter((w) => w.length >= minLength && editDistance(q, w, max) <= max)
          .map((w) => `${w}:${editDistance(q, w, max)}`)
          .sort();
        for (let split = max; split <= q.length - 4; split++) {
          const found: string[] = [];
          v.typos(q, max, minLength, (index, distance) => found.push(`${v.words[index]}:${distance}`), split);
          expect({ q, max, split, found: found.sort() }).toEqual({ q, max, split, found: expected });
        }
      }
    }
  });
});
