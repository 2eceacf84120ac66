// The dashboard's remotes are found, not listed: every folder at the repository's root named mfe-<name> with a
// package.json is one (npm's workspaces take them by the glob "mfe-*"). Lint, jest, the build, the typecheck and
// npm start read them from here; the gateway finds the same folders under its STATIC_ROOT
// (services/gateway/src/remote-dirs.ts). Adding a remote is adding its folder.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
// The one rule for a remote's name (@sniff/contracts' remoteNameSchema), read as data: this runs before any build.
const REMOTE_DIR = new RegExp(require('../services/contracts/src/remote-name.json').pattern);

/** The remotes' folder names (mfe-analytics, …), in name order. */
function remoteDirs(root = ROOT) {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && REMOTE_DIR.test(d.name) && existsSync(join(root, d.name, 'package.json')))
    .map((d) => d.name)
    .sort();
}

/** The root package.json's workspaces with the remotes' glob expanded. */
function workspaceDirs(root = ROOT) {
  return require(join(root, 'package.json')).workspaces.flatMap((ws) => (ws === 'mfe-*' ? remoteDirs(root) : [ws]));
}

module.exports = { remoteDirs, workspaceDirs };
