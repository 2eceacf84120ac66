import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_INTERNAL_TOKEN, E2E_PORTS } from './urls';

/* eslint-disable @typescript-eslint/no-require-imports */
const { createRemote } = require('@sniff/infra/bin/new-remote.js') as {
  createRemote(name: string, into: string): string;
};
const artefacts = require('@sniff/infra/remote-artefacts.js') as {
  readBuild(dir: string): Map<string, Buffer>;
  buildVersion(dir: string, files: Map<string, Buffer>): string;
  registryClient(o: { url: string; internalToken: string; operator: string }): Registry;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export interface Registry {
  publish(remote: string, version: string, files: Map<string, Buffer>): Promise<{ created: boolean }>;
  live(remote: string, version: string): Promise<unknown>;
  rollBack(remote: string): Promise<{ live: string }>;
  retire(remote: string): Promise<unknown>;
}

/** The product under test's registry, as the deploy pipeline calls it. */
export const registry: Registry = artefacts.registryClient({
  url: `http://127.0.0.1:${E2E_PORTS.registry}`,
  internalToken: E2E_INTERNAL_TOKEN,
  operator: 'deploy',
});

/**
 * A new team's remote, made from infra/remote-template by `npm run new-remote`'s code in a temporary folder (which
 * finds the repository's packages through a node_modules link), and built with webpack as `npm run build` does.
 */
export async function newRemote(name: string) {
  const parent = await mkdtemp(join(tmpdir(), 'sniff-new-remote-'));
  await symlink(join(__dirname, '..', '..', '..', 'node_modules'), join(parent, 'node_modules'), 'dir');
  const dir = createRemote(name, parent);
  const remote = {
    dir,
    name: `mfe-${name}`,
    async build(): Promise<{ version: string; files: Map<string, Buffer> }> {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const webpack = require('webpack') as typeof import('webpack');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const configFor = require(join(dir, 'webpack.config.js')) as (
        e: object,
        a: object,
      ) => import('webpack').Configuration;
      const config = { ...configFor({}, { mode: 'production' }), devtool: false as const };
      await new Promise<void>((resolve, reject) =>
        webpack(config, (error, stats) => {
          if (error) return reject(error);
          if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
          resolve();
        }),
      );
      const files = artefacts.readBuild(dir);
      return { version: artefacts.buildVersion(dir, files), files };
    },
    /** Rewrites one of its source files (the team's next change). */
    write: (file: string, text: string) => writeFile(join(dir, file), text),
    remove: () => rm(parent, { recursive: true, force: true }),
  };
  return remote;
}
