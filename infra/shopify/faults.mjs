// Faults a test arms through POST /_provider/faults: the next `count` requests under /shops/ whose path
// contains `path` (all of them without one) get the fault instead of their answer, so Sniff's handling
// of a hung, throttled, garbled, down or dropped Shopify can be tested for real.

export const FAULT_KINDS = ['timeout', 'rate-limit', 'throttled', 'malformed', 'unavailable', 'disconnect'];

export const RATE_LIMIT_BODY = {
  errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
};

/** @typedef {{ kind: string, remaining: number, path?: string }} Fault */

export function faultQueue() {
  /** @type {Fault[]} */
  let faults = [];
  return {
    /** @param {unknown} body @returns {Fault | string} the fault, or why it is refused */
    add(body) {
      const { kind, count = 1, path } = /** @type {Record<string, any>} */ (body ?? {});
      if (!FAULT_KINDS.includes(kind)) return `kind must be one of ${FAULT_KINDS.join(', ')}`;
      if (!Number.isInteger(count) || count < 1 || count > 10_000) return 'count must be a whole number from 1';
      if (path !== undefined && (typeof path !== 'string' || !path)) return 'path must be a non-empty string';
      const fault = { kind, remaining: count, ...(path ? { path } : {}) };
      faults.push(fault);
      return fault;
    },
    /** The fault for this request, if one is armed for its path (first armed, first used). */
    take(pathname) {
      const fault = faults.find((f) => !f.path || pathname.includes(f.path));
      if (!fault) return undefined;
      fault.remaining -= 1;
      if (fault.remaining === 0) faults = faults.filter((f) => f !== fault);
      return fault.kind;
    },
    list: () => faults.map((f) => ({ ...f })),
    clear() {
      faults = [];
    },
  };
}

/**
 * Answers with the fault. `timeout` never answers (the connection stays open until the client gives up
 * or the provider stops); `disconnect` sends the headers and part of a body, then destroys the socket.
 * @param {string} kind
 * @param {import('node:http').ServerResponse} res
 * @param {{ throttled: () => Record<string, unknown> }} bodies
 */
export function answerWithFault(kind, res, bodies) {
  const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' };
  switch (kind) {
    case 'timeout':
      return;
    case 'rate-limit':
      res.writeHead(429, { ...json, 'retry-after': '2.0' }).end(JSON.stringify(RATE_LIMIT_BODY));
      return;
    case 'throttled':
      res.writeHead(200, json).end(JSON.stringify(bodies.throttled()));
      return;
    case 'malformed': {
      const body = '{"data":{"products":{"edges":[{"node":{"id":"gid://shopify/Product/74200000';
      res.writeHead(200, { ...json, 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    case 'unavailable':
      res.writeHead(503, json).end(JSON.stringify({ errors: 'Service Unavailable' }));
      return;
    case 'disconnect': {
      const part = '{"data":{"shop":{"name":"';
      res.writeHead(200, { ...json, 'content-length': 4096 });
      res.write(part, () => res.socket?.destroy());
      return;
    }
  }
}
