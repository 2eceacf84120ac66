// Shopify's two limits on the Admin API, per app and shop: the cost bucket of the GraphQL Admin API (a
// leaky bucket of points that refills continuously at restoreRate per second; a query needs its
// requested cost available, and the difference to its actual cost is refunded) and a blunt count of
// requests per second, past which the answer is 429 with Retry-After. Both read the provider's clock,
// so /_provider/clock can refill a bucket without waiting.

/**
 * @param {{ size: number, restoreRate: number, now: () => number }} options
 */
export function costBuckets({ size, restoreRate, now }) {
  /** @type {Map<string, { available: number, at: number }>} */
  const buckets = new Map();

  function level(key) {
    const bucket = buckets.get(key) ?? { available: size, at: now() };
    const t = now();
    bucket.available = Math.min(size, bucket.available + (Math.max(0, t - bucket.at) / 1000) * restoreRate);
    bucket.at = t;
    buckets.set(key, bucket);
    return bucket;
  }

  return {
    size,
    /** Takes `cost` points if they are there. @returns {boolean} */
    take(key, cost) {
      const bucket = level(key);
      if (cost > bucket.available) return false;
      bucket.available -= cost;
      return true;
    },
    refund(key, points) {
      const bucket = level(key);
      bucket.available = Math.min(size, bucket.available + points);
    },
    /** What Shopify reports in extensions.cost.throttleStatus (whole points available). */
    status(key) {
      return {
        maximumAvailable: size,
        currentlyAvailable: Math.floor(level(key).available),
        restoreRate,
      };
    },
    clear: () => buckets.clear(),
  };
}

/**
 * At most `perSecond` requests in any one-second window (a sliding window: a burst is refused
 * however it falls across clock seconds).
 * @param {{ perSecond: number, now: () => number }} options
 */
export function requestRate({ perSecond, now }) {
  /** @type {Map<string, number[]>} */
  const recent = new Map();
  return {
    /** @returns {boolean} whether this request may go on */
    take(key) {
      const t = now();
      const times = (recent.get(key) ?? []).filter((at) => t - at < 1000);
      const ok = times.length < perSecond;
      if (ok) times.push(t);
      recent.set(key, times);
      return ok;
    },
    clear: () => recent.clear(),
  };
}
