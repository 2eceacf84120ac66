import { apiErrorSchema, type ApiError } from '@sniff/contracts';

/**
 * The error body of a failed call ({statusCode, error, message, field?}), or null when the call never
 * reached the server or the body is not one of ours.
 */
export function apiErrorOf(error: unknown): ApiError | null {
  const data = (error as { data?: unknown } | undefined)?.data;
  const parsed = apiErrorSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The server's message about one field, without the "field: " prefix describeZodError puts in front. */
export function fieldMessage(error: ApiError): string {
  const prefix = `${error.field}: `;
  return error.field && error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
