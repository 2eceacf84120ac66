// Faults queued by tests (POST /_provider/faults) for the next API or site-page requests whose path starts
// with a prefix: the ways a real remote service fails that a client must survive.

export const FAULT_KINDS = ['timeout', 'rate-limit', 'malformed', 'unavailable', 'disconnect'];

/**
 * @typedef {{ kind: string, remaining: number, path: string }} Fault
 */

export function faultQueue() {
  /** @type {Fault[]} */
  let queue = [];
  return {
    /**
     * @param {{ kind: string, count?: number, path?: string }} fault
     * @returns {string | undefined} what is wrong with it, if anything
     */
    add({ kind, count = 1, path = '/' }) {
      if (!FAULT_KINDS.includes(kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
      if (!Number.isInteger(count) || count < 1 || count > 10_000) return 'count must be a whole number from 1';
      if (typeof path !== 'string' || !path.startsWith('/')) return 'path must be a path prefix starting with /';
      queue.push({ kind, remaining: count, path });
      return undefined;
    },
    /** The kind of the first queued fault for this path, used up by one; undefined when none. */
    take(pathname) {
      const fault = queue.find((f) => pathname.startsWith(f.path));
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining === 0) queue = queue.filter((f) => f !== fault);
      return fault.kind;
    },
    list: () => queue.map(({ kind, remaining, path }) => ({ kind, count: remaining, path })),
    clear() {
      queue = [];
    },
  };
}
