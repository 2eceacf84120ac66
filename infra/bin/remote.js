#!/usr/bin/env node
// npm run remote -- <command>: the remote registry from the deploy pipeline or a terminal (README "Shipping a
// remote"). Talks to REGISTRY_URL (default: the local product's) with INTERNAL_TOKEN (default: the one the
// local product keeps in its data folder) as SNIFF_OPERATOR (default "deploy"; one of REGISTRY_OPERATORS).
const { existsSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { buildVersion, readBuild, registryClient } = require('../remote-artefacts');

const root = resolve(__dirname, '..', '..');
const USAGE = `usage: npm run remote -- <command>
  list                                   every remote: live, canary, rollback target, published versions
  publish <mfe-name> [--live]            publishes the remote's build (dist/), optionally switching it live
  live <mfe-name> <version>              every owner gets that published version
  canary <mfe-name> <version> <percent>  that share of owners (1-99) gets the version; the others stay live
  end-canary <mfe-name>                  every owner gets the live version
  rollback <mfe-name>                    back to the live version before the last switch
  retire <mfe-name>                      takes the remote off the dashboard (its versions stay published)
  publish-shell                          records the shared versions this checkout's shell provides
  seed                                   publish-shell, then publishes every remote folder's build and switches
                                         it live unless an operator chose another version (a release's step)`;

function settings(env) {
  const tokenFile = join(env.SNIFF_DATA_DIR || join(root, '.data'), 'internal-token');
  const internalToken = env.INTERNAL_TOKEN || (existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '');
  if (!internalToken) throw new Error(`INTERNAL_TOKEN is not set and ${tokenFile} does not exist (is Sniff running?)`);
  return { url: env.REGISTRY_URL || 'http://127.0.0.1:3106', internalToken, operator: env.SNIFF_OPERATOR || 'deploy' };
}

/** A remote's folder: mfe-<name>, at the repository's root unless a path is given. */
function remoteFolder(arg) {
  const dir = resolve(arg.includes('/') ? arg : join(root, arg));
  return { dir, name: dir.split(/[\\/]/).pop() };
}

const percentOf = (text) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 99) throw new Error('percent must be a whole number from 1 to 99');
  return n;
};

async function main([command, ...args], env, print) {
  const need = (n) => {
    if (args.filter((a) => !a.startsWith('--')).length < n) throw new Error(USAGE);
  };
  if (!command || command === 'help') return print(USAGE);
  const registry = registryClient(settings(env));
  switch (command) {
    case 'list':
      return print(JSON.stringify(await registry.list(), null, 2));
    case 'publish': {
      need(1);
      const { dir, name } = remoteFolder(args[0]);
      const files = readBuild(dir);
      const version = buildVersion(dir, files);
      const published = await registry.publish(name, version, files);
      print(`${name} ${version}: ${published.created ? 'published' : 'already published'} (${published.files} files)`);
      if (args.includes('--live')) await registry.live(name, version).then(() => print(`${name} ${version} is live`));
      return;
    }
    case 'live':
      need(2);
      return print(JSON.stringify(await registry.live(args[0], args[1]), null, 2));
    case 'canary':
      need(3);
      return print(JSON.stringify(await registry.canary(args[0], args[1], percentOf(args[2])), null, 2));
    case 'end-canary':
      need(1);
      return print(JSON.stringify(await registry.endCanary(args[0]), null, 2));
    case 'rollback':
      need(1);
      return print(JSON.stringify(await registry.rollBack(args[0]), null, 2));
    case 'retire':
      need(1);
      return print(JSON.stringify(await registry.retire(args[0]), null, 2));
    case 'seed': {
      const { seedRegistry } = require('../launch/registry-seed');
      return seedRegistry({ root, ...settings(env), log: print });
    }
    case 'publish-shell': {
      const { providedVersions } = require(join(root, 'shell', 'sdk', 'federation', 'shared.js'));
      return print(JSON.stringify(await registry.publishShell(providedVersions(join(root, 'shell'))), null, 2));
    }
    default:
      throw new Error(`unknown command ${command}\n${USAGE}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2), process.env, (line) => console.log(line)).catch((error) => {
    console.error(`remote: ${error.message}`);
    process.exit(1);
  });
}

module.exports = { main };
