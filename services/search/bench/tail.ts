import { performance } from 'node:perf_hooks';
import { Highlighter } from '../src/engine/highlighting';
import { Matcher } from '../src/engine/matching';
import { buildPostings } from '../src/engine/postings';
import { Ranker, RERANK } from '../src/engine/ranking';
import { sniffEngine } from '../src/engine/sniff-index';
import { textsOf } from '../src/engine/stored-texts';
import { tokenize } from '../src/engine/text';
import { loadTalks, rng, synthesize } from './corpus';
import { LIMIT } from './engines';
import { generateQueries } from './queries';
import { PER_CLASS, QUERY_SEED } from './relevance';
import { CORPUS_SEED } from './speed';

/**
 * `node tail.js [docs]`: where the slowest 1% of the speed sample's queries spend their time. Each query is
 * timed REPEAT times (the median, so a GC pause or the machine does not pick the tail), then its phases:
 * matching each word (exact, completions, typos, infixes), ranking, and the hits (highlights).
 */
const REPEAT = 7;
const size = Number(process.argv[2] ?? 10_000);
const base = loadTalks();
const r = rng(11);
const sample = generateQueries(base, PER_CLASS, QUERY_SEED)
  .filter((q) => q.cls !== 'infix-multi')
  .map((q) => [r(), q] as const)
  .sort((a, b) => a[0] - b[0])
  .map(([, q]) => q)
  .slice(0, 300);
const docs = synthesize(base, size, CORPUS_SEED);
const index = sniffEngine.build(docs);
const postings = buildPostings(docs);
const matcher = new Matcher(postings);
const ranker = new Ranker(postings, textsOf(docs.map((d) => d.title)));

const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];
const timeIt = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
for (const { q } of sample.slice(0, 50)) index.search(q, { limit: LIMIT });
const rows = sample.map(({ q, cls }) => {
  const total = median(Array.from({ length: REPEAT }, () => timeIt(() => index.search(q, { limit: LIMIT }))));
  const words = [...new Set(tokenize(q).map((t) => t.term))];
  const phase = (f: () => unknown) => median(Array.from({ length: REPEAT }, () => timeIt(f)));
  const match = words.map((w, i) => phase(() => matcher.match(w, i === words.length - 1, undefined)));
  const matches = words.map((w, i) => matcher.match(w, i === words.length - 1, undefined));
  const rank = phase(() => ranker.rank(matches, Math.max(LIMIT, RERANK)));
  const hl = phase(() => new Highlighter(matches, postings.vocabulary.words));
  const kinds = matches.map((m) => {
    const by: Record<string, number> = {};
    for (const c of [...m.candidates, ...m.beside]) by[c.kind] = (by[c.kind] ?? 0) + 1;
    return Object.entries(by)
      .map(([k, n]) => `${k}:${n}`)
      .join(',');
  });
  return { q, cls, total, match, rank, hl, kinds };
});
rows.sort((a, b) => b.total - a.total);
const sorted = rows.map((x) => x.total).sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
console.log(
  `${size} docs, ${rows.length} queries, median of ${REPEAT}: p50 ${pct(0.5).toFixed(3)} p90 ${pct(0.9).toFixed(3)} p99 ${pct(0.99).toFixed(3)} ms`,
);
for (const x of rows.slice(0, Number(process.env.TOP ?? 15))) {
  console.log(
    `${x.total.toFixed(3)} ms ${x.cls.padEnd(11)} ${JSON.stringify(x.q).padEnd(28)} match ${x.match.map((m) => m.toFixed(3)).join('+')} rank ${x.rank.toFixed(3)} hl ${x.hl.toFixed(3)}  ${x.kinds.join(' | ')}`,
  );
}
