import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type Client, REQUEST_ID_HEADER } from '@sniff/service-kit';
import { Agent, type Dispatcher } from 'undici';
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

/**
 * Keep-alive connections to the services. undici's dispatcher, not node:http's client: a
 * proxied search cost the gateway about 16% less CPU. Idle sockets close after 4 s, before
 * a service's own 5 s keep-alive ends them under a request.
 */
const newAgent = () => new Agent({ keepAliveTimeout: 4_000, keepAliveMaxTimeout: 4_000 });
let agent = newAgent();

/** Closes the connections to the services (on shutdown); a gateway started later in this process opens new ones. */
export function closeAgents(): Promise<void> {
  const closing = agent;
  agent = newAgent();
  return closing.close();
}

export interface ForwardOptions {
  /** Human name used in the 503 message ("The stores service is unavailable"). */
  service: string;
  /** Base URL of the service (may carry a path prefix). */
  base: string;
  /** Path below the base, starting with '/', query string included. */
  path: string;
  /** The client as derived through trusted proxies: sent on as X-Forwarded-For (one address) and -Proto. */
  client: Client;
  /** Headers to add (identity, internal token). */
  headers?: Record<string, string>;
  /** Headers to put on the response (e.g. CORS), overriding the upstream's. */
  responseHeaders?: Record<string, string>;
  /** A body the gateway already read; otherwise the request body is streamed through untouched. */
  body?: Buffer;
  timeoutMs?: number;
  /** Receives the whole answer once it has been streamed to the client (to cache it). */
  onComplete?: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void;
}

/** The client's headers minus credentials, hop-by-hop headers and any x-sniff-* / x-forwarded-* it tried to set. */
function requestHeaders(req: IncomingMessage, o: ForwardOptions): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
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
  // A body read whole gets its length; a streamed one keeps the client's (undici chunks it when there is none).
  if (o.body) out['content-length'] = String(o.body.length);
  out['x-forwarded-for'] = o.client.address;
  out['x-forwarded-proto'] = o.client.proto;
  if (req.headers.host) out['x-forwarded-host'] = req.headers.host;
  for (const [name, value] of Object.entries(o.headers ?? {})) if (value !== undefined) out[name] = String(value);
  return out;
}

function responseHeaders(up: IncomingHttpHeaders, extra: Record<string, string> = {}): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(up)) {
    // The request id is the gateway's own header (a cached answer must not repeat another request's).
    if (value === undefined || HOP_BY_HOP.includes(name) || name === REQUEST_ID_HEADER) continue;
    if (!name.startsWith('access-control-')) out[name] = value;
  }
  return { ...out, ...extra };
}

/** Answers up to this size (bytes, from Content-Length) are read whole, then sent in one write. */
const BUFFERED_MAX = 256 * 1024;

const unavailable = (res: ServerResponse, o: ForwardOptions) =>
  sendError(res, 503, `The ${o.service} service is unavailable`, o.responseHeaders);

/** Streams a request to a service and its answer back; a service that cannot be reached is a 503. */
export function forward(req: IncomingMessage, res: ServerResponse, o: ForwardOptions): void {
  const base = new URL(o.base);
  const timeout = o.timeoutMs ?? 30_000; // for the headers, then between parts of the body
  const hasBody =
    o.body !== undefined || req.headers['content-length'] !== undefined || !!req.headers['transfer-encoding'];
  let status = 502;
  let headers: OutgoingHttpHeaders = {};
  /** The whole answer (small ones, or any when it is to be cached); null while streaming only. */
  let chunks: Buffer[] | null = null;
  let buffered = false;
  let call: Dispatcher.DispatchController | undefined;

  const handler: Dispatcher.DispatchHandler = {
    onRequestStart(controller) {
      call = controller;
      // The client went away before the answer was complete: stop the upstream call too.
      if (res.destroyed) controller.abort(new Error('client gone'));
    },
    onResponseStart(controller, statusCode, upHeaders) {
      status = statusCode;
      headers = responseHeaders(upHeaders, o.responseHeaders);
      const length = Number(upHeaders['content-length']);
      // A small answer (every search is one) goes out in one write, head and body together:
      // piping costs a socket write per chunk, and the writes were the gateway's largest cost.
      buffered = length <= BUFFERED_MAX;
      if (buffered || o.onComplete) chunks = [];
      if (!buffered) res.writeHead(status, headers);
    },
    onResponseData(controller, chunk) {
      chunks?.push(chunk);
      if (buffered) return;
      // Large or of unknown length: streamed through as it arrives, at the client's pace.
      if (!res.write(chunk)) {
        controller.pause();
        res.once('drain', () => controller.resume());
      }
    },
    onResponseEnd() {
      const body = chunks ? (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) : undefined;
      if (buffered) res.writeHead(status, headers).end(body);
      else res.end();
      if (body) o.onComplete?.(status, headers, body);
    },
    onResponseError(controller, err: Error & { code?: string }) {
      // The access log line of this request names the cause (pino-http logs res.err).
      (res as ServerResponse & { err?: Error }).err = new Error(
        `${o.service} at ${base.origin}: ${err.code ?? err.message}`,
      );
      // Broken off mid-answer: a 503 if nothing was sent yet (a small answer), else the connection is cut.
      if (err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT')
        sendError(res, 504, `The ${o.service} service did not answer in time`, o.responseHeaders);
      else unavailable(res, o);
    },
  };
  res.on('close', () => {
    if (!res.writableFinished) call?.abort(new Error('client gone'));
  });
  agent.dispatch(
    {
      origin: base.origin,
      path: base.pathname.replace(/\/+$/, '') + o.path,
      method: (req.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: requestHeaders(req, o),
      body: o.body ?? (hasBody ? req : null),
      headersTimeout: timeout,
      bodyTimeout: timeout,
    },
    handler,
  );
}
