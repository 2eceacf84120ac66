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
