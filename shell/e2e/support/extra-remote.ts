import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Page } from '@playwright/test';

const FIXTURE = join(__dirname, '..', 'fixtures', 'extra-remote');

/**
 * Builds the fixture remote (another team's, which the shell has never heard of) with the shared
 * webpack helper, as its team would, into a temporary directory. Never part of the product's build.
 */
export async function buildExtraRemote(): Promise<{ dist: string; remove(): Promise<void> }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const webpack = require('webpack') as typeof import('webpack');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configFor = require(join(FIXTURE, 'webpack.config.js')) as (
    env: object,
    argv: object,
  ) => import('webpack').Configuration;
  const dist = await mkdtemp(join(tmpdir(), 'sniff-extra-remote-'));
  const config = configFor({}, { mode: 'production' });
  config.output = { ...config.output, path: dist };
  config.devtool = false;
  await new Promise<void>((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
  return { dist, remove: () => rm(dist, { recursive: true, force: true }) };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };

/**
 * Lists the extra remote in this page's /remotes.json (beside the product's five) and serves its
 * build at /remotes/mfe-extra/ from the test: the gateway and the shell's build are left as they are.
 */
export async function offerExtraRemote(page: Page, dist: string): Promise<void> {
  await page.route('**/remotes.json', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { remotes: { name: string; entry: string }[] };
    body.remotes.push({ name: 'mfe_extra', entry: '/remotes/mfe-extra/mf-manifest.json' });
    await route.fulfill({ response: res, json: body });
  });
  await page.route('**/remotes/mfe-extra/**', async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/remotes/mfe-extra/', '');
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist)) return route.fulfill({ status: 404 });
    try {
      const body = await readFile(file);
      await route.fulfill({ status: 200, body, contentType: TYPES[extname(file)] ?? 'application/octet-stream' });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
}
