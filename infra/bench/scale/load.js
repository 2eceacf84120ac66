// The visitors of npm run bench:scale: a closed loop of `concurrency` visitors, each sending its next search
// as soon as the last one is answered, for a fixed time, through keep-alive connections to HAProxy. Which
// store and what query come from `next` (Zipf over the stores, prefixes of their titles: stores.js). Every
// request ends answered (200 with hits) or as an error (another status, a network error, or no answer
// within the timeout); none is left hanging, and the result says how many started and how many ended.
const http = require('node:http');

/** One search, as the widget sends it (8 hits, descriptions cut to 80 characters). */
function searchPath(storeId, q) {
  return `/v1/stores/${encodeURIComponent(storeId)}/search?q=${encodeURIComponent(q)}&limit=8&descriptionLength=80`;
}

function request(agent, url, path, timeoutMs) {
  return new Promise((resolve) => {
    const req = http.get({ agent, host: url.hostname, port: url.port, path }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode, ok: res.statusCode === 200 && body.includes('"hits":[') });
      });
      res.on('error', (e) => resolve({ status: 0, ok: false, error: e.code ?? e.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, ok: false, error: e.code ?? e.message }));
  });
}

/**
 * @param {{ url: string, next: () => { storeId: string, q: string }, concurrency: number, durationMs: number,
 *   timeoutMs?: number, record?: boolean }} o
 *   record: keep every request (start, end: performance.now(); storeId, ok, status), for the kill's timeline
 */
async function runLoad({ url, next, concurrency, durationMs, timeoutMs = 10_000, record = false }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const errors = {};
  const log = [];
  let started = 0;
  let ended = 0;
  let ok = 0;
  const t0 = performance.now();
  const stopAt = t0 + durationMs;
  const visitor = async () => {
    while (performance.now() < stopAt) {
      const item = next();
      if (!item) break; // a finite list (the warm-up's sweep) is done
      const { storeId, q } = item;
      const start = performance.now();
      started++;
      const res = await request(agent, target, searchPath(storeId, q), timeoutMs);
      const end = performance.now();
      ended++;
      if (res.ok) {
        ok++;
        latencies.push(end - start);
      } else {
        const kind = res.status ? `HTTP ${res.status}` : res.error;
        errors[kind] = (errors[kind] ?? 0) + 1;
      }
      if (record) log.push({ start, end, storeId, ok: res.ok, status: res.status || res.error });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, visitor));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0;
  return {
    seconds,
    started,
    ended,
    ok,
    errors,
    errorCount: ended - ok,
    perSecond: ok / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    log,
  };
}

/**
 * An open loop: `rate` searches a second offered on a fixed schedule for `durationMs`, whatever the answers
 * take (so a slow answer delays none of the next ones), each timed from when it was due.
 * @param {{ url: string, next: () => { storeId: string, q: string }, rate: number, durationMs: number }} o
 */
async function runRate({ url, next, rate, durationMs, timeoutMs = 10_000 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies = [];
  const pending = [];
  let errors = 0;
  const t0 = performance.now();
  const total = Math.round((rate * durationMs) / 1000);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const { storeId, q } = next();
    pending.push(
      request(agent, target, searchPath(storeId, q), timeoutMs).then((res) => {
        if (res.ok) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] : 0;
  return { rate, sent: total, ok: latencies.length, errors, p50: pct(0.5), p99: pct(0.99) };
}

module.exports = { runLoad, runRate, searchPath, request };
