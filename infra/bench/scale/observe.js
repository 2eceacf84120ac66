// What npm run bench:scale reads off a running search tier between load phases: each worker's index cache
// (which stores it holds, their bytes, its hits and misses), each replica's memory, PgBouncer's query count;
// and what it works out from two readings: copies of the hot stores, the cache hit rate, database queries
// per search.

/** One reading of the tier. */
async function observe(tier) {
  const [caches, db] = await Promise.all([tier.indexCaches(), tier.pgbouncer.stats()]);
  const rss = tier.replicas.map((r) => (r.killed ? null : tier.rss(r.index)));
  return { at: performance.now(), caches, db, rss };
}

/** For each store id: the workers ("r1w0") and replicas that hold it. */
function holders(caches) {
  const held = new Map();
  for (const c of caches) {
    for (const id of c.stores) {
      let h = held.get(id);
      if (!h) held.set(id, (h = { workers: new Set(), replicas: new Set() }));
      h.workers.add(`r${c.replica}w${c.worker}`);
      h.replicas.add(c.replica);
    }
  }
  return held;
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * The figures of one load phase, from the readings before and after it.
 * @param {Awaited<ReturnType<typeof observe>>} before
 * @param {Awaited<ReturnType<typeof observe>>} after
 * @param {{ hot: string[], searches: number, idleQueriesPerSecond: number, replicas: number }} o
 *   hot: the most popular stores' ids; searches: requests sent in the phase
 */
function phaseFigures(before, after, { hot, searches, idleQueriesPerSecond, replicas }) {
  const key = (c) => `${c.replica}:${c.worker}`;
  const was = new Map(before.caches.map((c) => [key(c), c]));
  let hits = 0;
  let misses = 0;
  for (const c of after.caches) {
    const b = was.get(key(c));
    hits += c.hits - (b?.hits ?? 0);
    misses += c.misses - (b?.misses ?? 0);
  }
  const held = holders(after.caches);
  const hotCopies = hot.map((id) => held.get(id) ?? { workers: new Set(), replicas: new Set() });
  const workersPerStore = [...held.values()].map((h) => h.workers.size);
  const seconds = (after.at - before.at) / 1000;
  const queries = after.db.queries - before.db.queries;
  const perReplica = Array.from({ length: replicas }, (_, r) => {
    const mine = after.caches.filter((c) => c.replica === r);
    return {
      rssMb: after.rss[r] ? after.rss[r].kb / 1024 : null,
      processes: after.rss[r]?.processes ?? 0,
      indexMb: mine.reduce((s, c) => s + c.bytes, 0) / 1024 / 1024,
      stores: mine.reduce((s, c) => s + c.stores.length, 0),
    };
  });
  return {
    hitRate: hits + misses ? hits / (hits + misses) : null,
    lookups: hits + misses,
    dbQueries: queries,
    dbQueriesPerSearch: searches ? queries / searches : null,
    dbQueriesPerSearchNet: searches ? Math.max(0, queries - idleQueriesPerSecond * seconds) / searches : null,
    hotWorkersMean: mean(hotCopies.map((h) => h.workers.size)),
    hotWorkersMax: Math.max(0, ...hotCopies.map((h) => h.workers.size)),
    hotReplicasMean: mean(hotCopies.map((h) => h.replicas.size)),
    hotReplicasMax: Math.max(0, ...hotCopies.map((h) => h.replicas.size)),
    storesHeld: held.size,
    copiesHeld: workersPerStore.reduce((a, b) => a + b, 0),
    maxWorkersPerStore: Math.max(0, ...workersPerStore),
    storesOnMoreThanTwoWorkers: workersPerStore.filter((n) => n > 2).length,
    /** Stores with two copies on one replica (its loss leaves them none). */
    storesTwiceOnOneReplica: [...held.values()].filter((h) => h.replicas.size < h.workers.size).length,
    perReplica,
  };
}

module.exports = { observe, holders, phaseFigures };
