import { Logger } from '@nestjs/common';
import type { Endpoint as Entry } from '@sniff/contracts';
import { findUnsafeText } from '@sniff/contracts';
import { parse as parseQuery } from 'fast-querystring';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { storage, Store } from 'nestjs-pino/storage';
import type { Logger as Pino } from 'pino';
import { z } from 'zod';
import { accessLog } from './access-log';
import type { QueryOf } from './endpoint';
import { errorResponse } from './errors';
import type { Metrics } from './metrics';

/**
 * A GET endpoint a service answers before Fastify and Nest (the widget's search: every visitor
 * keystroke). Provide an array of them as FAST_ROUTES in the service's module; the same handler
 * stays a Nest route too, which answers whatever the fast path passes on.
 */
export interface FastRoute<E extends Entry = Entry> {
  entry: E;
  /** The answer, sent as JSON with the entry's status; a thrown HttpException leaves in the shared format. */
  handle(params: Record<string, string>, query: QueryOf<E>, req: IncomingMessage): Promise<unknown>;
  /** Headers of a successful answer (its Cache-Control, say), as the Nest route's @Header()s. */
  headers?: Record<string, string>;
}

export const FAST_ROUTES = Symbol('FAST_ROUTES');

/** The path parameters the fast path takes: as sent, nothing to percent-decode (others go to Fastify). */
const PARAM = '([A-Za-z0-9_-]{1,100})';
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The request listener's first look: answers a request of one of `routes` and says so (true), else
 * leaves it to Fastify (false). Only requests whose answer Fastify would give the same way are taken:
 * a GET without a body, its path matched exactly, its query parsed as Fastify parses it (fast-querystring)
 * and valid by the entry's schema, no unsafe text. Anything else (a bad query, an odd path, HEAD)
 * goes to Fastify, so its error comes from one place. Per request it does what the kit's hooks do
 * for every route: the request id on the answer, one access line, the request metrics.
 */
export function fastPathOf(
  routes: FastRoute[],
  logger: Pino,
  metrics: Metrics,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const errors = new Logger('ErrorFilter');
  const compiled = routes.map((route) => {
    const names: string[] = [];
    const source = route.entry.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return PARAM;
    });
    return {
      route,
      names,
      schema: route.entry.query ?? z.object({}),
      pattern: new RegExp(`^${source}(?:\\?(.*))?$`),
      status: route.entry.status ?? 200,
      // counted under the route's pattern, as Fastify's routes are (timeRequests)
      log: accessLog(logger, metrics, () => route.entry.path),
    };
  });

  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    for (const { route, names, schema, pattern, status, log } of compiled) {
      const m = pattern.exec(url);
      if (!m) continue;
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
      const params: Record<string, string> = {};
      names.forEach((name, i) => (params[name] = m[i + 1]));
      const raw = m[names.length + 1] ? parseQuery(m[names.length + 1]) : {};
      if (findUnsafeText(raw)) return false;
      const query = z.safeParse(schema, raw);
      if (!query.success) return false;

      const id = log(req, res);
      // The handler runs in the request's logging context, as a Nest route does under pino-http: its own
      // lines (and the error filter's) carry the request id, and so do its calls to sibling services.
      storage.run(new Store(logger.child({ reqId: id })), () =>
        // Called inside a promise so a handler that throws before its first await still answers a 500.
        Promise.resolve()
          .then(() => route.handle(params, query.data, req))
          .then(
            (answer) => send(res, status, answer, route.headers),
            (error: unknown) => {
              const { status: code, body, headers } = errorResponse(error, errors);
              if (code >= 500 && error instanceof Error) (res as ServerResponse & { err?: Error }).err = error;
              send(res, code, body, headers);
            },
          ),
      );
      return true;
    }
    return false;
  };
}

function send(res: ServerResponse, status: number, answer: unknown, headers?: Record<string, string>): void {
  if (res.headersSent || res.destroyed) return;
  const body = JSON.stringify(answer);
  res.writeHead(status, { ...headers, 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
}

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Fastify's `serverFactory` for an app with a fast path: the server's request listener offers each
 * request to the fast path set with `use` (none until then) before Fastify's handler. The server is
 * set up as Fastify sets up its own.
 */
export function fastPathServer(): {
  serverFactory: (handler: Listener, options: ServerTimeouts) => Server;
  use(fastPath: (req: IncomingMessage, res: ServerResponse) => boolean): void;
} {
  let fastPath: (req: IncomingMessage, res: ServerResponse) => boolean = () => false;
  return {
    serverFactory: (handler, options) => {
      const server = createServer((req, res) => {
        if (!fastPath(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
      server.requestTimeout = options.requestTimeout ?? 0;
      server.setTimeout(options.connectionTimeout ?? 0);
      return server;
    },
    use: (f) => (fastPath = f),
  };
}

interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}
