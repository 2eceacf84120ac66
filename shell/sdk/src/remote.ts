import type { ComponentType } from 'react';

/**
 * The one typed entry each remote exposes as "./remote". Keys of `pages` are the shell's
 * route keys: dashboard paths without "/dashboard/" ("create-store", "stores",
 * "installation-guide", "analytics", "subscribe") or "public" for the marketing site.
 * A page renders relative routes only; the shell owns the router.
 */
export interface RemoteDefinition {
  id: string;
  pages: Record<string, ComponentType>;
}

export function defineRemote(definition: RemoteDefinition): RemoteDefinition {
  return definition;
}

/** The shell's check of what a remote module exported. */
export function isRemoteDefinition(value: unknown): value is RemoteDefinition {
  const v = value as RemoteDefinition | null;
  return (
    !!v &&
    typeof v.id === 'string' &&
    typeof v.pages === 'object' &&
    v.pages !== null &&
    Object.values(v.pages).every((p) => typeof p === 'function' || (typeof p === 'object' && p !== null))
  );
}
