#!/usr/bin/env node
// npm run new-remote -- <name>: a new dashboard remote, mfe-<name>, from infra/remote-template. Nothing else in the
// repository needs to name it: the workspaces, lint, jest, the build, npm start and the registry's seed find the
// folder (infra/remotes.js). README "Shipping a remote" goes on from here.
const { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const TEMPLATE = join(__dirname, '..', 'remote-template');
const root = resolve(__dirname, '..', '..');

/** Every file under `dir`. */
const filesUnder = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

/**
 * Writes <into>/mfe-<name> from the template, its placeholders filled in; returns the folder.
 * @param {string} name lower-case words joined by '-', e.g. loyalty-points @param {string} [into]
 */
function createRemote(name, into = root) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name ?? '')) {
    throw new Error('the name must be lower-case words joined by "-", like loyalty-points');
  }
  const dir = join(into, `mfe-${name}`);
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  const title = name
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
  cpSync(TEMPLATE, dir, { recursive: true });
  for (const file of filesUnder(dir)) {
    writeFileSync(file, readFileSync(file, 'utf8').replaceAll('__NAME__', name).replaceAll('__TITLE__', title));
  }
  return dir;
}

if (require.main === module) {
  try {
    const dir = createRemote(process.argv[2]);
    const folder = dir.slice(root.length + 1);
    console.log(`${folder} is ready. Next:
  npm install                                   (links the new workspace)
  npm run build -w ${folder}
  npm run remote -- publish ${folder} --live    (with Sniff running: npm start)`);
  } catch (error) {
    console.error(`new-remote: ${error.message}`);
    process.exit(1);
  }
}

module.exports = { createRemote };
