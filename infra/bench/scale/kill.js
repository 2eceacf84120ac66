// The kill of npm run bench:scale and its test: visitors keep searching while one replica's whole process
// group (its primary and workers) is killed with SIGKILL; meanwhile a sample of the stores it held is
// searched again and again until each answers from the remaining workers. Reports what the visitors saw,
// how long until every sampled store answered again, when HAProxy marked the dead workers down, and that
// no request was lost (each one answered or counted as an error) and no store stayed unanswerable.
const http = require('node:http');
const { runLoad, request, searchPath } = require('./load');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @param {{ tier: any, victim: number, next: () => { storeId: string, q: string }, concurrency: number,
 *   durationMs: number, killAfterMs: number, sample: Array<{ storeId: string, q: string }>, giveUpMs?: number }} o
 *   sample: stores the victim held, each with a query that finds something
 */
async function killDuringLoad({ tier, victim, next, concurrency, durationMs, killAfterMs, sample, giveUpMs = 30_000 }) {
  const retriesBefore = await tier.retries();
  const load = runLoad({ url: tier.lbUrl, next, concurrency, durationMs, record: true });
  await sleep(killAfterMs);
  const victimServers = tier.replicas[victim].workerPorts.map((_, i) => `r${victim}w${i}`);
  const killedAt = performance.now();
  tier.kill(victim);

  // Every sampled store searched at once, each again 100 ms after a failure until it answers: a store
  // answers again from the moment a search sent for it is answered (its first one after the kill, if
  // HAProxy's retries already found it a live worker).
  const target = new URL(tier.lbUrl);
  const agent = new http.Agent({ keepAlive: true });
  const answeredAfter = new Map();
  const failedOnce = new Set();
  const pollErrors = {};
  const polling = Promise.all(
    sample.map(async (s) => {
      while (performance.now() - killedAt < giveUpMs) {
        const sent = performance.now();
        const res = await request(agent, target, searchPath(s.storeId, s.q), 5_000);
        if (res.ok) return answeredAfter.set(s.storeId, sent - killedAt);
        const kind = res.status ? `HTTP ${res.status}` : res.error;
        pollErrors[kind] = (pollErrors[kind] ?? 0) + 1;
        failedOnce.add(s.storeId);
        await sleep(100);
      }
    }),
  );
  // HAProxy's health checks: when both dead workers are marked down.
  let markedDownAfter = null;
  const watch = (async () => {
    while (performance.now() - killedAt < giveUpMs) {
      const states = await tier.serverStates();
      if (victimServers.every((s) => states[s] && states[s] !== 'UP')) {
        markedDownAfter = performance.now() - killedAt;
        return;
      }
      await sleep(100);
    }
  })();
  const [visitors] = await Promise.all([load, polling, watch]);
  agent.destroy();
  const retriesAfter = await tier.retries();

  const failed = visitors.log.filter((r) => !r.ok);
  const inFlightAtKill = visitors.log.filter((r) => r.start <= killedAt && r.end >= killedAt);
  const after = visitors.log.filter((r) => r.start > killedAt);
  const afterDown = markedDownAfter === null ? [] : visitors.log.filter((r) => r.start > killedAt + markedDownAfter);
  const times = [...answeredAfter.values()].sort((a, b) => a - b);
  const errorKinds = {};
  for (const r of failed) {
    const kind = typeof r.status === 'number' ? `HTTP ${r.status}` : r.status;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  }
  return {
    victim,
    visitors: {
      requests: visitors.started,
      answered: visitors.ok,
      errors: visitors.errorCount,
      errorKinds,
      /** Started before the kill and ended after it (the ones that were on the dead workers among them). */
      inFlightAtKill: inFlightAtKill.length,
      errorsInFlightAtKill: inFlightAtKill.filter((r) => !r.ok).length,
      errorsStartedAfterKill: after.filter((r) => !r.ok).length,
      /** Sent once HAProxy had marked the dead workers down (as seen by polling its exporter every 100 ms). */
      errorsStartedAfterMarkedDown: afterDown.filter((r) => !r.ok).length,
      /** Started and never ended (neither answered nor counted as an error): must be 0. */
      lost: visitors.started - visitors.ended,
      perSecond: visitors.perSecond,
      p99: visitors.p99,
      p99AfterKill: percentile(
        after.filter((r) => r.ok).map((r) => r.end - r.start),
        0.99,
      ),
    },
    sampled: sample.length,
    answeredAgain: answeredAfter.size,
    /** Sampled stores that had a search fail after the kill (the others answered throughout). */
    sampledFailedOnce: failedOnce.size,
    pollErrors,
    unanswerable: sample.filter((s) => !answeredAfter.has(s.storeId)).map((s) => s.storeId),
    /** When the last sampled store's first answered search was sent (0: all answered from the kill on). */
    allAnsweredAfterMs: times.length === sample.length && times.length ? times[times.length - 1] : null,
    medianAnsweredAfterMs: times.length ? times[Math.floor(times.length / 2)] : null,
    markedDownAfterMs: markedDownAfter,
    /** Requests HAProxy sent to another server after a failure (each may leave a copy outside the store's owners). */
    redispatched: retriesAfter.redispatched - retriesBefore.redispatched,
    retried: retriesAfter.retried - retriesBefore.retried,
  };
}

function percentile(xs, p) {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

module.exports = { killDuringLoad };
