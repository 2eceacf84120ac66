// First: zod is configured before any schema parses (this chunk may arrive before the dashboard's).
import '../shared/zod-without-eval';
import { parseRemoteDeclaration, type RemoteDeclaration } from '@sniff/shell-sdk/declaration';

/** One remote's declaration as read from its declaration.json, or why it could not be used. */
export type DeclarationResult =
  | { remote: string; declaration: RemoteDeclaration; error?: undefined }
  | { remote: string; declaration?: undefined; error: string };

/** A remote's declaration.json sits beside its mf-manifest.json (its build writes both). */
export const declarationUrl = (entry: string): string =>
  new URL('declaration.json', new URL(entry, window.location.href)).href;

/** Fetches and checks one remote's declaration; any failure is a result, never a throw. */
export async function fetchDeclaration(remote: string, entry: string): Promise<DeclarationResult> {
  const url = declarationUrl(entry);
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return { remote, declaration: parseRemoteDeclaration(await res.json()) };
  } catch (error) {
    const message = `${remote}: ${error instanceof Error ? error.message : String(error)}`;
    // For developers; the owner sees the error panel when they open one of its pages.
    console.error(`[sniff] ${message}`);
    return { remote, error: message };
  }
}
