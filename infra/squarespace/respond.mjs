// Writing answers: JSON for the API and the admin routes, pages with validators (ETag, Last-Modified) and
// conditional GETs (304) for the sites. The malformed and disconnect faults break an answer here, after
// it was made, so a broken answer looks like a real one cut short.
import { createHash } from 'node:crypto';

/**
 * Writes `body`; with a fault, a broken version of it: `malformed` sends the first half as a complete 200
 * answer (not valid JSON, not well-formed XML), `disconnect` announces the whole length, sends half and
 * destroys the socket.
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {Record<string, string>} headers
 * @param {string} body
 * @param {string | undefined} fault
 */
export function send(res, status, headers, body, fault) {
  const bytes = Buffer.from(body);
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  if (fault === 'malformed') {
    res.writeHead(200, { ...headers, 'content-length': String(half.length) });
    return void res.end(half);
  }
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length) });
  if (fault === 'disconnect') return void res.write(half, () => res.destroy());
  res.end(bytes);
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} value undefined for an answer without a body (204)
 * @param {{ headers?: Record<string, string>, fault?: string }} [options]
 */
export function sendJson(res, status, value, { headers = {}, fault } = {}) {
  const body = value === undefined ? '' : JSON.stringify(value);
  const type = value === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' };
  send(res, status, { ...type, 'cache-control': 'no-store', ...headers }, body, fault);
}

const etagOf = (body) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
const httpDate = (iso) => new Date(iso).toUTCString();

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is still current. */
function notModified(req, etag, lastModified) {
  const match = req.headers['if-none-match'];
  if (match !== undefined) {
    return String(match)
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
  if (!lastModified || Number.isNaN(since)) return false;
  return Math.floor(Date.parse(lastModified) / 1000) * 1000 <= since;
}

/**
 * A site page: 200 with ETag (and Last-Modified when the page has a date), or 304 to a matching
 * conditional GET. Faulted answers skip the 304 so there is always a body to break.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ status?: number, type: string, body: string, lastModified?: string }} page
 * @param {string} [fault]
 */
export function sendPage(req, res, { status = 200, type, body, lastModified }, fault) {
  const headers = { 'content-type': type, 'cache-control': 'no-cache' };
  if (status !== 200) return send(res, status, headers, body, fault);
  const etag = etagOf(body);
  const validators = { etag, ...(lastModified ? { 'last-modified': httpDate(lastModified) } : {}) };
  const conditional = (req.method === 'GET' || req.method === 'HEAD') && !fault;
  if (conditional && notModified(req, etag, lastModified)) {
    res.writeHead(304, { ...validators, 'cache-control': 'no-cache' });
    return void res.end();
  }
  send(res, 200, { ...headers, ...validators }, body, fault);
}
