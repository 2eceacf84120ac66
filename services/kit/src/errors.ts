import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Every error leaves as { statusCode, error, message, field? }; only our own faults are 5xx. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message, field } = this.describe(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    // An error is never reused by a browser or cache (a route may have allowed reuse of its answers).
    res
      .status(status)
      .setHeader('cache-control', 'no-store')
      .json({ statusCode: status, error: ERROR_NAMES[status] ?? 'Error', message, ...(field ? { field } : {}) });
  }

  private describe(exception: unknown): { status: number; message: string; field?: string } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'string') return { status, message: body };
      const b = body as { message?: string | string[]; field?: string };
      const message = Array.isArray(b.message) ? b.message.join('; ') : (b.message ?? exception.message);
      return { status, message, field: b.field };
    }
    // body-parser errors carry their HTTP status (too large, bad charset; malformed JSON: see service.ts).
    const e = exception as { status?: number; message?: string };
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      return { status: e.status, message: e.message ?? 'Bad request' };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}
