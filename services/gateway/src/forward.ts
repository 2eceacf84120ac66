import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import { sendError } from './http-error';

// Headers that describe one connection, never forwarded (RFC 9110 7.6.1), plus ones we set ourselves.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'upgrade',
  'transfer-encoding',
];
const DROPPED_REQUEST = [...HOP_BY_HOP, 'host', 'expect', 'authorization', 'cookie'];

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
export function closeAgents(): void {
  agents.http.destroy();
  agents.https.destroy();
}

export interface ForwardOptions {
  /** Human name used in the 503 message ("The stores service is unavailable"). */
  service: string;
  /** Base URL of the service (may carry a path prefix). */
  base: string;
  /** Path below the base, starting with '/', query string included. */
  path: string;
  /** Headers to add (identity, internal token). */
  headers?: OutgoingHttpHeaders;
  /** Headers to put on the response (e.g. CORS), overriding the upstream's. */
  responseHeaders?: Record<string, string>;
  /** A body the gateway already read; otherwise the request body is streamed through untouched. */
  body?: Buffer;
  timeoutMs?: number;
  /** Receives the whole answer once it has been streamed to the client (to cache it). */
  onComplete?: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void;
}

/** The client's headers minus credentials, hop-by-hop headers and any x-sniff-* / x-forwarded-* it tried to set. */
function requestHeaders(req: IncomingMessage, o: ForwardOptions): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (
      value === undefined ||
      DROPPED_REQUEST.includes(name) ||
      name.startsWith('x-sniff-') ||
      name.startsWith('x-forwarded-')
    )
      continue;
    out[name] = value;
  }
  if (o.body) out['content-length'] = o.body.length;
  else if (req.headers['transfer-encoding']) out['transfer-encoding'] = req.headers['transfer-encoding'];
  out['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  out['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (req.headers.host) out['x-forwarded-host'] = req.headers.host;
  return { ...out, ...o.headers };
}

function responseHeaders(up: IncomingHttpHeaders, extra: Record<string, string> = {}): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(up)) {
    if (value !== undefined && !HOP_BY_HOP.includes(name) && !name.startsWith('access-control-')) out[name] = value;
  }
  return { ...out, ...extra };
}

/** Answers up to this size (bytes, from Content-Length) are read whole, then sent in one write. */
const BUFFERED_MAX = 256 * 1024;

const unavailable = (res: ServerResponse, o: ForwardOptions) =>
  sendError(res, 503, `The ${o.service} service is unavailable`, o.responseHeaders);

/** Calls `done` with the whole body once `stream` has ended. */
function collect(stream: IncomingMessage, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
}

/** Streams a request to a service and its answer back; a service that cannot be reached is a 503. */
export function forward(req: IncomingMessage, res: ServerResponse, o: ForwardOptions): void {
  const base = new URL(o.base);
  const target = new URL(base.pathname.replace(/\/+$/, '') + o.path, base);
  const secure = target.protocol === 'https:';
  const upstream = (secure ? https : http).request(target, {
    method: req.method,
    headers: requestHeaders(req, o),
    agent: secure ? agents.https : agents.http,
    timeout: o.timeoutMs ?? 30_000,
  });

  upstream.on('response', (up) => {
    const status = up.statusCode ?? 502;
    const headers = responseHeaders(up.headers, o.responseHeaders);
    // Broken off mid-answer: a 503 if nothing was sent yet (a small answer), else the connection is cut.
    up.on('error', () => unavailable(res, o));
    const length = Number(up.headers['content-length']);
    if (!(length <= BUFFERED_MAX)) {
      // Large or of unknown length: streamed through as it arrives.
      res.writeHead(status, headers);
      up.pipe(res);
      if (o.onComplete) collect(up, (body) => o.onComplete?.(status, headers, body));
      return;
    }
    // A small answer (every search is one) goes out in one write, head and body together:
    // piping costs a socket write per chunk, and the writes were the gateway's largest cost.
    collect(up, (body) => {
      res.writeHead(status, headers).end(body);
      o.onComplete?.(status, headers, body);
    });
  });
  upstream.on('timeout', () => upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
  upstream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ETIMEDOUT')
      sendError(res, 504, `The ${o.service} service did not answer in time`, o.responseHeaders);
    else unavailable(res, o);
  });
  // The client went away before the answer was complete: stop the upstream call too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });

  if (o.body) upstream.end(o.body);
  else req.pipe(upstream);
}
