// The output of npm run bench:scale: one markdown table comparing today's routing with placement by store,
// the kill's figures under it, printed and written to infra/bench/results/scale.md (and scale.json).
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const RESULTS_DIR = join(__dirname, '..', 'results');

const n = (x, digits = 0) =>
  x === null || x === undefined || Number.isNaN(x)
    ? 'n/a'
    : x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const pct = (x) => (x === null || x === undefined ? 'n/a' : `${(x * 100).toFixed(1)} %`);
const s = (ms) => (ms === null || ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);

function errorsCell(load) {
  if (!load.errorCount) return '0';
  const kinds = Object.entries(load.errors).map(([k, v]) => `${v} × ${k}`);
  return `${load.errorCount} (${kinds.join(', ')})`;
}

/** @param {any} r the bench's result */
function formatReport(r) {
  const cols = r.columns;
  const row = (label, cell) => `| ${label} | ${cols.map(cell).join(' | ')} |`;
  const seed = r.seed;
  const lines = [
    `# npm run bench:scale (${r.at})`,
    '',
    `${seed.stores.toLocaleString('en-US')} stores, ${seed.documents.toLocaleString('en-US')} documents (TED talks, ` +
      `numbered past the first ${r.talks.toLocaleString('en-US')}); sizes a Pareto draw (α ${r.params.alpha}, ` +
      `from ${r.params.minDocs}, capped at ${r.params.maxDocs.toLocaleString('en-US')}): median ${r.sizes.median}, ` +
      `90th percentile ${r.sizes.p90}, 99th ${r.sizes.p99}, ${r.sizes.under50.toLocaleString('en-US')} under 50, ` +
      `${r.sizes.atCap} at ${r.params.maxDocs.toLocaleString('en-US')}. Snapshots: ` +
      `${n(seed.snapshotBytes / 1e6)} MB in search.index_snapshots, ${seed.builds.toLocaleString('en-US')} built with ` +
      `the search engine; ${seed.shared} stores of ${r.params.shareFrom.toLocaleString('en-US')}+ documents share ` +
      `the snapshot of an equal-sized store. Seeding ${seed.reused ? `reused (it took ${s(seed.tookMs)} when made)` : `took ${s(seed.tookMs)}`}.`,
    '',
    `Load: ${r.concurrency} visitors in a closed loop through HAProxy, store popularity Zipf (s = 1; the 100 ` +
      `most popular stores get ${pct(r.top100Share)} of searches), queries 2-6 letter prefixes of the store's ` +
      `titles; warm-up: every store searched ${r.sweepPerStore} times, then ${r.warmupS} s; then ${r.measureS} s ` +
      `measured, then an open loop offering ${r.columns[0].rates.map((x) => x.rate).join(', ')} searches a second ` +
      `for ${r.rateS} s each. ${r.replicas} search replicas × ` +
      `${r.workers} workers (SEARCH_CACHE_MB ${r.cacheMb} each), PgBouncer (transaction mode) in front of ` +
      `${r.database} Postgres 15; ${r.machine}, shared with whatever else runs on it.`,
    '',
    `| | ${cols.map((c) => c.title).join(' | ')} |`,
    `| --- | ${cols.map(() => '---:').join(' | ')} |`,
    row('searches per second held', (c) => n(c.load.perSecond)),
    row('p50 / p99 latency', (c) => `${n(c.load.p50, 1)} / ${n(c.load.p99, 1)} ms`),
    row('errors (non-200 or network)', (c) => errorsCell(c.load)),
    ...cols[0].rates.map((_, i) =>
      row(`open loop, ${cols[0].rates[i].rate}/s offered: p50 / p99 (errors)`, (c) => {
        const x = c.rates[i];
        return `${n(x.p50, 1)} / ${n(x.p99, 1)} ms (${x.errors})`;
      }),
    ),
    row(`highest offered rate with p99 ≤ ${r.p99GoalMs} ms and no error`, (c) =>
      c.bestRate === null ? 'none offered' : `${n(c.bestRate)}/s`,
    ),
    row('searches per CPU second of the search processes', (c) => n(c.figures.searchesPerCpuSecond)),
    row('machine load average (1 min) before / after', (c) => `${n(c.loadBefore, 1)} / ${n(c.loadAfter, 1)}`),
    row(`memory per replica (RSS of its ${r.workers + 1} processes)`, (c) =>
      c.figures.perReplica.map((p) => (p.rssMb === null ? 'n/a' : `${n(p.rssMb)} MB`)).join(', '),
    ),
    row('index memory per replica (stores held)', (c) =>
      c.figures.perReplica.map((p) => `${n(p.indexMb)} MB (${n(p.stores)})`).join(', '),
    ),
    row(
      'store copies in the tier (distinct stores held)',
      (c) => `${n(c.figures.copiesHeld)} (${n(c.figures.storesHeld)})`,
    ),
    row(
      'workers holding a top-100 store: mean / max',
      (c) => `${n(c.figures.hotWorkersMean, 2)} / ${c.figures.hotWorkersMax}`,
    ),
    row(
      'replicas holding a top-100 store: mean / max',
      (c) => `${n(c.figures.hotReplicasMean, 2)} / ${c.figures.hotReplicasMax}`,
    ),
    row('stores held by more than 2 workers', (c) => n(c.figures.storesOnMoreThanTwoWorkers)),
    row('stores with 2 copies on one replica', (c) => n(c.figures.storesTwiceOnOneReplica)),
    row('index cache hit rate after warm-up', (c) => pct(c.figures.hitRate)),
    row(
      'database queries per search (all / net of idle)',
      (c) => `${n(c.figures.dbQueriesPerSearch, 3)} / ${n(c.figures.dbQueriesPerSearchNet, 3)}`,
    ),
  ];
  if (r.freshness) {
    const f = r.freshness;
    const worst = (xs) => Math.max(...xs);
    lines.push(
      '',
      `## Freshness by push (placement)`,
      '',
      `${f.probes} stores, each held by ${[...new Set(f.holders)].join(' or ')} workers, re-indexed through a ` +
        `replica's internal API during the run: every worker holding the store answered with the new documents at ` +
        `most ${n(worst(f.afterAnswerMs), 1)} ms after the re-index answered (${n(worst(f.afterStartMs), 1)} ms ` +
        `after it was sent, indexing included); each: ${f.afterAnswerMs.map((x) => n(x, 1)).join(', ')} ms.`,
    );
  }
  if (r.kills.length) {
    const ks = r.kills;
    const krow = (label, cell) => `| ${label} | ${ks.map(cell).join(' | ')} |`;
    const kinds = (v) => Object.entries(v.errorKinds).map(([kind, count]) => `${count} × ${kind}`);
    lines.push(
      '',
      `## Kill: replica r${ks[0].victim} (its primary and ${r.workers} workers) SIGKILLed ${r.killAfterS} s into ` +
        `${r.killS} s of load, placement`,
      '',
      `| | ${ks.map((k) => `search-lb.cfg ${k.label}`).join(' | ')} |`,
      `| --- | ${ks.map(() => '---:').join(' | ')} |`,
      krow('searches by visitors in the phase', (k) => `${n(k.visitors.requests)} (${n(k.visitors.perSecond)}/s)`),
      krow(
        'errors seen by visitors',
        (k) => `${k.visitors.errors}${kinds(k.visitors).length ? ` (${kinds(k.visitors).join(', ')})` : ''}`,
      ),
      krow(
        '… of searches in flight at the kill',
        (k) => `${k.visitors.errorsInFlightAtKill} of ${k.visitors.inFlightAtKill}`,
      ),
      krow('… of searches sent after the kill', (k) => String(k.visitors.errorsStartedAfterKill)),
      krow('… of searches sent once the dead workers were marked down', (k) =>
        String(k.visitors.errorsStartedAfterMarkedDown),
      ),
      krow('searches lost (neither answered nor an error)', (k) => String(k.visitors.lost)),
      krow('p99 latency of searches sent after the kill', (k) => `${n(k.visitors.p99AfterKill, 1)} ms`),
      krow('HAProxy marked the dead workers down after', (k) => s(k.markedDownAfterMs)),
      krow('searches HAProxy redispatched to another worker', (k) => n(k.redispatched)),
      krow('stores the replica held (sampled)', (k) => `${n(k.heldBefore)} (${k.sampled})`),
      krow('sampled stores with a failed search after the kill', (k) => {
        const kinds = Object.entries(k.pollErrors ?? {}).map(([kind, count]) => `${count} × ${kind}`);
        return `${k.sampledFailedOnce}${kinds.length ? ` (${kinds.join(', ')})` : ''}`;
      }),
      krow(
        "searches of every sampled store answered once sent (median's)",
        (k) => `${s(k.allAnsweredAfterMs)} (${s(k.medianAnsweredAfterMs)}) after the kill`,
      ),
      krow('sampled stores still unanswerable', (k) => String(k.unanswerable.length)),
      krow('stores held by more than 2 live workers afterwards', (k) => String(k.storesOnMoreThanTwoWorkers)),
    );
  }
  if (r.notes.length) lines.push('', ...r.notes.map((note) => `- ${note}`));
  return lines.join('\n') + '\n';
}

/** Prints the report and writes it (and the figures as JSON) to infra/bench/results. */
function writeReport(r) {
  const text = formatReport(r);
  process.stdout.write('\n' + text);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'scale.md'), text);
  writeFileSync(join(RESULTS_DIR, 'scale.json'), JSON.stringify(r, null, 2) + '\n');
  return text;
}

module.exports = { formatReport, writeReport };
