// Idempotency-Key on POST, as Stripe honours it: the same key with the same request answers the first
// response again (with Idempotent-Replayed: true); the same key with other parameters is refused. Keys
// are kept 24 hours, in memory (a restart forgets them). 429s and 5xx are not remembered, so they can be retried.
import { StripeApiError } from './errors.mjs';

const KEEP_MS = 24 * 60 * 60 * 1000;

export function idempotencyCache() {
  /** @type {Map<string, { fingerprint: string, at: number, status?: number, body?: string }>} */
  const entries = new Map();

  function purge(now) {
    for (const [key, entry] of entries) {
      if (now - entry.at < KEEP_MS) break;
      entries.delete(key);
    }
  }

  return {
    /**
     * @returns {{ replay: { status: number, body: string } } | { remember: (status: number, body: string) => void }}
     */
    begin(key, fingerprint, now = Date.now()) {
      purge(now);
      if (key.length > 255)
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: 'Idempotency keys may be at most 255 characters long.',
        });
      const entry = entries.get(key);
      if (entry && entry.fingerprint !== fingerprint)
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      if (entry && entry.status === undefined)
        throw new StripeApiError(409, {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message:
            'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
        });
      if (entry)
        return { replay: { status: /** @type {number} */ (entry.status), body: /** @type {string} */ (entry.body) } };
      const fresh = { fingerprint, at: now };
      entries.set(key, fresh);
      return {
        remember(status, body) {
          if (status === 429 || status >= 500) entries.delete(key);
          else Object.assign(fresh, { status, body });
        },
      };
    },
  };
}
