import { setMaxListeners } from 'node:events';
import { cpus } from 'node:os';
import { loadTalks, synthesize } from './corpus';
import {
  findHeldRate,
  MIN_ACHIEVED,
  P99_LIMIT_MS,
  runStep,
  type LoadOptions,
  type RateSearch,
  type Target,
} from './http-load';
import { MIX_QUERIES, MIX_SEED, searchPaths, typedQueries } from './http-mix';
import { startBareServer, type BareServer } from './bare-server';
import { cpuNow, cpuPerRequest, type CpuByPart } from './process-cpu';
import { indexStore, startStack, type Stack } from './http-stack';
import { environment, fmt, table, writeResult } from './report';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Documents in the benchmark's store (synthesised from the TED talks, seed 42, as in the speed benchmark). */
const DOCS = env('SNIFF_BENCH_HTTP_DOCS', 10_000);
const STEP_SECONDS = env('SNIFF_BENCH_HTTP_SECONDS', 5);
const PROBE_SECONDS = 3;
const MAX_RATE = env('SNIFF_BENCH_HTTP_MAX_RATE', 20_000);
/** No step starts later than this after the run began (start-up and indexing included). */
const BUDGET_S = env('SNIFF_BENCH_HTTP_BUDGET_S', 300);
const REFINE = 4;
const LOAD: LoadOptions = {
  connections: env('SNIFF_BENCH_HTTP_CONNECTIONS', 20),
  instances: env('SNIFF_BENCH_HTTP_INSTANCES', 10),
  timeoutS: 5,
};
const STORE_ID = 'bench-http';
const STATIC_PATH = '/config.json';
/** Issue 30: search's held rate against the bare server's, with the edge cache on and off. */
const targetRatio = (edgeCache: boolean) => (edgeCache ? 0.8 : 0.5);
/** Issue 30: one request at a time, search through the gateway against the bare server, at p50 and p99. */
const TARGET_UNLOADED = 2;

const log = (line: string) => process.stderr.write(`http: ${line}\n`);
const seconds = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

interface Unloaded {
  p50: number;
  p99: number;
}

/** One request of the mix, timed from the client: the engine's own `tookMs`, and whether the edge cache answered. */
interface Timed {
  q: string;
  ms: number;
  took: number;
  bytes: number;
  withHits: boolean;
  cache: 'HIT' | 'MISS' | undefined;
}

/** One request at a time: p50 and p99 of the client's time and of the engine's `tookMs`, and the slowest ten. */
export interface OneAtATime {
  count: number;
  p50: number;
  p99: number;
  tookP50: number;
  tookP99: number;
  slowest: Array<{ q: string; ms: number }>;
}

export interface MixCheck {
  withHits: number;
  /** The median answer's size in bytes (what the bare server answers). */
  medianBytes: number;
  /**
   * One request at a time, no other load: where the time goes before any queueing. Every request
   * reaches the search service (the edge cache's answers have expired, or it is off).
   */
  unloaded: OneAtATime;
  /** The same requests asked again at once, answered by the gateway's edge cache (null when it is off). */
  cached: OneAtATime | null;
}

const at = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
};

function summarize(times: Timed[]): OneAtATime {
  const ms = times.map((t) => t.ms);
  const took = times.map((t) => t.took);
  const slowest = [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map(({ q, ms }) => ({ q, ms }));
  return {
    count: times.length,
    p50: at(ms, 0.5),
    p99: at(ms, 0.99),
    tookP50: at(took, 0.5),
    tookP99: at(took, 0.99),
    slowest,
  };
}

/** Fetches one request of the mix: it must be a 200 with a JSON body listing hits. */
async function fetchOne(origin: string, path: string): Promise<Timed> {
  const t = performance.now();
  const res = await fetch(origin + path, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  const ms = performance.now() - t;
  let body: { hits?: unknown; tookMs?: number } | undefined;
  try {
    body = JSON.parse(text) as { hits?: unknown; tookMs?: number };
  } catch {
    /* reported below */
  }
  if (res.status !== 200 || !Array.isArray(body?.hits)) {
    throw new Error(`GET ${path} answered ${res.status} ${text.slice(0, 200)}`);
  }
  const cache = res.headers.get('x-cache');
  return {
    q: new URL(path, origin).searchParams.get('q') ?? '',
    ms,
    took: body.tookMs ?? NaN,
    bytes: Buffer.byteLength(text),
    withHits: body.hits.length > 0,
    cache: cache === 'HIT' || cache === 'MISS' ? cache : undefined,
  };
}

/** How long the search service lets its answers be reused (Cache-Control max-age), in ms. */
async function answerLifetimeMs(origin: string, path: string): Promise<number> {
  const res = await fetch(origin + path, { signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  const m = /max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '');
  return m ? Number(m[1]) * 1000 : 0;
}

/**
 * Every request of the mix once, one at a time. Through the gateway with its edge cache on, a pass
 * first waits out the answers' lifetime, then asks each request twice in a row: the first is timed
 * through to the engine, the second from the cache (a keystroke another visitor typed in the last
 * seconds). Without that, a pass made within the lifetime of the one before is answered from the
 * cache and a slower one is not, and the figure jumped between the two from run to run. A path
 * that repeats one earlier in the pass (the same first letters of two queries) is counted as what
 * it was: a cache answer.
 */
async function checkMix(origin: string, paths: string[], cacheLifetimeMs = 0): Promise<MixCheck> {
  if (cacheLifetimeMs) await new Promise((r) => setTimeout(r, cacheLifetimeMs + 250));
  const firsts: Timed[] = [];
  const through: Timed[] = [];
  const cached: Timed[] = [];
  for (const path of paths) {
    const first = await fetchOne(origin, path);
    firsts.push(first);
    (first.cache === 'HIT' ? cached : through).push(first);
    if (first.cache !== 'MISS') continue;
    const again = await fetchOne(origin, path);
    if (again.cache !== 'HIT') throw new Error(`GET ${path} asked again at once was not answered from the edge cache`);
    cached.push(again);
  }
  return {
    withHits: firsts.filter((t) => t.withHits).length,
    medianBytes: at(
      firsts.map((t) => t.bytes),
      0.5,
    ),
    unloaded: summarize(through),
    cached: cached.length ? summarize(cached) : null,
  };
}

/** The bare server one request at a time, as many requests as the mix: its p50 and p99. */
async function bareUnloaded(origin: string, count: number): Promise<Unloaded> {
  const ms: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(origin + '/', { signal: AbortSignal.timeout(10_000) });
    await res.text();
    ms.push(performance.now() - t);
  }
  return { p50: at(ms, 0.5), p99: at(ms, 0.99) };
}

async function checkStatic(origin: string): Promise<void> {
  const res = await fetch(origin + STATIC_PATH);
  if (res.status !== 200 || !(res.headers.get('content-type') ?? '').includes('json')) {
    throw new Error(`GET ${STATIC_PATH} answered ${res.status} ${res.headers.get('content-type')}`);
  }
}

/** CPU per answered request, by process, over one step below a target's held rate (null without Linux's /proc). */
interface CpuStep {
  /** The rate held, and the step's (a share of it). */
  held: number;
  rate: number;
  achieved: number;
  us: CpuByPart;
  total: number;
}

/**
 * The CPU step's rate, as a share of the rate held: at the held rate itself a step on a 2-core machine often
 * answered less than asked (the held step had only just made it), and the cost per answer then counted the
 * processes' queueing too.
 */
const CPU_SHARE = 0.75;

async function cpuStep(target: Target, held: RateSearch, signal: AbortSignal): Promise<CpuStep | null> {
  const heldRate = held.held?.rate ?? 0;
  const rate = Math.round(heldRate * CPU_SHARE);
  if (!rate) return null;
  await new Promise((r) => setTimeout(r, 1_000)); // the step before drains
  const before = cpuNow();
  if (!before) return null;
  const step = await runStep(target, rate, STEP_SECONDS, LOAD, signal);
  const after = cpuNow();
  if (!after || !step.requests) return null;
  const us = cpuPerRequest(before, after, step.requests);
  return { held: heldRate, rate, achieved: step.achieved, us, total: Object.values(us).reduce((a, b) => a + b, 0) };
}

/**
 * What the CPU figures say: each process's microseconds per request, and what the held-rate target leaves a
 * search in all on this machine's cores. (Not a ceiling to divide by: the cost per request falls as the rate
 * rises, since a busier process pays its wake-ups and timers over more requests.)
 */
function cpuLine(search: CpuStep | null, bare: CpuStep | null, target: number): string {
  if (!search || !bare) return '';
  const cores = cpus().length;
  const us = (x: number) => x.toFixed(0);
  const rate = (x: number) => x.toLocaleString('en');
  // a step at the edge of what the machine holds may answer less than asked: the cost is per answer
  const at = (c: CpuStep) =>
    `${rate(c.rate)}/s` + (c.achieved < c.rate * MIN_ACHIEVED ? ` (${rate(Math.round(c.achieved))}/s answered)` : '');
  return (
    `\n\nCPU per request (us, from /proc), each at ${CPU_SHARE * 100}% of the rate it held; the bench process is the ` +
    `load generator and the launcher reading the services' logs. Search at ${at(search)}: search service ` +
    `${us(search.us.search)}, gateway ${us(search.us.gateway)}, bench process ${us(search.us.bench)}, other processes ` +
    `${us(search.us.other)}; ${us(search.total)} in all. Bare at ${at(bare)}: server ${us(bare.us.bare)}, bench process ` +
    `${us(bare.us.bench)}, other ${us(bare.us.other)}; ${us(bare.total)} in all. ${target} x the bare server's ` +
    `${rate(bare.held)}/s on ${cores} cores would leave a search ${us((cores * 1e6) / (target * bare.held))} us in all.`
  );
}

/** Warms the target up with an unpaced run (its throughput sets where the rate search starts), then searches. */
async function measure(name: string, target: Target, deadline: number, signal: AbortSignal): Promise<RateSearch> {
  const probe = await runStep(target, null, PROBE_SECONDS, LOAD, signal);
  const start = Math.max(10, Math.round(probe.achieved / 4 / 10) * 10);
  log(`${name}: unpaced warm-up ${Math.round(probe.achieved)}/s (p99 ${probe.p99.toFixed(1)} ms); from ${start}/s`);
  // let the backlog of the unpaced run drain (its slowest answer says how long it was)
  await new Promise((r) => setTimeout(r, Math.min(5_000, 1_000 + (Number.isFinite(probe.max) ? probe.max : 0))));
  return findHeldRate(target, {
    ...LOAD,
    start,
    max: MAX_RATE,
    seconds: STEP_SECONDS,
    refine: REFINE,
    pauseS: 1,
    retry: true,
    deadline,
    log,
    signal,
  });
}

const stepsLine = (r: RateSearch) =>
  [...r.steps.map((s) => `${s.retry ? 'again ' : ''}${s.rate}${s.held ? ' ok' : ` no (${s.why})`}`), r.note]
    .filter(Boolean)
    .join('; ') || 'none';

/** Starts the product on the bench ports, indexes a 10k-document store, finds both held rates; always stops it. */
export async function runHttp(edgeCache: boolean): Promise<{ markdown: string; file: string }> {
  const t0 = performance.now();
  const deadline = t0 + BUDGET_S * 1000;
  const abort = new AbortController();
  setMaxListeners(100, abort.signal); // one listener per autocannon instance of a step
  const onSignal = () => {
    log('interrupted: stopping the servers');
    abort.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const interrupted = new Promise<never>((_, reject) =>
    abort.signal.addEventListener('abort', () => reject(new Error('interrupted')), { once: true }),
  );
  interrupted.catch(() => undefined);
  log(`starting the product on the bench ports (infra/launcher.js), edge cache ${edgeCache ? 'on' : 'off'} ...`);
  const starting = startStack(edgeCache, process.env.SNIFF_BENCH_VERBOSE ? log : undefined);
  starting.catch(() => undefined);
  let stack: Stack | undefined;
  let bare: BareServer | undefined;
  try {
    stack = await Promise.race([starting, interrupted]);
    log(`up in ${seconds(t0)} (${stack.database} Postgres)`);
    const s = stack;
    /** Ends the wait when a service dies or on Ctrl-C (autocannon stops on the same signal). */
    const alive = <T>(p: Promise<T>) => Promise.race([p, s.died, interrupted]);

    const talks = loadTalks();
    const docs = synthesize(talks, DOCS);
    const t1 = performance.now();
    const indexed = await alive(indexStore(s, STORE_ID, docs));
    const indexSeconds = (performance.now() - t1) / 1000;
    log(`indexed ${indexed} documents in ${indexSeconds.toFixed(1)} s`);

    const queries = typedQueries(talks, MIX_QUERIES, MIX_SEED);
    const paths = searchPaths(STORE_ID, queries);
    // twice: the first pass warms the service up, the second is the one reported
    await alive(checkMix(s.gateway, paths));
    const lifetimeMs = edgeCache ? await alive(answerLifetimeMs(s.gateway, paths[0] ?? '')) : 0;
    const { withHits, unloaded, cached, medianBytes } = await alive(checkMix(s.gateway, paths, lifetimeMs));
    // The same requests straight to the search service: what the gateway's hop adds, and what the service adds to the engine.
    const direct = (await alive(checkMix(s.search, paths))).unloaded;
    await alive(checkStatic(s.gateway));
    bare = await startBareServer(medianBytes);
    const b = bare;
    await bareUnloaded(b.origin, paths.length);
    const bareOne = await bareUnloaded(b.origin, paths.length);
    log(
      `bare server (${medianBytes} bytes): one at a time p50 ${bareOne.p50.toFixed(2)} ms, p99 ${bareOne.p99.toFixed(2)} ms`,
    );
    log(`query mix: ${queries.length} queries, ${paths.length} keystroke requests, ${withHits} with hits`);
    log(
      `one at a time, to the engine: p50 ${unloaded.p50.toFixed(2)} ms, p99 ${unloaded.p99.toFixed(2)} ms ` +
        `(in the engine: ${unloaded.tookP50.toFixed(2)} / ${unloaded.tookP99.toFixed(2)} ms); slowest ` +
        unloaded.slowest
          .slice(0, 5)
          .map((t) => `"${t.q}" ${t.ms.toFixed(0)} ms`)
          .join(', '),
    );
    if (cached)
      log(`one at a time, from the edge cache: p50 ${cached.p50.toFixed(2)} ms, p99 ${cached.p99.toFixed(2)} ms`);

    // a third of the time left for each, so a slow search cannot starve the ceilings' measurements
    const share = (deadline - performance.now()) / 3;
    const now = performance.now();
    const search = await alive(measure('search', { origin: s.gateway, paths }, now + share, abort.signal));
    const bareRate = await alive(measure('bare', { origin: b.origin, paths: ['/'] }, now + 2 * share, abort.signal));
    const stat = await alive(measure('static', { origin: s.gateway, paths: [STATIC_PATH] }, deadline, abort.signal));
    const searchCpu = await alive(cpuStep({ origin: s.gateway, paths }, search, abort.signal));
    const bareCpu = await alive(cpuStep({ origin: b.origin, paths: ['/'] }, bareRate, abort.signal));
    if (searchCpu && bareCpu)
      log(
        `CPU per request (us), at the rates held: search ${JSON.stringify(searchCpu)}, bare ${JSON.stringify(bareCpu)}`,
      );

    const ratioOf = (a: RateSearch, c: RateSearch) => (a.held?.rate && c.held?.rate ? a.held.rate / c.held.rate : null);
    const ratio = ratioOf(search, bareRate);
    const staticRatio = ratioOf(search, stat);
    const unloadedRatio = { p50: unloaded.p50 / bareOne.p50, p99: unloaded.p99 / bareOne.p99 };
    const cachedRatio = cached ? { p50: cached.p50 / bareOne.p50, p99: cached.p99 / bareOne.p99 } : null;
    const result = {
      environment: environment(),
      setup: {
        documents: indexed,
        indexSeconds,
        database: s.database,
        queries: queries.length,
        requestsInMix: paths.length,
        requestsWithHits: withHits,
        unloaded,
        cachedUnloaded: cached,
        medianBytes,
        bareUnloaded: bareOne,
        directUnloaded: direct,
        unloadedRatio,
        cachedRatio,
        targetUnloadedRatio: TARGET_UNLOADED,
        mixSeed: MIX_SEED,
        edgeCache,
        p99LimitMs: P99_LIMIT_MS,
        stepSeconds: STEP_SECONDS,
        ...LOAD,
        maxRate: MAX_RATE,
      },
      search,
      bare: bareRate,
      static: stat,
      cpuPerRequest: { search: searchCpu, bare: bareCpu },
      ratio,
      staticRatio,
      targetRatio: targetRatio(edgeCache),
      queries,
      wholeRunSeconds: (performance.now() - t0) / 1000,
    };
    const file = writeResult(
      `http-${result.environment.date.slice(0, 10)}${edgeCache ? '' : '-no-edge-cache'}`,
      result,
    );
    const row = (name: string, r: RateSearch) => [
      name,
      r.held?.rate ?? '-',
      fmt(r.held?.p50),
      fmt(r.held?.p99),
      r.steps.length,
    ];
    const markdown =
      `HTTP: through the gateway on loopback (the product started by infra/launcher.js, ${s.database} Postgres), ` +
      `autocannon at fixed rates (${LOAD.connections} connections over ${LOAD.instances} instances started ` +
      `${(1 / LOAD.instances).toFixed(1)} s apart), ${STEP_SECONDS} s per step; held = p99 <= ${P99_LIMIT_MS} ms, ` +
      `no socket errors, no non-2xx, >= ${MIN_ACHIEVED * 100}% of the rate answered. ` +
      `Search: a ${indexed.toLocaleString('en')}-document store, every keystroke of ${queries.length} queries typed from ` +
      `TED talk titles (${paths.length} requests, ${withHits} with hits), limit 8. ` +
      `Static: GET ${STATIC_PATH}, which the gateway answers itself (a Fastify route, as all its routes: ` +
      `services/gateway/src/routes.ts). Bare: a node:http server in its own process answering ${medianBytes} bytes ` +
      `of JSON (the median search answer) to every request, nothing else (bench/bare-server.ts): the ceiling. ` +
      `${cpus().length} cores.\n\n` +
      table(
        ['endpoint', 'rate held /s', 'p50 ms', 'p99 ms', 'steps', 'one at a time p50 / p99 ms'],
        [
          [
            ...row(`search (keystroke mix, edge cache ${edgeCache ? 'on' : 'off'})`, search),
            `${fmt(unloaded.p50)} / ${fmt(unloaded.p99)} to the engine` +
              (cached ? `; ${fmt(cached.p50)} / ${fmt(cached.p99)} from the edge cache` : ''),
          ],
          [...row('bare node:http server', bareRate), `${fmt(bareOne.p50)} / ${fmt(bareOne.p99)}`],
          [...row(`static ${STATIC_PATH}`, stat), ''],
        ],
      ) +
      `\n\nSearch / bare, rate held: ${ratio == null ? '-' : ratio.toFixed(2)} (target >= ${targetRatio(edgeCache)}); ` +
      `search / static: ${staticRatio == null ? '-' : staticRatio.toFixed(2)}. One request at a time, search / bare: ` +
      `through to the engine p50 ${unloadedRatio.p50.toFixed(2)}x, p99 ${unloadedRatio.p99.toFixed(2)}x` +
      (cachedRatio
        ? `, answered from the edge cache (asked again at once) p50 ${cachedRatio.p50.toFixed(2)}x, ` +
          `p99 ${cachedRatio.p99.toFixed(2)}x`
        : '') +
      ` (target <= ${TARGET_UNLOADED}x). ` +
      `Where one request's time goes (p50 / p99 ms): the bare server ${fmt(bareOne.p50)} / ${fmt(bareOne.p99)}; ` +
      `the search service asked directly ${fmt(direct.p50)} / ${fmt(direct.p99)} (its engine ${fmt(direct.tookP50)} / ` +
      `${fmt(direct.tookP99)}); through the gateway to the engine ${fmt(unloaded.p50)} / ${fmt(unloaded.p99)} ` +
      `(of which the search service's tookMs: ${fmt(unloaded.tookP50)} / ${fmt(unloaded.tookP99)} ms)` +
      (cached ? `; from the gateway's edge cache ${fmt(cached.p50)} / ${fmt(cached.p99)}` : '') +
      `. Slowest through to the engine: ` +
      unloaded.slowest
        .slice(0, 3)
        .map((t) => `"${t.q}" ${t.ms.toFixed(0)} ms`)
        .join(', ') +
      '.' +
      cpuLine(searchCpu, bareCpu, targetRatio(edgeCache)) +
      '\n\n' +
      `Steps, search: ${stepsLine(search)}.\nSteps, bare: ${stepsLine(bareRate)}.\nSteps, static: ${stepsLine(stat)}.`;
    return { markdown, file };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await bare?.stop();
    // interrupted while starting: the product may still come up, and must be stopped then too
    const started = stack ?? (await starting.catch(() => undefined));
    if (started) {
      log('stopping the servers ...');
      await started.stop();
    }
  }
}
