import type { DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import { storage } from 'nestjs-pino/storage';
import pino, { type Logger as PinoInstance } from 'pino';
import type { Options as HttpLogOptions } from 'pino-http';
import { INTERNAL_TOKEN_HEADER, USER_EMAIL_HEADER } from './identity';

/** The request id: created by the gateway (or accepted from its client), forwarded to every service. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a client may choose: short, printable, no spaces (anything else is replaced). */
const CLIENT_ID = /^[\w.:-]{1,128}$/;

export type LogLevelName = 'error' | 'warn' | 'log' | 'debug';
const PINO_LEVEL: Record<LogLevelName, pino.Level> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/** Paths of secrets in any log line: tokens, cookies, the internal token, signatures, e-mails in headers. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  `req.headers["${INTERNAL_TOKEN_HEADER}"]`,
  `req.headers["${USER_EMAIL_HEADER}"]`,
  'req.headers["stripe-signature"]',
  'req.headers["x-shopify-hmac-sha256"]',
  'res.headers["set-cookie"]',
];

/**
 * One JSON line per event on stdout (what a log shipper reads); readable colour lines instead when
 * a terminal is attached (npm start by hand).
 */
export function createLogger(service: string, level: LogLevelName, destination?: pino.DestinationStream): PinoInstance {
  const options: pino.LoggerOptions = {
    level: PINO_LEVEL[level],
    base: { service },
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  if (destination) return pino(options, destination);
  // Buffered: lines go out in 4 kB writes, and at least every 250 ms, so a busy widget API costs a
  // few microseconds a line and not a write (and a reader's wake-up) each. pino writes what is left
  // when the process exits.
  if (!process.stdout.isTTY) {
    const stdout = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    setInterval(() => stdout.flush(), 250).unref();
    return pino(options, stdout);
  }
  return pino({
    ...options,
    transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } },
  });
}

/** The request's id: the one it came with when that is usable, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && CLIENT_ID.test(sent) ? sent : randomUUID();
}

/**
 * Only the path and the names of query parameters, as sent: their values may be search text or OAuth
 * codes. Read by hand, not through URLSearchParams, because every widget keystroke's access line
 * passes here twice (gateway and search): 0.2 us against 0.9.
 */
export function loggedUrl(url = ''): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  let out = url.slice(0, q + 1);
  let first = true;
  for (let at = q + 1; at <= url.length;) {
    let amp = url.indexOf('&', at);
    if (amp < 0) amp = url.length;
    const eq = url.indexOf('=', at);
    const end = eq >= 0 && eq < amp ? eq : amp;
    if (amp > at) {
      out += (first ? '' : '&') + url.slice(at, end);
      first = false;
    }
    at = amp + 1;
  }
  return out;
}

export const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The access log (pino-http): one line per request when its answer is sent, with the request id,
 * method, path, status and time taken; 5xx at error level. The id is put on the request's headers
 * (so a proxy forwards it) and on the answer's (so a caller can quote it).
 */
export function httpLogOptions(logger: PinoInstance): HttpLogOptions {
  return {
    logger,
    quietReqLogger: true, // the application's own lines carry only reqId, the access line the rest
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdOf(req);
      req.headers[REQUEST_ID_HEADER] = id;
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: (req: IncomingMessage) => PROBES.has((req.url ?? '').split('?')[0] ?? '') },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/** nestjs-pino for a service: the access log, and Nest's own logging through the same logger. */
export function loggerModule(logger: PinoInstance): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: httpLogOptions(logger) });
}

/** The id of the request being handled (a service's calls to its siblings carry it on). */
export function currentRequestId(): string | undefined {
  const bindings = storage.getStore()?.logger.bindings() as { reqId?: string } | undefined;
  return bindings?.reqId;
}
