import { readdirSync } from 'node:fs';
import { remoteNameSchema } from '@sniff/contracts';
import type { RemotesManifest } from './config';

/**
 * The remotes under the static root, found rather than listed, so a new remote needs no gateway release: every
 * mfe-<name> folder, in name order (an image may carry only the remotes' builds, without their package.json).
 */
export function findRemoteDirs(staticRoot: string): string[] {
  let entries;
  try {
    entries = readdirSync(staticRoot, { withFileTypes: true });
  } catch {
    return []; // no static root: no front end to serve (the gateway's API still works)
  }
  return entries
    .filter((d) => d.isDirectory() && remoteNameSchema.safeParse(d.name).success) // the registry's rule for a remote's name
    .map((d) => d.name)
    .sort();
}

/** /remotes.json for those folders: each served by this gateway at /remotes/<dir>/. */
export const remotesServedHere = (dirs: readonly string[]): RemotesManifest => ({
  remotes: dirs.map((dir) => ({ name: dir.replace(/-/g, '_'), entry: `/remotes/${dir}/mf-manifest.json` })),
});
