// npm run bench:chaos: the product as `npm start` runs it (infra/launcher.js, built services) while each of its
// six processes is killed with SIGKILL in turn and started again by the launcher's supervision. Visitors
// search a store and send events through the gateway the whole time, and a 5,000-product catalogue is
// ingested while the stores service dies mid-sync. Reports what visitors saw and what was lost or
// duplicated; README (Operations) records the figures. Bounded: about 3 minutes, at most LIMIT_MS.
const { mkdirSync, writeFileSync, appendFileSync } = require('node:fs');
const { cpus } = require('node:os');
const { join } = require('node:path');
const { benchPorts, limitRun, signInDemo, startBenchProduct } = require('./bench-product');

const PORTS = benchPorts(26000);
const GATEWAY = `http://127.0.0.1:${PORTS.gateway}`;
/** Killed in this order; stores first, while it runs the catalogue's sync. */
const VICTIMS = ['stores', 'search', 'analytics', 'gateway', 'billing', 'feedback'];
const SEARCHES_PER_SECOND = 40;
/** One search in this many is followed by a search event (each with its own query, so it can be counted). */
const EVENT_EVERY = 4;
/** Requests from one visitor address before the next one takes over (the per-visitor event limits). */
const REQUESTS_PER_VISITOR = 8;
const WARM_ROWS = 1_000;
const INGEST_ROWS = 5_000;
/** Steady time before the first kill, after each process is back, and before the visitors stop. */
const STEADY_MS = 4_000;
/** An error this long after a process answered ready again still counts as "while it was down". */
const GRACE_MS = 1_000;
/** A sync interrupted by a crash runs again once its job expires (300 s in production). */
const INGEST_EXPIRE_SECONDS = 20;
const LIMIT_MS = 300_000;
const RESULTS_DIR = join(__dirname, 'results');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const now = () => Date.now() - t0;
const say = (line) => process.stderr.write(`chaos ${(now() / 1000).toFixed(1).padStart(6)} s: ${line}\n`);

/** A deterministic catalogue CSV (the wizard's columns); every name is distinct, so every row is one document. */
function catalogue(rows, seed) {
  const colours = ['Amber', 'Birch', 'Cobalt', 'Dune', 'Ember', 'Fjord', 'Garnet', 'Heath', 'Indigo', 'Juniper'];
  const things = ['Tote Bag', 'Trail Runner', 'Rain Jacket', 'Wool Beanie', 'Camp Mug', 'Desk Lamp', 'Notebook'];
  const lines = ['name,description,price,category,image_url'];
  const names = [];
  for (let i = 0; i < rows; i++) {
    const name = `${colours[(i * 7 + seed) % colours.length]} ${things[(i + seed) % things.length]} No ${seed}${String(i).padStart(5, '0')}`;
    names.push(name);
    lines.push(`${name},"Made for everyday use, item ${i}.",${(10 + (i % 90)).toFixed(2)},General,`);
  }
  return { csv: lines.join('\n') + '\n', names };
}

async function main() {
  limitRun(LIMIT_MS, say);
  const restarts = [];
  const { product, sql, stop } = await startBenchProduct({
    name: 'chaos',
    ports: PORTS,
    env: {
      // all visitors come from this process: the gateway takes their addresses from X-Forwarded-For
      TRUSTED_PROXIES: '127.0.0.1',
      PUBLIC_RATE_PER_SECOND: '1000000',
      PUBLIC_RATE_BURST: '1000000',
      BILLING_SEED_PLANS: 'demo-owner:busniess_starter_monthly,demo-owner:starter',
      INGEST_EXPIRE_SECONDS: String(INGEST_EXPIRE_SECONDS),
      LOG_LEVEL: 'warn',
    },
    log: (dataDir) => {
      const logFile = join(dataDir, 'product.log');
      say(`the product's output goes to ${logFile}`);
      return (line) => {
        appendFileSync(logFile, line + '\n');
        if (line.startsWith('[launcher]')) {
          restarts.push(line);
          say(line);
        }
      };
    },
    say,
  });
  try {
    const result = await run(product, sql, restarts);
    report(result);
    return result.goalMet ? 0 : 1;
  } finally {
    await stop();
  }
}

async function run(product, sql, restarts) {
  const accessToken = await signInDemo(product);
  const api = (path, init = {}) =>
    fetch(`${GATEWAY}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, ...init.headers },
      signal: AbortSignal.timeout(30_000),
    });
  const upload = async (name, csv) => {
    const form = new FormData();
    const fields = { email: 'demo@sniff.dev', store_name: name, store_nickname: name, platform: 'shopify' };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('store_url', `https://${name.toLowerCase().replace(/\W+/g, '-')}.myshopify.com`);
    form.append('csv_file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    const res = await api('/stores/shopify/create-store-csv/', { method: 'POST', body: form });
    const body = await res.json();
    if (res.status !== 200 || !body.store_id)
      throw new Error(`the upload answered ${res.status}: ${JSON.stringify(body)}`);
    return body.store_id;
  };
  const storeStatus = async (storeId) => {
    const res = await api('/stores/managestores/list-stores', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@sniff.dev' }),
    }).catch(() => null);
    if (!res?.ok) return 'unknown';
    const body = await res.json();
    const stores = Array.isArray(body) ? body : (body.stores ?? []);
    return stores.find((s) => (s.id ?? s.store_id) === storeId)?.status ?? 'missing';
  };
  const until = async (what, probe, ms) => {
    const end = Date.now() + ms;
    for (;;) {
      if (await probe()) return true;
      if (Date.now() > end) {
        say(`gave up waiting for ${what} after ${ms / 1000} s`);
        return false;
      }
      await sleep(250);
    }
  };

  // The store visitors search, synced before the chaos starts.
  const warm = catalogue(WARM_ROWS, 1);
  const storeId = await upload('Chaos Warm', warm.csv);
  await until('the warm store to be synced', async () => (await storeStatus(storeId)) === 'done', 60_000);
  say(`store ${storeId} synced (${WARM_ROWS} products); visitors start`);

  // Visitors: searches at a fixed rate, each one typed from a product name; some followed by an event.
  const requests = [];
  const acked = new Set();
  let n = 0;
  let visiting = true;
  const visitor = async (i) => {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const name = warm.names[(i * 37) % warm.names.length];
    const withEvent = i % EVENT_EVERY === 0;
    // an event's query is its own, so analytics' rows can be matched to the events sent
    const q = withEvent ? `${name.split(' ').slice(0, 2).join(' ')} q${i}` : name.slice(0, 4 + (i % 12));
    const headers = { 'x-forwarded-for': address };
    const search = { kind: 'search', start: now(), end: 0, ok: false, status: 0 };
    requests.push(search);
    let answer;
    try {
      const res = await fetch(`${GATEWAY}/v1/stores/${storeId}/search?${new URLSearchParams({ q, limit: '8' })}`, {
        headers,
        signal: AbortSignal.timeout(5_000),
      });
      search.status = res.status;
      if (res.ok) answer = await res.json();
      search.ok = res.ok && Array.isArray(answer?.hits);
    } catch (error) {
      search.error = error.cause?.code ?? error.name;
    }
    search.end = now();
    if (!withEvent || !answer?.searchId) return;
    const event = { kind: 'event', start: now(), end: 0, ok: false, status: 0, query: q };
    requests.push(event);
    try {
      const res = await fetch(`${GATEWAY}/v1/stores/${storeId}/events`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'search', query: q, searchId: answer.searchId }),
        signal: AbortSignal.timeout(5_000),
      });
      event.status = res.status;
      const body = res.status === 202 ? await res.json() : null;
      event.ok = body?.accepted === true;
      if (event.ok) acked.add(q);
      else if (body) event.error = body.reason;
    } catch (error) {
      event.error = error.cause?.code ?? error.name;
    }
    event.end = now();
  };
  const visitors = (async () => {
    const inFlight = new Set();
    const start = Date.now();
    while (visiting) {
      const due = start + (n * 1000) / SEARCHES_PER_SECOND;
      if (due > Date.now()) await sleep(due - Date.now());
      if (inFlight.size >= 200) continue; // a bound, should everything hang
      const i = n++;
      const p = visitor(Math.floor(i / REQUESTS_PER_VISITOR) * REQUESTS_PER_VISITOR + (i % REQUESTS_PER_VISITOR));
      inFlight.add(p);
      p.finally(() => inFlight.delete(p));
    }
    await Promise.all(inFlight);
  })();
  await sleep(STEADY_MS);

  // The chaos: each process killed in turn; the launcher starts it again (after 1 s).
  const windows = [];
  let ingest;
  for (const name of VICTIMS) {
    if (name === 'stores') {
      const rows = catalogue(INGEST_ROWS, 2);
      const id = await upload('Chaos Ingest', rows.csv);
      ingest = { storeId: id, names: rows.names, killedDuring: 'not running' };
      // kill it while its sync job runs
      await until(
        'the sync to start',
        async () => {
          const { rows: active } = await sql.query(
            `SELECT 1 FROM pgboss.job WHERE state = 'active' AND data->>'storeId' = $1`,
            [id],
          );
          return active.length > 0;
        },
        20_000,
      );
      ingest.killedDuring = 'its sync job (active)';
    }
    const pid = product.pidOf(name);
    const window = { name, down: now(), up: 0 };
    if (name === 'stores') ingest.killedAt = Date.now();
    windows.push(window);
    process.kill(pid, 'SIGKILL');
    say(`killed ${name} (pid ${pid})`);
    const ready = name === 'gateway' ? `${GATEWAY}/readyz` : `http://127.0.0.1:${PORTS[name]}/readyz`;
    await until(
      `${name} to be ready again`,
      async () =>
        (await fetch(ready, { signal: AbortSignal.timeout(1000) }).catch(() => null))?.ok &&
        product.pidOf(name) !== pid,
      60_000,
    );
    window.up = now();
    say(`${name} ready again after ${((window.up - window.down) / 1000).toFixed(1)} s`);
    await sleep(STEADY_MS);
  }
  visiting = false;
  await visitors;
  say(`visitors stopped: ${requests.length} requests`);

  // Drain: every acknowledged event recorded by analytics, the interrupted ingestion finished.
  const recorded = async () =>
    (
      await sql.query(
        `SELECT query, count(*)::int AS n FROM analytics.search_events WHERE store_id = $1 AND type = 'search' GROUP BY query`,
        [storeId],
      )
    ).rows;
  await until(
    'analytics to record every acknowledged event',
    async () => {
      const got = new Set((await recorded()).map((r) => r.query));
      return [...acked].every((q) => got.has(q));
    },
    60_000,
  );
  const synced = await until(
    'the interrupted ingestion to finish',
    async () => (await storeStatus(ingest.storeId)) === 'done',
    INGEST_EXPIRE_SECONDS * 1000 + 120_000,
  );
  const rows = await recorded();
  const gotEvents = new Map(rows.map((r) => [r.query, r.n]));
  const docs = (
    await sql.query(
      `SELECT count(*)::int AS n, count(DISTINCT title)::int AS distinct_titles FROM search.documents WHERE store_id = $1`,
      [ingest.storeId],
    )
  ).rows[0];
  const jobs = (
    await sql.query(
      `SELECT name, state, count(*)::int AS n, sum(retry_count)::int AS retries FROM pgboss.job GROUP BY name, state ORDER BY name, state`,
    )
  ).rows;
  const syncJobs = (
    await sql.query(
      `SELECT name, state, retry_count, created_on, started_on, completed_on FROM pgboss.job
       WHERE data->>'storeId' = $1 ORDER BY created_on`,
      [ingest.storeId],
    )
  ).rows;

  // Visitors' errors, each put down to the process that was down at the time (or to none).
  const overlaps = (r, w) => r.start <= w.up + GRACE_MS && r.end >= w.down;
  const perWindow = windows.map((w) => ({
    ...w,
    searchErrors: requests.filter((r) => r.kind === 'search' && !r.ok && overlaps(r, w)).length,
    eventErrors: requests.filter((r) => r.kind === 'event' && !r.ok && overlaps(r, w)).length,
  }));
  const failed = requests.filter((r) => !r.ok);
  const outside = failed.filter((r) => !windows.some((w) => overlaps(r, w)));
  const lostEvents = [...acked].filter((q) => !gotEvents.has(q)).length;
  const duplicatedEvents = rows.filter((r) => r.n > 1).reduce((sum, r) => sum + r.n - 1, 0);
  const lostJobs = jobs.filter((j) => j.state === 'failed' || j.state === 'cancelled').reduce((s, j) => s + j.n, 0);
  const documentsLost = INGEST_ROWS - docs.distinct_titles;
  const documentsDuplicated = docs.n - docs.distinct_titles;
  return {
    at: new Date().toISOString(),
    machine: `${cpus().length} cores`,
    database: process.env.DATABASE_URL ? 'server' : 'embedded',
    searchesPerSecond: SEARCHES_PER_SECOND,
    searches: requests.filter((r) => r.kind === 'search').length,
    events: requests.filter((r) => r.kind === 'event').length,
    eventsAcknowledged: acked.size,
    eventsRecorded: rows.length,
    // the gateway died after forwarding them: the visitor saw an error, analytics has them (at least once)
    eventsRecordedUnacknowledged: rows.filter((r) => !acked.has(r.query)).length,
    eventsLost: lostEvents,
    eventsDuplicated: duplicatedEvents,
    errors: failed.length,
    errorsWhileAllUp: outside.length,
    errorSamples: outside.slice(0, 5).map(({ kind, start, status, error }) => ({ kind, at: start, status, error })),
    windows: perWindow,
    restarts,
    ingest: {
      rows: INGEST_ROWS,
      killedDuring: ingest.killedDuring,
      synced,
      documents: docs.n,
      documentsLost,
      documentsDuplicated,
      syncJobs,
      finishedAfterKillS: Math.round(
        (Math.max(...syncJobs.map((j) => (j.completed_on ? new Date(j.completed_on).getTime() : 0))) -
          ingest.killedAt) /
          1000,
      ),
    },
    jobs,
    jobsLost: lostJobs,
    goalMet:
      outside.length === 0 &&
      lostEvents === 0 &&
      duplicatedEvents === 0 &&
      documentsLost === 0 &&
      documentsDuplicated === 0 &&
      lostJobs === 0 &&
      synced,
  };
}

function report(r) {
  const lines = [
    `Chaos: ${r.searches} searches (${r.searchesPerSecond}/s) and ${r.events} events from visitors through the gateway, ` +
      `each process killed with SIGKILL in turn and restarted by the launcher; ${r.machine}, ${r.database} Postgres.`,
    '',
    '| process killed | down s | visitor searches failed | events failed |',
    '|----------------|-------:|------------------------:|--------------:|',
    ...r.windows.map(
      (w) =>
        `| ${w.name.padEnd(14)} | ${((w.up - w.down) / 1000).toFixed(1).padStart(6)} | ${String(w.searchErrors).padStart(23)} | ${String(w.eventErrors).padStart(13)} |`,
    ),
    '',
    `Errors seen by visitors while every process was up: ${r.errorsWhileAllUp} (of ${r.errors} in all).`,
    `Events: ${r.eventsAcknowledged} acknowledged, ${r.eventsRecorded} recorded (${r.eventsRecordedUnacknowledged} of them ` +
      `sent by a visitor who saw an error), ${r.eventsLost} lost, ${r.eventsDuplicated} duplicated.`,
    `Ingestion of ${r.ingest.rows} products, stores killed during ${r.ingest.killedDuring}: ` +
      `${r.ingest.synced ? `finished ${r.ingest.finishedAfterKillS} s after the kill` : 'NOT finished'}, ${r.ingest.documents} documents, ${r.ingest.documentsLost} lost, ` +
      `${r.ingest.documentsDuplicated} duplicated; its sync jobs: ${r.ingest.syncJobs.map((j) => `${j.name} ${j.state} (retries ${j.retry_count})`).join(', ')}.`,
    `Jobs failed or cancelled in every queue: ${r.jobsLost}.`,
    `Goal (errors only while a process is down; nothing lost or duplicated): ${r.goalMet ? 'met' : 'MISSED'}.`,
  ];
  if (r.errorSamples.length) lines.push('', `First errors while all were up: ${JSON.stringify(r.errorSamples)}`);
  process.stdout.write(lines.join('\n') + '\n');
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, 'chaos.json'), JSON.stringify(r, null, 2) + '\n');
  writeFileSync(join(RESULTS_DIR, 'chaos.md'), lines.join('\n') + '\n');
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
