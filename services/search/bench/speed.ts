import { performance } from 'node:perf_hooks';
import type { IndexDocument } from '@sniff/contracts';
import { sniffEngine } from '../src/engine/sniff-index';
import { wordVectors } from '../src/engine/semantic/word-vectors';
import { warmUpAiSearch, warmUpQueries } from '../src/engine/warm-up';
import type { SearchIndex } from '../src/engine/search-index';
import { loadTalks, rawTextBytes, rng, synthesize } from './corpus';
import { FAMILIES } from './engines';
import { generateQueries } from './queries';
import { generateSemanticQueries } from './semantic-queries';
import { PER_CLASS, QUERY_SEED } from './relevance';
import { environment, fmt, table, writeResult } from './report';

/** Corpus sizes; SNIFF_BENCH_SIZES=10000 runs the small one only (for quick iterations). */
export const SIZES = (process.env.SNIFF_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
export const CORPUS_SEED = 42;
/** Queries timed per engine setup (a seeded sample of the relevance queries, all classes). */
const SAMPLE = Number(process.env.SNIFF_BENCH_SAMPLE ?? 300);
const WARMUP = 20;
/** Time allowed for the timed queries of one engine setup at one size. */
const QUERY_BUDGET_MS = Number(process.env.SNIFF_BENCH_QUERY_BUDGET_MS ?? 5_000);
/** A build slower than this (predicted from 10k, x10) is not attempted at 100k. */
const BUILD_LIMIT_MS = 60_000;

const gc = (): void => (global as unknown as { gc?: () => void }).gc?.();
const heap = () => {
  gc();
  gc();
  // Typed arrays live outside the JS heap: count them too, or compact engines look free.
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;

export interface SpeedRow {
  engine: string;
  docs: number;
  buildMs?: number;
  heapBytes?: number;
  heapRatio?: number;
  queries?: number;
  p50?: number;
  p99?: number;
  mean?: number;
  /** The same queries timed again right after (every engine's code compiled for them by then). */
  warmP50?: number;
  warmP99?: number;
  note?: string;
}
export interface SnapshotRow {
  engine: string;
  docs: number;
  bytes: number;
  serializeMs: number;
  loadMs: number;
  heapBytesAfterLoad: number;
}

/** Each query's time, once each in order, until the budget is spent. */
function timePass(v: { search(q: string): unknown }, queries: string[]): number[] {
  const times: number[] = [];
  const start = performance.now();
  for (const q of queries) {
    const t = performance.now();
    v.search(q);
    times.push(performance.now() - t);
    if (performance.now() - start > QUERY_BUDGET_MS) break;
  }
  return times;
}

export function runSpeed(): { markdown: string; file: string } {
  if (!(global as unknown as { gc?: unknown }).gc)
    process.stderr.write('speed: run node with --expose-gc for memory figures\n');
  // What a search worker does when it starts, before it serves a store: timed apart from the builds.
  const w0 = performance.now();
  warmUpQueries(sniffEngine);
  const warmUpMs = performance.now() - w0;
  process.stderr.write(`speed: Sniff's warm-up at a worker's start ${fmt(warmUpMs)} ms\n`);
  // AI search's part, which a worker pays once, on the first store with AI search it holds: the word-vector table
  // read and AI search's warm-up. Timed apart the same way, so sniff-semantic's build and heap are a store's own
  // whether or not a relevance part ran first in this process (it pays this part when it does).
  let aiWarmUpMs: number | undefined;
  if (FAMILIES.some((f) => f.name === 'sniff-semantic')) {
    const a0 = performance.now();
    wordVectors();
    warmUpAiSearch(sniffEngine);
    aiWarmUpMs = performance.now() - a0;
    process.stderr.write(`speed: AI search's table and warm-up, once per process ${fmt(aiWarmUpMs)} ms\n`);
  }
  const base = loadTalks();
  const r = rng(11);
  // The sample of the classes before infix-multi was added (it comes last), so speed compares across that change.
  const all = generateQueries(base, PER_CLASS, QUERY_SEED)
    .filter((q) => q.cls !== 'infix-multi')
    .map((q) => q.q);
  const sample = all
    .map((q) => [r(), q] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, q]) => q)
    .slice(0, SAMPLE);
  // Sniff with and without semantic recall are also timed on the semantic class, where it does its work.
  const semanticSample = generateSemanticQueries(base, PER_CLASS, QUERY_SEED).map((q) => q.q);

  const rows: SpeedRow[] = [];
  const snapshots: SnapshotRow[] = [];
  const build10k = new Map<string, number>();
  const corpora: Record<number, { rawBytes: number }> = {};

  for (const size of SIZES) {
    let docs: IndexDocument[] | null = synthesize(base, size, CORPUS_SEED);
    const rawBytes = rawTextBytes(docs);
    corpora[size] = { rawBytes };
    process.stderr.write(`speed: ${size} documents, ${(rawBytes / 1e6).toFixed(1)} MB of text\n`);

    for (const family of FAMILIES) {
      const predicted = (build10k.get(family.name) ?? 0) * (size / 10_000);
      if (size > 10_000 && predicted > BUILD_LIMIT_MS) {
        rows.push({
          engine: family.name,
          docs: size,
          note: `skipped: 10k build x${size / 10_000} predicts ${(predicted / 1000).toFixed(0)} s > 60 s`,
        });
        continue;
      }
      const before = heap();
      const t0 = performance.now();
      let built: ReturnType<typeof family.build> | null = family.build(docs);
      const buildMs = performance.now() - t0;
      const heapBytes = heap() - before;
      if (size === 10_000) build10k.set(family.name, buildMs);
      const note = buildMs > BUILD_LIMIT_MS ? `build took ${(buildMs / 1000).toFixed(0)} s (> 60 s)` : undefined;

      const timed = built.variants
        .filter((x) => !x.relevanceOnly)
        .flatMap((v) => [
          { v, name: v.name, queries: sample },
          ...(family.name.startsWith('sniff')
            ? [{ v, name: `${v.name} (semantic class)`, queries: semanticSample }]
            : []),
        ]);
      for (const { v, name, queries } of timed) {
        for (const q of queries.slice(0, WARMUP)) v.search(q);
        // Today's figure: the first pass, right after the warm-up. Then the same queries again, warm.
        const first = timePass(v, queries);
        const warm = first.length === queries.length ? timePass(v, queries) : null;
        const sorted = first.sort((a, b) => a - b);
        const warmSorted = warm?.sort((a, b) => a - b);
        rows.push({
          engine: name,
          docs: size,
          buildMs: Math.round(buildMs),
          heapBytes,
          heapRatio: heapBytes / rawBytes,
          queries: first.length,
          p50: pct(sorted, 0.5),
          p99: pct(sorted, 0.99),
          mean: first.reduce((a, b) => a + b, 0) / first.length,
          ...(warmSorted ? { warmP50: pct(warmSorted, 0.5), warmP99: pct(warmSorted, 0.99) } : {}),
          ...(note || first.length < queries.length
            ? {
                note: [
                  note,
                  first.length < queries.length
                    ? `${first.length} of ${queries.length} queries in the ${QUERY_BUDGET_MS / 1000} s budget`
                    : '',
                ]
                  .filter(Boolean)
                  .join('; '),
              }
            : {}),
        });
        process.stderr.write(
          `speed: ${size} ${name} build ${Math.round(buildMs)} ms, p50 ${fmt(pct(sorted, 0.5))} ms\n`,
        );
      }

      if (family.name === 'sniff' || family.name === 'sniff-semantic') {
        const index = built.index as SearchIndex;
        let t = performance.now();
        let text: Buffer | null = index.serialize();
        const serializeMs = performance.now() - t;
        const bytes = text.length;
        built = null;
        const beforeLoad = heap();
        t = performance.now();
        let loaded: SearchIndex | null = sniffEngine.load(text);
        const loadMs = performance.now() - t;
        text = null;
        // beforeLoad still held the snapshot bytes, which are gone now.
        const heapBytesAfterLoad = heap() - (beforeLoad - bytes);
        if (loaded.documentCount !== new Set(docs.map((d) => d.id)).size) throw new Error('snapshot lost documents');
        loaded = null;
        snapshots.push({
          engine: family.name,
          docs: size,
          bytes,
          serializeMs: Math.round(serializeMs),
          loadMs: Math.round(loadMs),
          heapBytesAfterLoad,
        });
      }
      built = null;
    }
    docs = null;
  }

  const file = writeResult('speed', {
    environment: environment(),
    corpus: { base: 'tedtalks-talks.json', seed: CORPUS_SEED, sizes: corpora },
    queries: {
      sample: sample.length,
      warmup: WARMUP,
      budgetMs: QUERY_BUDGET_MS,
      from: 'relevance query set, all classes',
      limit: 5,
    },
    memory:
      'heapUsed + arrayBuffers after build minus before (after gc), divided by the UTF-8 size of the indexed text',
    warmUpMs,
    aiWarmUpMs,
    rows,
    snapshots,
  });

  const mb = (b?: number) => (b == null ? '-' : (b / 1e6).toFixed(1));
  const speedTable = table(
    ['engine', 'docs', 'build s', 'heap MB', 'heap / text', 'p50 ms', 'p99 ms', 'warm p50', 'warm p99', 'note'],
    rows.map((x) => [
      x.engine,
      `${x.docs / 1000}k`,
      x.buildMs == null ? '-' : fmt(x.buildMs / 1000),
      mb(x.heapBytes),
      fmt(x.heapRatio, 1),
      fmt(x.p50, 3),
      fmt(x.p99, 3),
      x.warmP50 == null ? '-' : fmt(x.warmP50, 3),
      x.warmP99 == null ? '-' : fmt(x.warmP99, 3),
      x.note ?? '',
    ]),
  );
  const snapTable = table(
    ['Sniff snapshot', 'size MB', 'serialize ms', 'load ms', 'heap after load MB'],
    snapshots.map((s) => [
      `${s.docs / 1000}k docs${s.engine === 'sniff' ? '' : `, ${s.engine}`}`,
      mb(s.bytes),
      s.serializeMs,
      s.loadMs,
      mb(s.heapBytesAfterLoad),
    ]),
  );
  const markdown =
    `Speed: per query (limit 5), ${sample.length} queries from the relevance set per engine setup after ${WARMUP} warm-up queries (p50, p99: that first pass), then the same queries again (warm p50, warm p99: each engine's code compiled for them by then; a pass that ran out of its ${QUERY_BUDGET_MS / 1000} s budget is not repeated); ` +
    `corpora synthesised from the TED talks (seed ${CORPUS_SEED}); text ${SIZES.map((s) => `${s / 1000}k = ${mb(corpora[s].rawBytes)} MB`).join(', ')}; ` +
    `Node ${process.version} ${process.execArgv.join(' ')}${process.execArgv.some((a) => a.startsWith('--v8-pool-size')) ? " (V8's background threads as a search worker has them)" : ''}. ` +
    `Sniff's warm-up, as a search worker runs it once when it starts (engine/warm-up.ts), took ${fmt(warmUpMs)} ms before the builds` +
    (aiWarmUpMs === undefined
      ? '.\n\n'
      : `; AI search's once-per-process part (the word-vector table read and AI search's warm-up, which a worker pays on its first store with AI search) took ${fmt(aiWarmUpMs)} ms, also before the builds (near 0 when this run's relevance part had paid it).\n\n`) +
    speedTable +
    '\n\n' +
    snapTable;
  return { markdown, file };
}
