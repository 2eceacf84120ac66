import type { ComponentType } from 'react';
import type { RemoteDeclaration } from './declaration';
import type { Injectable } from './platform';

export type { IconName, RemoteDeclaration, RouteDeclaration, SidebarEntry } from './declaration';

/**
 * The one typed entry each remote exposes as "./remote". Its declaration (routes, sidebar entries,
 * destinations; pure data in the remote's src/declaration.ts) is also written as declaration.json at
 * build, which is what the shell reads to build its routes and sidebar. When the remote's code
 * loads, the shell checks `pages` against that declaration and injects `apis` and `slices` into its
 * store before the first page renders. A page renders relative routes only; the shell owns the router.
 */
export interface RemoteDefinition {
  id: string;
  declaration: RemoteDeclaration;
  /** One component per declared route path ("public" too when the remote renders the public site). */
  pages: Record<string, ComponentType>;
  /**
   * RTK Query APIs (reducer and middleware) the remote's pages use; the shared data's too
   * (`@sniff/shell-sdk/shared-data`), which the shell's store has already (it takes a reducer path once).
   */
  apis: Injectable[];
  /** Redux slices (`createSlice`: reducerPath and reducer) the remote's pages use. */
  slices: Injectable[];
}

export interface RemoteEntry {
  declaration: RemoteDeclaration;
  pages: Record<string, ComponentType>;
  apis?: Injectable[];
  slices?: Injectable[];
}

/** A remote's entry: nothing happens when it is imported; the shell injects its parts when it loads. */
export function defineRemote({ declaration, pages, apis = [], slices = [] }: RemoteEntry): RemoteDefinition {
  return { id: declaration.id, declaration, pages, apis, slices };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The shell's check of what a remote module exported (its pages are then checked against its declaration). */
export function isRemoteDefinition(value: unknown): value is RemoteDefinition {
  if (!isObject(value)) return false;
  const v = value as Partial<RemoteDefinition>;
  return (
    typeof v.id === 'string' &&
    isObject(v.declaration) &&
    isObject(v.pages) &&
    Object.values(v.pages).every((p) => typeof p === 'function' || isObject(p)) &&
    Array.isArray(v.apis) &&
    Array.isArray(v.slices) &&
    [...v.apis, ...v.slices].every((part) => isObject(part) && typeof part.reducerPath === 'string')
  );
}

/** Names of the declared pages a remote's code lacks or adds, for the shell's error. */
export function pageMismatch(definition: RemoteDefinition, declared: readonly string[]): string | null {
  const given = Object.keys(definition.pages);
  const missing = declared.filter((p) => !given.includes(p));
  const extra = given.filter((p) => !declared.includes(p));
  if (!missing.length && !extra.length) return null;
  const list = (names: string[]) => names.map((n) => `"${n}"`).join(', ');
  return [
    missing.length ? `has no page for ${list(missing)}` : '',
    extra.length ? `has undeclared pages ${list(extra)}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
}
