import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteDefinition, pageMismatch, type Injectable, type RemoteDefinition } from '@sniff/shell-sdk';
import type { RemotesManifest } from '../shared/config';
import { providedShared, unmetRequirements, type SharedVersions } from './compatibility';
import type { DeclarationResult } from './declarations';

export type RemoteLoader = ((name: string) => Promise<RemoteDefinition>) & {
  /** A remote that has already loaded, synchronously (so a pre-rendered page can hydrate at once). */
  loaded?: (name: string) => RemoteDefinition | undefined;
  /**
   * Every listed remote's declaration (the dashboard's routes, sidebar and destinations come from
   * them), fetched once; `retry` fetches the failed ones again.
   */
  declarations: (options?: { retry?: boolean }) => Promise<DeclarationResult[]>;
  /**
   * Applies a newer /remotes.json (the registry switched, canaried or rolled back a remote): a remote this page
   * has not loaded moves to its new version at once (its declaration is read again); 'reload' when one whose code
   * this page fetched changed (its APIs and slices in the store, and its chunks, cannot be swapped in place). null: no
   * newer manifest could be read, go on with this one. The first update lets remote pages load (see personal).
   */
  update?: (manifest: RemotesManifest | null) => 'same' | 'changed' | 'reload';
  /** Calls `listener` after an update changed the remotes (the navigation reads their declarations again). */
  subscribe?: (listener: () => void) => () => void;
};

export interface LoaderOptions {
  /**
   * The manifest at hand was read before sign-in, and the owner's own (their canary share) comes with the first
   * update: remote code waits for it (at most PERSONAL_WAIT_MS), so it is not loaded twice in two versions.
   */
  personal?: boolean;
}

/** How long a remote page waits for the owner's own manifest before going on with the one at hand. */
const PERSONAL_WAIT_MS = 5_000;

/** The page keys a declaration promises (kept here so the public pages need no schema code). */
const declaredPages = (d: RemoteDefinition['declaration']) => [
  ...d.routes.map((r) => r.path),
  ...(d.publicSite ? ['public'] : []),
];

/** Why a remote's code does not match its declaration(s), or null when it does. */
function mismatch(definition: RemoteDefinition, published: DeclarationResult | undefined): string | null {
  const own = pageMismatch(definition, declaredPages(definition.declaration));
  if (own) return own;
  const json = published?.declaration;
  // The declaration.json the dashboard was built from must be this code's (same build).
  if (json && (json.id !== definition.id || pageMismatch(definition, declaredPages(json)))) {
    return `does not match its declaration.json (${json.id}: ${declaredPages(json).join(', ')})`;
  }
  return null;
}

/**
 * Remote URLs are runtime data: each remote's mf-manifest.json from /remotes.json is registered
 * with the federation runtime, and a remote's code is fetched only when one of its pages is shown.
 * Its declaration.json (small, pure data) is what the dashboard reads at start. When a remote's code
 * loads, its pages are checked against its declaration and its APIs and slices are injected into
 * the shell's store before any of its pages renders.
 */
export function createRemoteLoader(
  manifest: RemotesManifest,
  inject: (part: Injectable) => void,
  fetchDeclaration: (remote: string, entry: string) => Promise<DeclarationResult>,
  provided: () => SharedVersions = providedShared,
  { personal = false }: LoaderOptions = {},
): RemoteLoader {
  const entries = new Map(manifest.remotes.map((r) => [r.name, r.entry]));
  registerRemotes(manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })));
  const listeners = new Set<() => void>();
  let personalised: () => void = () => undefined;
  const ownManifest: Promise<void> = personal
    ? new Promise<void>((resolve) => {
        personalised = resolve;
        setTimeout(resolve, PERSONAL_WAIT_MS);
      })
    : Promise.resolve();
  const cache = new Map<string, Promise<RemoteDefinition>>();
  const failed = new Set<string>();
  const ready = new Map<string, RemoteDefinition>();
  /** Remotes whose code this page has asked the federation runtime for. */
  const fetched = new Set<string>();
  const published = new Map<string, Promise<DeclarationResult>>();

  async function load(name: string): Promise<RemoteDefinition> {
    await ownManifest;
    const entry = entries.get(name);
    if (!entry) throw new Error(`${name} is not listed in /remotes.json`);
    // A build that needs shared libraries this shell does not provide is refused before its code runs.
    const unmet = unmetRequirements((await published.get(name))?.declaration?.requires, provided());
    if (unmet.length) throw new Error(`${name} needs ${unmet.join(', ')}`);
    fetched.add(name);
    // After a failure, re-register so the runtime fetches the manifest again.
    if (failed.has(name)) registerRemotes([{ name, entry }], { force: true });
    const module = await loadRemote<{ default?: unknown }>(`${name}/remote`);
    const definition = module?.default;
    if (!isRemoteDefinition(definition)) throw new Error(`${name} did not export a remote definition`);
    const problem = mismatch(definition, await published.get(name));
    if (problem) throw new Error(`${name} ${problem}`);
    [...definition.apis, ...definition.slices].forEach(inject);
    ready.set(name, definition);
    return definition;
  }

  const loader: RemoteLoader = Object.assign(
    (name: string) => {
      let pending = cache.get(name);
      if (!pending) {
        pending = load(name).catch((error: unknown) => {
          // Forget the failure so "Try again" really tries again.
          cache.delete(name);
          failed.add(name);
          throw error;
        });
        cache.set(name, pending);
      }
      return pending;
    },
    {
      loaded: (name: string) => ready.get(name),
      declarations: async ({ retry = false } = {}) => {
        for (const [name, entry] of entries) {
          const known = published.get(name);
          if (!known || (retry && (await known).error)) published.set(name, fetchDeclaration(name, entry));
        }
        return Promise.all([...entries.keys()].map((name) => published.get(name)!));
      },
      update: (next: RemotesManifest | null) => {
        personalised();
        if (!next) return 'same' as const;
        const wanted = new Map(next.remotes.map((r) => [r.name, r.entry]));
        const moved = [...new Set([...entries.keys(), ...wanted.keys()])].filter(
          (n) => entries.get(n) !== wanted.get(n),
        );
        if (!moved.length) return 'same' as const;
        // A remote whose code this page has fetched (running, on its way, or failed) cannot change version in it:
        // both builds share the remote's chunk-loading global, so the new one would take the old one's chunks.
        if (moved.some((n) => fetched.has(n))) return 'reload' as const;
        for (const name of moved) {
          const entry = wanted.get(name);
          published.delete(name);
          failed.delete(name);
          if (entry === undefined) {
            entries.delete(name);
            continue;
          }
          entries.set(name, entry);
          registerRemotes([{ name, entry }], { force: true });
        }
        listeners.forEach((listener) => listener());
        return 'changed' as const;
      },
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
  );
  return loader;
}
