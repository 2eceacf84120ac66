import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { loggedUrl, PROBES, REQUEST_ID_HEADER, requestIdOf } from './logging';
import type { Metrics } from './metrics';

/** The status an aborted request is counted under: nginx's "client closed request". */
const CLIENT_CLOSED = 499;

/**
 * The access log and request metrics of a path answered before Fastify (the gateway's every request,
 * a service's fast routes), in one 'close' listener per request: every widget keystroke passes here,
 * so the line is one plain object written through a logger made once, not pino-http's per-request one.
 * The request id is created (or a usable one from the client kept), put on the request's headers so a
 * proxy forwards it, and on the answer.
 * A 5xx line is at error level and names the cause recorded on the response (`err`). A request whose
 * client left before its answer was sent gets a 'request aborted' line (pino-http's words) and is
 * counted as status 499. `routeOf` names the metrics' route: a pattern without ids, so the series
 * stay few.
 */
export function accessLog(logger: Logger, metrics: Metrics, routeOf: (url: string) => string) {
  // The line is built from fixed fields (no headers, query values left out), so it skips the
  // redaction pass the kit's logger gives every other line: a few microseconds a request.
  const lines = logger.child({}, { redact: { paths: [] } });
  /** Returns the request's id. */
  return (req: IncomingMessage, res: ServerResponse): string => {
    const id = requestIdOf(req);
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const started = performance.now();
    const url = req.url ?? '';
    // Read now: by 'close' the socket may already be detached (null) from the request.
    const remoteAddress = req.socket?.remoteAddress;
    // 'close' comes after 'finish' for an answer sent, and alone when the client went away first.
    res.once('close', () => {
      const ms = performance.now() - started;
      const sent = res.writableFinished;
      metrics.observeRequest(req.method ?? 'GET', routeOf(url), sent ? res.statusCode : CLIENT_CLOSED, ms / 1000);
      if (PROBES.has(url.split('?')[0] ?? '')) return;
      const line = {
        reqId: id,
        req: { id, method: req.method, url: loggedUrl(url), remoteAddress },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(ms),
      };
      if (!sent) return lines.info(line, 'request aborted');
      if (res.statusCode < 500) return lines.info(line, 'request completed');
      const err = (res as ServerResponse & { err?: Error }).err;
      lines.error({ ...line, err: err ? { message: err.message } : undefined }, 'request errored');
    });
    return id;
  };
}
