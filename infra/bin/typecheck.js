#!/usr/bin/env node
// Type-checks every workspace that has a tsconfig.json (strict everywhere); exits non-zero on any error.
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { workspaceDirs } = require('../remotes');

const root = join(__dirname, '..', '..');
// Every workspace, plus projects with their own compiler settings that are no workspace (the widget
// targets the DOM; the fuzz suite imports every service; the e2e tests' extra remote).
const workspaces = [
  ...workspaceDirs(root),
  'services/search/widget',
  'services/search/bench',
  'services/stores/bench',
  'services/fuzz',
  'shell/e2e/fixtures/extra-remote',
];
let failed = false;
for (const ws of workspaces) {
  const tsconfig = join(root, ws, 'tsconfig.json');
  if (!existsSync(tsconfig)) continue;
  try {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', tsconfig, '--noEmit'], {
      stdio: 'inherit',
    });
    console.log(`typecheck ok  ${ws}`);
  } catch {
    console.error(`typecheck FAILED  ${ws}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
