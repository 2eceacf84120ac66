// Freshness by push, measured in npm run bench:scale: a store searched through HAProxy (so its owners hold it)
// is re-indexed through one replica's internal API; each worker that holds it is then asked directly, every
// few milliseconds, until it answers with the new documents. Probe stores of their own, deleted afterwards,
// so the seeded stores stay as seeded.
const { INTERNAL_TOKEN } = require('./cluster');
const { searchPath } = require('./load');

const PROBES = 5;
const POLL_MS = 2;
const GIVE_UP_MS = 10_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const internal = { 'x-sniff-internal-token': INTERNAL_TOKEN, 'content-type': 'application/json' };

/** A small catalogue whose every title carries `word`. */
function documents(word) {
  return Array.from({ length: 20 }, (_, i) => ({
    id: `doc-${i}`,
    url: `https://probe.example/${i}`,
    title: `${word} item ${i}`,
    description: `A ${word} for the freshness probe`,
    headings: [],
    body: `Everything about ${word} number ${i}.`,
  }));
}

async function hits(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return res.status === 200 ? ((await res.json()).hits ?? []) : [];
  } catch {
    return [];
  }
}

/**
 * @param {{ lbUrl: string, sharedPort: (r: number) => number, replicas: unknown[], indexCaches: () => Promise<any[]> }} tier
 * @returns {Promise<{ probes: number, holders: number[], afterAnswerMs: number[], afterStartMs: number[] }>}
 */
async function measureFreshness(tier, { say = () => {} } = {}) {
  const out = { probes: PROBES, holders: [], afterAnswerMs: [], afterStartMs: [] };
  for (let i = 0; i < PROBES; i++) {
    const storeId = `freshness-probe-${i}`;
    const writer = `http://127.0.0.1:${tier.sharedPort(i % tier.replicas.length)}`;
    const put = (word) =>
      fetch(`${writer}/internal/stores/${storeId}/documents`, {
        method: 'PUT',
        headers: internal,
        body: JSON.stringify({ documents: documents(word) }),
      });
    if ((await put('alpha')).status !== 200) throw new Error(`could not index ${storeId}`);
    // Through HAProxy, enough times that both owners hold it.
    for (let k = 0; k < 16; k++) await hits(`${tier.lbUrl}${searchPath(storeId, 'alpha')}`);
    const held = (await tier.indexCaches()).filter((c) => c.stores.includes(storeId));
    const start = performance.now();
    const res = await put('omega');
    const answered = performance.now();
    if (res.status !== 200) throw new Error(`could not re-index ${storeId}`);
    const seen = await Promise.all(
      held.map(async (c) => {
        const url = `http://127.0.0.1:${c.port}${searchPath(storeId, 'omega')}`;
        for (;;) {
          if ((await hits(url)).length > 0) return performance.now();
          if (performance.now() - start > GIVE_UP_MS) return NaN;
          await sleep(POLL_MS);
        }
      }),
    );
    const last = Math.max(...seen);
    out.holders.push(held.length);
    out.afterAnswerMs.push(Math.max(0, last - answered));
    out.afterStartMs.push(last - start);
    await fetch(`${writer}/internal/stores/${storeId}`, { method: 'DELETE', headers: internal });
  }
  const worst = Math.max(...out.afterAnswerMs);
  say(
    `freshness: ${PROBES} re-indexes seen by every holder at most ${worst.toFixed(1)} ms after the re-index answered`,
  );
  return out;
}

module.exports = { measureFreshness };
