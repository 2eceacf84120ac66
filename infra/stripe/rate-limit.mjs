// A fixed one-second window over all API requests: past the limit the API answers 429 with
// Stripe-Should-Retry: true, so the SDK's retry path (maxNetworkRetries) is exercised for real.

/** @param {number} perSecond */
export function rateLimiter(perSecond) {
  let windowStart = 0;
  let count = 0;
  return {
    /** @returns {boolean} whether this request may go on */
    take(now = Date.now()) {
      const second = Math.floor(now / 1000);
      if (second !== windowStart) {
        windowStart = second;
        count = 0;
      }
      count += 1;
      return count <= perSecond;
    },
  };
}
