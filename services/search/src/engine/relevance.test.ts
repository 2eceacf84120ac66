import { loadTalks } from '../../bench/corpus';
import { sniffEngine } from './sniff-index';
import QUERIES from './relevance-queries.json';

/**
 * The relevance guard: a fixed part of the benchmark's relevance set (bench/queries.ts and
 * bench/semantic-queries.ts, seed 7: the first 50 queries of each class, written by
 * `node bench/dist/bench/run.js guard-queries`) run against the engine on the real TED corpus, as a free
 * store searches and as a store with AI search (semantic recall) does. success@1 / success@5 of each class
 * may not fall below the figures measured when the set was fixed; raise a floor when the engine gets better.
 * With AI search, no class may score lower than without it (its lexical matches keep their order first).
 */
const FLOORS: Record<string, { at1: number; at5: number }> = {
  exact: { at1: 1, at5: 1 },
  prefix: { at1: 0.6, at5: 0.86 },
  typo1: { at1: 0.9, at5: 0.96 },
  typo2: { at1: 0.96, at5: 1 },
  multi: { at1: 0.96, at5: 1 },
  infix: { at1: 0.72, at5: 0.98 },
  'infix-multi': { at1: 0.94, at5: 1 },
  'infix-any': { at1: 0.44, at5: 0.76 },
  semantic: { at1: 0.5, at5: 0.74 },
};
/** The semantic class with AI search on. */
const SEMANTIC_FLOOR = { at1: 0.52, at5: 0.76 };
const LIMIT = 5;

type Scores = Map<string, { n: number; at1: number; at5: number }>;
const rate = (hits: number, n: number) => Math.round((hits / n) * 100) / 100;

function score(semantic: boolean): Scores {
  const index = sniffEngine.build(loadTalks(), { semantic });
  const scores: Scores = new Map();
  for (const { cls, q, target } of QUERIES) {
    const s = scores.get(cls) ?? { n: 0, at1: 0, at5: 0 };
    scores.set(cls, s);
    const rank = index.search(q, { limit: LIMIT, semantic }).hits.findIndex((h) => h.id === target);
    s.n++;
    if (rank === 0) s.at1++;
    if (rank >= 0) s.at5++;
  }
  return scores;
}

describe('relevance on the benchmark queries (TED talks)', () => {
  const scores = score(false);

  it('covers every class with its floor', () => {
    expect([...scores.keys()].sort()).toEqual(Object.keys(FLOORS).sort());
  });

  it.each(Object.keys(FLOORS))('%s: success@1 and @5 at or above the floor', (cls) => {
    const s = scores.get(cls)!;
    expect(rate(s.at1, s.n)).toBeGreaterThanOrEqual(FLOORS[cls].at1);
    expect(rate(s.at5, s.n)).toBeGreaterThanOrEqual(FLOORS[cls].at5);
  });

  describe('with AI search (semantic recall)', () => {
    const ai = score(true);

    it.each(Object.keys(FLOORS))('%s: success@1 and @5 no lower than without it', (cls) => {
      const [s, without] = [ai.get(cls)!, scores.get(cls)!];
      expect({ cls, at1: s.at1 >= without.at1, at5: s.at5 >= without.at5 }).toEqual({ cls, at1: true, at5: true });
    });

    it('semantic: success@1 and @5 at or above the floor', () => {
      const s = ai.get('semantic')!;
      expect(rate(s.at1, s.n)).toBeGreaterThanOrEqual(SEMANTIC_FLOOR.at1);
      expect(rate(s.at5, s.n)).toBeGreaterThanOrEqual(SEMANTIC_FLOOR.at5);
    });
  });
});
