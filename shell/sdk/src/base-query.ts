import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { getPlatform } from './platform';

/**
 * RTK Query base query for /api/<service>/... calls: adds the owner's bearer token and the
 * e-mail field the spec puts in every payload. Remotes pass paths like "stores/crawl/map".
 */
export const sniffBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extra,
) => {
  const platform = getPlatform();
  const raw = fetchBaseQuery({
    baseUrl: platform.apiBaseUrl,
    prepareHeaders: async (headers) => {
      headers.set('authorization', `Bearer ${await platform.getAccessToken()}`);
      return headers;
    },
  });
  const request: FetchArgs =
    typeof args === 'string' ? { url: args, method: 'POST', body: {} } : { method: 'POST', ...args };
  if (request.body && typeof request.body === 'object' && !(request.body instanceof FormData)) {
    request.body = { ...request.body, email: platform.user?.email ?? 'anonymous' };
  }
  const result = await raw(request, api, extra);
  // The answer's reason phrase ("Service Unavailable") goes with its status: some of the spec's texts name it.
  const statusText = result.meta?.response?.statusText;
  if (result.error && typeof result.error.status === 'number' && statusText)
    return { ...result, error: { ...result.error, statusText } as FetchBaseQueryError };
  return result;
};

/** The message to show for a failed call: the server's `message`, else the HTTP status. */
export function errorMessage(error: unknown): string {
  const e = error as FetchBaseQueryError | undefined;
  if (!e) return 'Unknown error';
  if (e.status === 'FETCH_ERROR') return 'Network error: unable to reach Sniff. Please check your connection.';
  const data = (e as { data?: { message?: string } }).data;
  if (data && typeof data.message === 'string') return data.message;
  // Failed before any answer, e.g. the sign-in token could not be had: say why, not "undefined".
  const thrown = (error as { message?: unknown }).message;
  if (e.status === undefined && typeof thrown === 'string') return `${thrown}. Please try again.`;
  return `Server error: ${String(e.status)}`;
}
