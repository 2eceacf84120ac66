#!/usr/bin/env node
// npm run build:apps: the services, the gateway and the shell, then every remote found (infra/remotes.js),
// in one npm run so npm prints each workspace's build as today.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
const { remoteDirs } = require('../remotes');

const apps = [
  'services/billing',
  'services/stores',
  'services/search',
  'services/analytics',
  'services/feedback',
  'services/registry',
  'services/gateway',
  '@sniff/shell', // by name: the path shell would also take shell/sdk, shell/ui and shell/e2e
  ...remoteDirs(),
];
const npm = process.env.npm_execpath;
const [command, prefix] = npm ? [process.execPath, [npm]] : ['npm', []];
try {
  execFileSync(command, [...prefix, 'run', 'build', ...apps.flatMap((a) => ['-w', a])], {
    cwd: join(__dirname, '..', '..'),
    stdio: 'inherit',
  });
} catch (error) {
  process.exit(error.status ?? 1); // npm has printed what failed
}
