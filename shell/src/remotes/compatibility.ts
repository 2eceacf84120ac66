import { getInstance, satisfy } from '@module-federation/enhanced/runtime';

/** Shared library -> version (what the shell provides) or -> range (what a remote's build requires). */
export type SharedVersions = Record<string, string>;

/** The versions of the shared libraries this dashboard provides: the shell's own, as federation registered them. */
export function providedShared(): SharedVersions {
  const instance = getInstance();
  if (!instance) return {};
  const host = instance.options.name;
  return Object.fromEntries(
    Object.entries(instance.options.shared).flatMap(([name, offers]) => {
      const own = offers.find((s) => s.from === host) ?? offers[0];
      return own ? [[name, own.version]] : [];
    }),
  );
}

/**
 * What a remote's build requires of the shared libraries (its declaration.json's `requires`, written from
 * its package.json's ranges) that this dashboard does not provide, in words; empty when everything is met. A
 * remote built against a newer React than the shell's is refused here, before any of its code runs, instead of
 * failing in an owner's browser with a singleton it was not built for.
 */
export function unmetRequirements(requires: SharedVersions | undefined, provided: SharedVersions): string[] {
  return Object.entries(requires ?? {}).flatMap(([name, range]) => {
    const version = provided[name];
    if (version === undefined) return [`${name} ${range} (this dashboard does not provide it)`];
    return satisfy(version, range) ? [] : [`${name} ${range} (this dashboard has ${version})`];
  });
}
