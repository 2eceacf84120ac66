import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

// The spec's texts for the analytics page's failures (section "Errors", Analytics and the URL-list call).
export const ANALYTICS_NETWORK_ERROR =
  'Network error: Unable to connect to analytics server. Please check your internet connection.';
export const ANALYTICS_LOAD_FAILED = 'Failed to load analytics data. Please try again.';
export const URLS_LOAD_FAILED = 'Failed to load URLs. Please try again.';

/** The server's explanation in an error answer: its `message`, else the body as sent. */
function bodyOf(data: unknown): string {
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string')
    return (data as { message: string }).message;
  return typeof data === 'string' ? data : JSON.stringify(data ?? '');
}

/** A panel's failure: "Failed to fetch {name} data ({status}): {body}", the network text, or the generic one. */
export function panelError(name: string, error: unknown): string {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  if (status === 'FETCH_ERROR') return ANALYTICS_NETWORK_ERROR;
  if (typeof status === 'number')
    return `Failed to fetch ${name} data (${status}): ${bodyOf((error as { data?: unknown }).data)}`;
  return ANALYTICS_LOAD_FAILED;
}

/** The server's own explanation of a failed call, when it sent one. */
export function serverExplanation(error: unknown): string | undefined {
  const message = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The list of the owner's sites failed: "Failed to fetch URLs ({status})", the network text, or the generic one. */
export function urlsError(error: unknown): string {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  if (status === 'FETCH_ERROR') return ANALYTICS_NETWORK_ERROR;
  if (typeof status === 'number') return `Failed to fetch URLs (${status})`;
  return URLS_LOAD_FAILED;
}
