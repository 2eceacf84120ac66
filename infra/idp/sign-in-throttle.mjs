// Throttles sign-in and sign-up attempts (rate-limiter-flexible). The counters live in this process's memory:
// the IdP is a local stand-in for Auth0 that runs as a single process (production uses Auth0's own attack
// protection), so there is nothing to share, and a restart forgets them.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export const LIMITS = {
  /** wrong passwords for one e-mail per window; the last one blocks the e-mail (growing block) */
  failuresPerEmail: 5,
  emailWindowSeconds: 60,
  /** each block of the same e-mail within a day lasts twice the previous one, at most this long */
  maxBlockSeconds: 60 * 60,
  /** wrong passwords from one client address (any e-mail) per window, then a block */
  failuresPerAddress: 30,
  addressWindowSeconds: 10 * 60,
  addressBlockSeconds: 15 * 60,
  /**
   * sign-up submissions (valid forms) from one client address per window; IDP_SIGNUPS_PER_HOUR raises it where one
   * address stands for many people (the end-to-end suite signs up a dozen owners from loopback)
   */
  signupsPerAddress: Number(process.env.IDP_SIGNUPS_PER_HOUR) || 10,
  signupWindowSeconds: 60 * 60,
};

/** @typedef {{ retryAfter: number }} Refused seconds until another attempt can be made */

/**
 * @param {{ blockSeconds?: number }} options blockSeconds: the first block of an e-mail
 */
export function signInThrottle({ blockSeconds = 60 } = {}) {
  const byEmail = new RateLimiterMemory({
    keyPrefix: 'sign-in-email',
    points: LIMITS.failuresPerEmail,
    duration: LIMITS.emailWindowSeconds,
  });
  const blocksOfEmail = new RateLimiterMemory({ keyPrefix: 'sign-in-email-blocks', points: 1, duration: 24 * 60 * 60 });
  const byAddress = new RateLimiterMemory({
    keyPrefix: 'sign-in-address',
    points: LIMITS.failuresPerAddress,
    duration: LIMITS.addressWindowSeconds,
    blockDuration: LIMITS.addressBlockSeconds,
  });
  const signUps = new RateLimiterMemory({
    keyPrefix: 'sign-up-address',
    points: LIMITS.signupsPerAddress,
    duration: LIMITS.signupWindowSeconds,
  });

  /** @returns {Promise<{ taken: RateLimiterRes } | Refused>} */
  async function take(limiter, key) {
    try {
      return { taken: await limiter.consume(key) };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { retryAfter: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }

  return {
    /**
     * Counts a sign-in attempt before its password is checked, so that parallel attempts count too. The
     * caller reports the outcome: a success gives the point back and resets the e-mail's counter.
     * @param {string} email normalised (trimmed, lower case)
     * @param {string} address the client's address
     * @returns {Promise<Refused | { succeeded(): Promise<void>, failed(): Promise<void> }>}
     */
    async signIn(email, address) {
      const perAddress = await take(byAddress, address);
      if ('retryAfter' in perAddress) return perAddress;
      const perEmail = await take(byEmail, email);
      if ('retryAfter' in perEmail) {
        await byAddress.reward(address); // refused unchecked, so not a wrong password
        return perEmail;
      }
      return {
        async succeeded() {
          await Promise.all([byAddress.reward(address), byEmail.delete(email), blocksOfEmail.delete(email)]);
        },
        async failed() {
          if (perEmail.taken.remainingPoints > 0) return;
          const blocks = (await blocksOfEmail.penalty(email)).consumedPoints;
          await byEmail.block(email, Math.min(blockSeconds * 2 ** (blocks - 1), LIMITS.maxBlockSeconds));
        },
      };
    },

    /** @param {string} address @returns {Promise<Refused | undefined>} */
    async signUp(address) {
      const attempt = await take(signUps, address);
      return 'retryAfter' in attempt ? attempt : undefined;
    },
  };
}
