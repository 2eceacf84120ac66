import { HttpException, ServiceUnavailableException } from '@nestjs/common';
import { internalHeaders } from './identity';
import { currentRequestId, REQUEST_ID_HEADER } from './logging';

/**
 * Calls a sibling service's internal route. A 4xx from the sibling is passed on as is;
 * an unreachable sibling or a 5xx becomes a 503 naming the service.
 */
export async function callInternal<T>(
  service: string,
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  let res: Response;
  const requestId = currentRequestId();
  try {
    res = await fetch(new URL(path, baseUrl), {
      method: init.method ?? 'GET',
      // the request being handled is followed into the sibling's log by its id
      headers: {
        'content-type': 'application/json',
        ...internalHeaders(),
        ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
    });
  } catch {
    throw new ServiceUnavailableException(`The ${service} service is unavailable. Please try again.`);
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  if (res.ok) return body as T;
  if (res.status < 500) throw new HttpException(body as object, res.status);
  throw new ServiceUnavailableException(`The ${service} service failed (${res.status}). Please try again.`);
}
