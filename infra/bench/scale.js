// npm run bench:scale (issue 27): the search tier at scale on this machine. 10,000 stores with a long tail
// of sizes, seeded once into their own database (scale/seed.js), searched by visitors with Zipf popularity
// (scale/load.js) through HAProxy with the production configuration (scale/haproxy-config.js), 3 search
// replicas × 2 workers and PgBouncer (scale/cluster.js), twice: today's routing (round robin, every worker
// polls its stores every 2 s) and placement by store (the configuration's hash on the store id, store
// changes pushed by Postgres NOTIFY). In the placement run one replica is then killed with SIGKILL mid-load
// (scale/kill.js). Prints a comparison and writes it to infra/bench/results/scale.md. Bounded: LIMIT_MS.
const { mkdtempSync } = require('node:fs');
const { cpus, loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { limitRun } = require('./bench-product');
const { startSearchTier, missingBinaries } = require('./scale/cluster');
const { measureFreshness } = require('./scale/freshness');
const { killDuringLoad } = require('./scale/kill');
const { runLoad, runRate } = require('./scale/load');
const { observe, phaseFigures, holders } = require('./scale/observe');
const { writeReport } = require('./scale/report');
const { openScaleDatabase, migrateSearch, seedStores } = require('./scale/seed');
const { DEFAULT_PARAMS, makeStores, popularity, queryFor, rng, loadTalks } = require('./scale/stores');

/** A run after its seeding took 10 minutes on the slowest machines measured (README, Scale). */
const LIMIT_MS = 900_000;
/** PgBouncer, HAProxy and the replicas: 27100-27150 (apart from the other benchmarks' ports). */
const BASE_PORT = 27100;
const REPLICAS = 3;
const WORKERS = 2;
const CONCURRENCY = 24;
const IDLE_MS = 4_000;
/** Warm-up: every store searched this many times in random order (as days of traffic would have loaded them), then Zipf. */
const SWEEP_PER_STORE = 4;
const WARMUP_MS = 10_000;
const MEASURE_MS = 30_000;
const KILL_PHASE_MS = 20_000;
const KILL_AFTER_MS = 5_000;
/** Stores of the killed replica searched until they answer again: its most popular ones, then others. */
const KILL_SAMPLE_HOT = 60;
const KILL_SAMPLE_OTHERS = 40;
const VICTIM = 1;
/** Open-loop rates offered after the measured phase (searches a second, each for RATE_MS): p99 at a set rate. */
const RATES = [250, 500, 1000, 1500, 2000];
const RATE_MS = 6_000;
/** Latency goal: the highest offered rate whose p99 stays under it is reported. */
const P99_GOAL_MS = 10;
const CACHE_MB = 1024;

const COLUMNS = [
  {
    key: 'today',
    title: "today's routing (round robin, each worker polls its stores every 2 s)",
    balance: 'roundrobin',
    revalidateMs: 2000,
  },
  {
    key: 'placement',
    title: 'placement (hash on the store id, 2 owners; push by NOTIFY)',
    balance: 'placement',
    revalidateMs: 0,
  },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const say = (line) => process.stderr.write(`scale ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s: ${line}\n`);

async function main() {
  limitRun(LIMIT_MS, say);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      say(`${signal}: stopping (every process this run started is killed)`);
      process.exit(130);
    });
  }
  const missing = missingBinaries();
  if (missing.length) throw new Error(`bench:scale needs ${missing.join(', ')}`);

  const params = DEFAULT_PARAMS;
  const db = await openScaleDatabase();
  say(`database: ${db.kind === 'server' ? 'sniff_scale on the DATABASE_URL server' : 'embedded, .data/scale-pglite'}`);
  try {
    await migrateSearch(db.url);
    const seed = await seedStores(db.url, params, say);
    say(seed.reused ? 'seeding reused' : `seeded in ${(seed.tookMs / 1000).toFixed(1)} s`);
    const stores = makeStores(params);
    const byId = new Map(stores.map((s) => [s.id, s]));
    const pop = popularity(stores);
    const hot = pop.byRank.slice(0, 100).map((s) => s.id);
    const logDir = mkdtempSync(join(tmpdir(), 'sniff-scale-'));
    const visitors = (seed) => {
      const random = rng(seed);
      return () => {
        const store = pop.pick(random);
        return { storeId: store.id, q: queryFor(store, random) };
      };
    };

    const columns = [];
    const kills = [];
    let freshness = null;
    for (const col of COLUMNS) {
      say(`column "${col.key}": starting the tier`);
      const tier = await startSearchTier({
        databaseUrl: db.url,
        basePort: BASE_PORT,
        balance: col.balance,
        revalidateMs: col.revalidateMs,
        replicas: REPLICAS,
        workers: WORKERS,
        logDir,
        say,
        env: { SEARCH_CACHE_MB: String(CACHE_MB) },
      });
      try {
        const idleFrom = await tier.pgbouncer.stats();
        await sleep(IDLE_MS);
        const idleTo = await tier.pgbouncer.stats();
        const idleQueriesPerSecond = (idleTo.queries - idleFrom.queries) / (IDLE_MS / 1000);
        const next = visitors(1);
        say(`column "${col.key}": warm-up, every store searched ${SWEEP_PER_STORE} times, then ${WARMUP_MS / 1000} s`);
        const sweep = sweepOf(stores);
        const swept = await runLoad({ url: tier.lbUrl, next: sweep, concurrency: CONCURRENCY, durationMs: LIMIT_MS });
        const warm = await runLoad({ url: tier.lbUrl, next, concurrency: CONCURRENCY, durationMs: WARMUP_MS });
        say(`  warm-up: ${swept.ended} + ${warm.ended} searches, ${swept.errorCount + warm.errorCount} errors`);
        const before = await observe(tier);
        const cpuBefore = tierCpu(tier);
        const loadBefore = loadavg()[0];
        say(`column "${col.key}": ${MEASURE_MS / 1000} s measured`);
        const load = await runLoad({ url: tier.lbUrl, next, concurrency: CONCURRENCY, durationMs: MEASURE_MS });
        const searchCpuSeconds = tierCpu(tier) - cpuBefore;
        const after = await observe(tier);
        const loadAfter = loadavg()[0];
        const figures = phaseFigures(before, after, {
          hot,
          searches: load.ended,
          idleQueriesPerSecond,
          replicas: REPLICAS,
        });
        figures.searchesPerCpuSecond = load.ok / searchCpuSeconds;
        say(
          `  ${load.perSecond.toFixed(0)}/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, ` +
            `${load.errorCount} errors, hit rate ${((figures.hitRate ?? 0) * 100).toFixed(1)} %, ` +
            `${figures.searchesPerCpuSecond.toFixed(0)} searches per CPU second of the search processes`,
        );
        delete load.log;
        const rates = [];
        for (const rate of RATES) {
          const step = await runRate({ url: tier.lbUrl, next, rate, durationMs: RATE_MS });
          say(
            `  offered ${rate}/s: p50 ${step.p50.toFixed(1)} ms, p99 ${step.p99.toFixed(1)} ms, ${step.errors} errors`,
          );
          rates.push(step);
        }
        const withinGoal = rates.filter((r) => r.p99 <= P99_GOAL_MS && r.errors === 0).map((r) => r.rate);
        const bestRate = withinGoal.length ? Math.max(...withinGoal) : null;
        columns.push({ ...col, load, figures, idleQueriesPerSecond, loadBefore, loadAfter, rates, bestRate });

        if (col.balance === 'placement') {
          freshness = await measureFreshness(tier, { say });
          kills.push(await killPhase(tier, after.caches, byId, next, 'as deployed'));
        }
      } finally {
        await tier.stop();
      }
    }

    const sizes = stores.map((s) => s.size).sort((a, b) => a - b);
    const q = (p) => sizes[Math.floor(p * (sizes.length - 1))];
    const result = {
      at: new Date().toISOString(),
      machine: `${cpus().length} cores`,
      database: db.kind,
      params,
      talks: loadTalks().length,
      seed,
      sizes: {
        median: q(0.5),
        p90: q(0.9),
        p99: q(0.99),
        under50: sizes.filter((x) => x < 50).length,
        atCap: sizes.filter((x) => x >= params.maxDocs).length,
      },
      top100Share: pop.byRank.slice(0, 100).reduce((sum, s) => sum + s.weight, 0),
      concurrency: CONCURRENCY,
      warmupS: WARMUP_MS / 1000,
      sweepPerStore: SWEEP_PER_STORE,
      rateS: RATE_MS / 1000,
      p99GoalMs: P99_GOAL_MS,
      freshness,
      measureS: MEASURE_MS / 1000,
      killS: KILL_PHASE_MS / 1000,
      killAfterS: KILL_AFTER_MS / 1000,
      replicas: REPLICAS,
      workers: WORKERS,
      cacheMb: CACHE_MB,
      columns,
      kills,
      notes: [
        "Today's routing is simulated with today's settings on the current search service: HAProxy round robin over " +
          'every worker, SEARCH_REVALIDATE_MS=2000 (each held index checked against the database every 2 s); its ' +
          'workers also hear store changes by NOTIFY, which this read-only load never triggers.',
        "Stores have no owner the search service can learn (no STORES_URL): the free plan's widget rules apply and " +
          'nothing is counted towards a quota, so every search is answered.',
        'The warm-up searches every store first (as days of traffic would have loaded the ones anyone visits), so ' +
          'the hit rate measures what the caches keep, not which long-tail stores this short run happens to reach first.',
        'HAProxy runs search-lb.cfg as deployed except its servers and binds (and -n 4096 for maxconn: the ' +
          "production 20,000 needs more file descriptors than this machine's limit).",
        `"Net of idle": minus the queries the idle tier sends (${columns.map((c) => `${c.idleQueriesPerSecond.toFixed(1)}/s`).join(', ')}: ` +
          "HAProxy's /readyz checks of the replicas' shared ports, a database ping each a second, and the " +
          "workers' job-queue polling (pg-boss, every second)).",
        'Memory per replica: VmRSS summed over its process group (primary and workers); index memory: the ' +
          "workers' own estimate (GET /internal/index-cache).",
      ],
    };
    writeReport(result);
    const ok = kills.every((k) => k.visitors.lost === 0 && k.unanswerable.length === 0);
    return ok ? 0 : 1;
  } finally {
    await db.stop();
  }
}

/**
 * Kills replica VICTIM mid-load (scale/kill.js), searching a sample of the stores it held (`caches`: what
 * every worker held before) until they answer again; then counts the stores held by more than 2 live workers.
 */
async function killPhase(tier, caches, byId, next, label) {
  const held = caches.filter((c) => c.replica === VICTIM).flatMap((c) => c.stores);
  const ranked = [...new Set(held)].map((id) => byId.get(id)).filter(Boolean);
  ranked.sort((a, b) => a.rank - b.rank);
  const chosen = [...ranked.slice(0, KILL_SAMPLE_HOT), ...spread(ranked.slice(KILL_SAMPLE_HOT), KILL_SAMPLE_OTHERS)];
  const random = rng(2);
  const sample = chosen.map((s) => ({ storeId: s.id, q: queryFor(s, random) }));
  say(
    `kill (${label}): replica r${VICTIM} (held ${ranked.length} stores) SIGKILLed ${KILL_AFTER_MS / 1000} s into the load`,
  );
  const kill = await killDuringLoad({
    tier,
    victim: VICTIM,
    next,
    concurrency: CONCURRENCY,
    durationMs: KILL_PHASE_MS,
    killAfterMs: KILL_AFTER_MS,
    sample,
  });
  const live = await tier.indexCaches();
  kill.label = label;
  kill.heldBefore = ranked.length;
  kill.storesOnMoreThanTwoWorkers = [...holders(live).values()].filter((h) => h.workers.size > 2).length;
  say(
    `  visitors' errors ${kill.visitors.errors}, lost ${kill.visitors.lost}; all ${kill.sampled} sampled stores ` +
      `answered again ${kill.allAnsweredAfterMs === null ? 'NOT' : `after ${(kill.allAnsweredAfterMs / 1000).toFixed(2)} s`}`,
  );
  return kill;
}

/** Every store SWEEP_PER_STORE times in a seeded random order, then null (runLoad stops). */
function sweepOf(stores) {
  const random = rng(3);
  const order = stores.flatMap((s) => Array.from({ length: SWEEP_PER_STORE }, () => s));
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  let i = 0;
  return () => (i < order.length ? { storeId: order[i].id, q: queryFor(order[i++], random) } : null);
}

/** CPU seconds used so far by the live replicas' processes (primaries and workers). */
function tierCpu(tier) {
  return tier.replicas.reduce((sum, r) => sum + (r.killed ? 0 : tier.cpuSeconds(r.index)), 0);
}

/** `count` items spread evenly over `items`. */
function spread(items, count) {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
