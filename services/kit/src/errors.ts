import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpServer, HttpStatus, Logger } from '@nestjs/common';

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The `error` text of the shared format for an HTTP status. */
export function errorName(status: number): string {
  return ERROR_NAMES[status] ?? 'Error';
}

/** Every error leaves as { statusCode, error, message, field? }; only our own faults are 5xx. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  /** The app's HTTP adapter (Fastify's, in the services and the gateway). */
  constructor(private readonly http: HttpServer) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res: unknown = host.switchToHttp().getResponse();
    const { status, body, headers } = errorResponse(exception, this.logger);
    for (const [name, value] of Object.entries(headers)) this.http.setHeader(res, name, value);
    this.http.reply(res, body, status);
  }
}

/** An error in the shared format: its status, body and headers (a 5xx is logged with its stack). */
export function errorResponse(
  exception: unknown,
  logger: Pick<Logger, 'error'>,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  const { status, message, field, retryAfter } = describe(exception);
  if (status >= 500) logger.error(exception instanceof Error ? exception.stack : String(exception));
  // An error is never reused by a browser or cache (a route may have allowed reuse of its answers).
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  return {
    status,
    body: { statusCode: status, error: errorName(status), message, ...(field ? { field } : {}) },
    headers,
  };
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  field?: string;
}

function describe(exception: unknown): { status: number; message: string; field?: string; retryAfter?: number } {
  // A body of a type no route reads (Fastify's own words are just "Unsupported Media Type").
  if (
    exception instanceof HttpException &&
    exception.getStatus() === 415 &&
    exception.message === 'Unsupported Media Type'
  ) {
    return { status: 415, message: 'Send the request body as JSON (Content-Type: application/json)' };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const body = exception.getResponse();
    if (typeof body === 'string') return { status, message: body };
    // `retryAfter` (seconds) becomes the Retry-After header of a 429 or 503.
    const b = body as { message?: string | string[]; field?: string; retryAfter?: number };
    const message = Array.isArray(b.message) ? b.message.join('; ') : (b.message ?? exception.message);
    return { status, message, field: b.field, retryAfter: b.retryAfter };
  }
  // Body parser errors carry their HTTP status (too large, bad charset; malformed JSON: see service.ts).
  const e = exception as { status?: number; statusCode?: number; message?: string };
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: e.message ?? 'Bad request' };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
}
