import { errorMessage } from '@sniff/shell-sdk';

/**
 * Why creating a store failed, as the spec words it: the service's own explanation when it gave one, else
 * "Connection failed: {status text}" (the answer's reason phrase, or its status when it had none).
 */
export function creationFailure(error: unknown): string {
  const e = error as { status?: unknown; statusText?: string; data?: { message?: unknown } } | undefined;
  if (typeof e?.data?.message === 'string') return e.data.message;
  if (typeof e?.status === 'number') return `Connection failed: ${e.statusText || e.status}`;
  return errorMessage(error);
}

export const STORE_CHECK_UNREACHABLE = 'Failed to connect for store check. Try again.';
export const STORE_CHECK_FAILED = 'Failed to check store.';

/**
 * Why checking a shop failed, as the spec words it: no connection, the service's explanation, "Server error:
 * {status}", or (anything else, e.g. an answer that was not JSON) "Failed to check store.".
 */
export function storeCheckFailure(error: unknown): string {
  const e = error as { status?: unknown; data?: { message?: unknown } } | undefined;
  if (e?.status === 'FETCH_ERROR') return STORE_CHECK_UNREACHABLE;
  if (typeof e?.data?.message === 'string') return e.data.message;
  if (typeof e?.status === 'number') return `Server error: ${e.status}`;
  return STORE_CHECK_FAILED;
}
