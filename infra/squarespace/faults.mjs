// Faults queued by tests (POST /_provider/faults) for the next API or site-page requests whose path starts
// with a prefix: the ways a real remote service fails that a client must survive. `after` lets that many
// matching requests through first (a sync that fails on its third page, not its first).

export const FAULT_KINDS = ['timeout', 'rate-limit', 'malformed', 'unavailable', 'disconnect'];

/**
 * @typedef {{ kind: string, remaining: number, path: string, after: number }} Fault
 */

export function faultQueue() {
  /** @type {Fault[]} */
  let queue = [];
  return {
    /**
     * @param {{ kind: string, count?: number, path?: string, after?: number }} fault
     * @returns {string | undefined} what is wrong with it, if anything
     */
    add({ kind, count = 1, path = '/', after = 0 }) {
      if (!FAULT_KINDS.includes(kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
      if (!Number.isInteger(count) || count < 1 || count > 10_000) return 'count must be a whole number from 1';
      if (typeof path !== 'string' || !path.startsWith('/')) return 'path must be a path prefix starting with /';
      if (!Number.isInteger(after) || after < 0 || after > 10_000) return 'after must be a whole number from 0';
      queue.push({ kind, remaining: count, path, after });
      return undefined;
    },
    /**
     * The kind of the first queued fault for this path, used up by one; undefined when none, or when
     * that fault still lets requests through (`after`, counted down by this one).
     */
    take(pathname) {
      const fault = queue.find((f) => pathname.startsWith(f.path));
      if (!fault) return undefined;
      if (fault.after > 0) {
        fault.after -= 1;
        return undefined;
      }
      fault.remaining -= 1;
      if (fault.remaining === 0) queue = queue.filter((f) => f !== fault);
      return fault.kind;
    },
    list: () =>
      queue.map(({ kind, remaining, path, after }) => ({ kind, count: remaining, path, ...(after ? { after } : {}) })),
    clear() {
      queue = [];
    },
  };
}
