// Squarespace's limit: so many requests per minute per website; the request over it gets 429 and starts a
// cool-down during which every request of that website gets 429. The cool-down is not extended by the
// requests refused during it; after it the website starts a fresh minute.

/** @param {{ perMinute: number, cooldownSeconds: number }} limits */
export function rateLimiter({ perMinute, cooldownSeconds }) {
  /** @type {Map<string, { windowStart: number, count: number, blockedUntil: number }>} */
  const websites = new Map();
  return {
    /**
     * Counts one request of the website.
     * @returns {number} 0 when it may go on, else the whole seconds left in the cool-down (Retry-After)
     */
    take(websiteId, now = Date.now()) {
      let state = websites.get(websiteId);
      if (!state || (state.blockedUntil && now >= state.blockedUntil) || now - state.windowStart >= 60_000) {
        state = { windowStart: now, count: 0, blockedUntil: 0 };
        websites.set(websiteId, state);
      }
      if (!state.blockedUntil && state.count < perMinute) {
        state.count += 1;
        return 0;
      }
      if (!state.blockedUntil) state.blockedUntil = now + cooldownSeconds * 1000;
      return Math.max(1, Math.ceil((state.blockedUntil - now) / 1000));
    },
    reset() {
      websites.clear();
    },
  };
}
