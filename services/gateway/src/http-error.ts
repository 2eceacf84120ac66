import type { FastifyReply } from 'fastify';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';

/** An error the gateway answers itself, in the shared { statusCode, error, message } shape. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Answers a GatewayError as itself and anything else as a 500 (logged by the caller). */
export function sendFailure(res: ServerResponse, err: unknown, headers: Record<string, string> = {}): void {
  if (err instanceof GatewayError) sendError(res, err.status, err.message, { ...headers, ...err.headers });
  else sendError(res, 500, 'Internal server error', headers);
}

/**
 * An async route as a Node handler: a GatewayError it throws is its answer; anything else is logged and
 * answered 500, so no request is left hanging.
 */
export function handler(
  logger: { error(message: string): void },
  route: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!(err instanceof GatewayError)) logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      sendFailure(res, err);
    });
  };
}

/** The same error shape through Fastify (a reply that was not hijacked: compressed and logged like any other). */
export function replyError(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): FastifyReply {
  return reply
    .code(status)
    .headers(headers)
    .send({ statusCode: status, error: STATUS_CODES[status] ?? 'Error', message });
}

/** "Cannot GET /path" (the query left out), the not-found message of every gateway route. */
export const cannot = (req: IncomingMessage): string => `Cannot ${req.method} ${(req.url ?? '/').split('?')[0]}`;
