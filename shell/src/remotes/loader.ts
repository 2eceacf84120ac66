import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteDefinition, type RemoteDefinition } from '@sniff/shell-sdk';
import type { RemotesManifest } from '../shared/config';

export type RemoteLoader = ((name: string) => Promise<RemoteDefinition>) & {
  /** A remote that has already loaded, synchronously (so a pre-rendered page can hydrate at once). */
  loaded?: (name: string) => RemoteDefinition | undefined;
};

/**
 * Remote URLs are runtime data: each remote's mf-manifest.json from /remotes.json is registered
 * with the federation runtime, and a remote is fetched only when one of its pages is shown.
 */
export function createRemoteLoader(manifest: RemotesManifest): RemoteLoader {
  const entries = new Map(manifest.remotes.map((r) => [r.name, r.entry]));
  registerRemotes(manifest.remotes.map((r) => ({ name: r.name, entry: r.entry })));
  const cache = new Map<string, Promise<RemoteDefinition>>();
  const failed = new Set<string>();
  const ready = new Map<string, RemoteDefinition>();

  async function load(name: string): Promise<RemoteDefinition> {
    const entry = entries.get(name);
    if (!entry) throw new Error(`${name} is not listed in /remotes.json`);
    // After a failure, re-register so the runtime fetches the manifest again.
    if (failed.has(name)) registerRemotes([{ name, entry }], { force: true });
    const module = await loadRemote<{ default?: unknown }>(`${name}/remote`);
    const definition = module?.default;
    if (!isRemoteDefinition(definition)) throw new Error(`${name} did not export a remote definition`);
    ready.set(name, definition);
    return definition;
  }

  const loader: RemoteLoader = (name) => {
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
  };
  loader.loaded = (name) => ready.get(name);
  return loader;
}
