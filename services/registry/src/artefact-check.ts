import { satisfies, valid } from 'semver';
import { PUBLIC_SITE_MANIFEST, publicSiteManifestSchema } from '@sniff/contracts';
import { parseRemoteDeclaration, type RemoteDeclaration } from '@sniff/shell-sdk/declaration';

/** Shared library -> version the shell provides, or -> range a remote's build requires. */
export type Shared = Record<string, string>;

/** The files the shell loads from every remote build (its federation manifest, entry and declaration). */
const REQUIRED_FILES = ['mf-manifest.json', 'remoteEntry.js', 'declaration.json'];

/** What a build's `requires` asks that `offered` does not provide, in words; empty when all is met. */
export function unmetRanges(requires: Shared | undefined, offered: Shared): string[] {
  return Object.entries(requires ?? {}).flatMap(([name, range]) => {
    const version = offered[name];
    if (version === undefined) return [`${name} ${range} (the shell does not provide it)`];
    return valid(version) && satisfies(version, range) ? [] : [`${name} ${range} (the shell provides ${version})`];
  });
}

const json = (files: ReadonlyMap<string, Buffer>, path: string): unknown => {
  try {
    return JSON.parse(files.get(path)!.toString('utf8'));
  } catch {
    throw new Error(`${path} is not valid JSON`);
  }
};

/**
 * Checks a build before the registry records it, so owners never discover a broken one: the files the
 * shell loads are there, the federation manifest is this remote's (a wizard build published as
 * mfe-stores is refused), the declaration passes the dashboard's own schema, and every shared range it
 * requires is met by the shell's offer. Returns the declaration, or throws the problems found.
 */
export function checkArtefact(remote: string, files: ReadonlyMap<string, Buffer>, offered: Shared): RemoteDeclaration {
  const missing = REQUIRED_FILES.filter((f) => !files.has(f));
  if (missing.length) throw new Error(`the build lacks ${missing.join(', ')} (publish the remote's dist folder)`);
  const manifest = json(files, 'mf-manifest.json') as { name?: unknown } | null;
  const federationName = remote.replace(/-/g, '_');
  if (manifest?.name !== federationName) {
    throw new Error(`mf-manifest.json is ${JSON.stringify(manifest?.name)}'s, not ${federationName}'s`);
  }
  let declaration: RemoteDeclaration;
  try {
    declaration = parseRemoteDeclaration(json(files, 'declaration.json'));
  } catch (error) {
    throw new Error(`declaration.json is invalid: ${error instanceof Error ? error.message : String(error)}`);
  }
  const unmet = unmetRanges(declaration.requires, offered);
  if (unmet.length) throw new Error(`it needs ${unmet.join(', ')}`);
  if (declaration.publicSite) checkPublicSite(files);
  return declaration;
}

/**
 * A public-site build (the marketing remote) carries its pre-rendered pages: its pages.json must list routes,
 * redirects and a not-found page the gateway can serve, and every page it names must be in the build.
 */
function checkPublicSite(files: ReadonlyMap<string, Buffer>): void {
  if (!files.has(PUBLIC_SITE_MANIFEST)) {
    throw new Error(`a public-site build needs its pre-rendered pages and ${PUBLIC_SITE_MANIFEST} (run its build)`);
  }
  const parsed = publicSiteManifestSchema.safeParse(json(files, PUBLIC_SITE_MANIFEST));
  if (!parsed.success) throw new Error(`${PUBLIC_SITE_MANIFEST} is invalid: ${parsed.error.issues[0]?.message}`);
  const { routes, notFound } = parsed.data;
  const missing = [...new Set([...Object.values(routes), notFound])].filter((page) => !files.has(page));
  if (missing.length) throw new Error(`${PUBLIC_SITE_MANIFEST} names pages the build lacks: ${missing.join(', ')}`);
}
