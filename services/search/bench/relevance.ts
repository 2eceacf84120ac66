import { performance } from 'node:perf_hooks';
import { loadTalks } from './corpus';
import { FAMILIES, LIMIT } from './engines';
import { generateQueries, QUERY_CLASSES, type BenchQuery } from './queries';
import { generateSemanticQueries } from './semantic-queries';
import { environment, fmt, table, writeResult } from './report';

export const PER_CLASS = 200;
export const QUERY_SEED = 7;

export interface ClassScore {
  n: number;
  s1: number;
  s5: number;
}
export interface VariantRelevance {
  engine: string;
  setup: string;
  classes: Record<string, ClassScore>;
  errors: number;
  ms: number;
}

/** success@1 and success@5 of every engine setup on every query class, on the real TED corpus. */
export function runRelevance(): {
  text: string;
  markdown: string;
  file: string;
  results: VariantRelevance[];
  queries: BenchQuery[];
} {
  const docs = loadTalks();
  const queries = [
    ...generateQueries(docs, PER_CLASS, QUERY_SEED),
    ...generateSemanticQueries(docs, PER_CLASS, QUERY_SEED),
  ];
  const results: VariantRelevance[] = [];
  for (const family of FAMILIES) {
    const { variants } = family.build(docs);
    for (const v of variants) {
      const hits: Record<string, { n: number; h1: number; h5: number }> = {};
      let errors = 0;
      const t0 = performance.now();
      for (const q of queries) {
        const c = (hits[q.cls] ??= { n: 0, h1: 0, h5: 0 });
        if (v.maxPerClass != null && c.n >= v.maxPerClass) continue;
        c.n++;
        let ids: string[] = [];
        try {
          ids = v.search(q.q).slice(0, LIMIT);
        } catch {
          errors++;
        }
        const rank = ids.indexOf(q.target);
        if (rank === 0) c.h1++;
        if (rank >= 0) c.h5++;
      }
      const classes: Record<string, ClassScore> = {};
      for (const cls of QUERY_CLASSES) {
        const c = hits[cls] ?? { n: 0, h1: 0, h5: 0 };
        classes[cls] = { n: c.n, s1: c.n ? c.h1 / c.n : 0, s5: c.n ? c.h5 / c.n : 0 };
      }
      results.push({ engine: v.name, setup: v.setup, classes, errors, ms: Math.round(performance.now() - t0) });
      process.stderr.write(`relevance: ${v.name} done in ${Math.round(performance.now() - t0)} ms\n`);
    }
  }
  const counts = Object.fromEntries(QUERY_CLASSES.map((c) => [c, queries.filter((q) => q.cls === c).length]));
  const file = writeResult('relevance', {
    environment: environment(),
    corpus: { name: 'tedtalks-talks.json', documents: docs.length },
    querySeed: QUERY_SEED,
    queryCounts: counts,
    limit: LIMIT,
    results,
  });
  writeResult('queries', queries);

  const best = Object.fromEntries(
    QUERY_CLASSES.map((c) => [
      c,
      Math.max(...results.filter((r) => !r.engine.startsWith('sniff')).map((r) => r.classes[c].s5)),
    ]),
  );
  const head = ['engine', ...QUERY_CLASSES.map((c) => `${c} @1/@5`)];
  const rows = results.map((r) => [
    r.engine +
      (r.classes.exact.n < PER_CLASS ? ` (${r.classes.exact.n}/class)` : '') +
      (r.errors ? ` (${r.errors} errors)` : ''),
    ...QUERY_CLASSES.map((c) => `${fmt(r.classes[c].s1)} / ${fmt(r.classes[c].s5)}`),
  ]);
  rows.push(['best peer @5', ...QUERY_CLASSES.map((c) => fmt(best[c]))]);
  const markdown =
    `Relevance: success@1 / success@5 on ${docs.length} TED talks, ${queries.length} queries ` +
    `(${QUERY_CLASSES.map((c) => `${c} ${counts[c]}`).join(', ')}), seed ${QUERY_SEED}.\n\n` +
    table(head, rows) +
    '\n\n' +
    targetLine(results);
  return { text: markdown, markdown, file, results, queries };
}

/**
 * Classes held to the target (Sniff's success@5 at or above every peer's); infix-any is reported only, and
 * semantic has a goal of its own (AI search at 0.75 or more).
 */
const TARGET_CLASSES = QUERY_CLASSES.filter((c) => c !== 'infix-any' && c !== 'semantic');
export const SEMANTIC_GOAL = 0.75;

/** Each peer is compared with Sniff on the same queries (the 40-per-class subset for the slow ones). */
function targetLine(results: VariantRelevance[]): string {
  const sniff = results.find((r) => r.engine === 'sniff');
  const subset = results.find((r) => r.engine === 'sniff-subset');
  if (!sniff || !subset) return '';
  const below = TARGET_CLASSES.filter((c) =>
    results.some((r) => {
      if (r.engine.startsWith('sniff')) return false;
      const own = r.classes[c].n === sniff.classes[c].n ? sniff : subset;
      return r.classes[c].s5 > own.classes[c].s5;
    }),
  );
  return (
    `Target, Sniff @5 at or above every peer on the same queries, on ${TARGET_CLASSES.join(', ')}: ` +
    (below.length ? `missed on ${below.join(', ')}` : 'met') +
    `; typo1 @5 ${fmt(sniff.classes.typo1.s5)} (target >= 0.95). infix-any is reported, not a target: ` +
    'its fragments that are also a word, a word start or a typo of one rank those readings first, by the rule.' +
    semanticLine(results)
  );
}

function semanticLine(results: VariantRelevance[]): string {
  const ai = results.find((r) => r.engine === 'sniff-semantic');
  const sniff = results.find((r) => r.engine === 'sniff');
  if (!ai || !sniff) return '';
  const others = QUERY_CLASSES.filter((c) => c !== 'semantic' && ai.classes[c].s5 < sniff.classes[c].s5);
  return (
    ` Semantic class @5: ${fmt(ai.classes.semantic.s5)} with semantic recall, ${fmt(sniff.classes.semantic.s5)} ` +
    `without (goal >= ${SEMANTIC_GOAL}: ${ai.classes.semantic.s5 >= SEMANTIC_GOAL ? 'met' : 'missed'}); ` +
    `other classes with it: ${others.length ? `lower on ${others.join(', ')}` : 'none lower'}.`
  );
}
