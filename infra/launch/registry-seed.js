// The registry's seed: on start, the shell's shared versions and every remote folder's build of this checkout
// are published (infra/remotes.js finds the folders: nothing lists them), and a build goes live unless an
// operator has chosen another version since (the seed then leaves that remote alone).
const { join } = require('node:path');
const { remoteDirs } = require('../remotes');
const { buildVersion, readBuild, registryClient } = require('../remote-artefacts');

/** The operator name the seed publishes and switches as. */
const SEED_OPERATOR = 'seed';

/**
 * @param {{ root: string, url: string, internalToken: string, log: (line: string) => void, operator?: string }} options
 *   operator: who publishes (one of the registry's REGISTRY_OPERATORS); a remote it switched last moves on to the new build
 */
async function seedRegistry({ root, url, internalToken, log, operator = SEED_OPERATOR }) {
  const registry = registryClient({ url, internalToken, operator });
  const { providedVersions } = require(join(root, 'shell', 'sdk', 'federation', 'shared.js'));
  await registry.publishShell(providedVersions(join(root, 'shell')));
  const { remotes } = await registry.list();
  for (const name of remoteDirs(root)) {
    const dir = join(root, name);
    const files = readBuild(dir);
    const version = buildVersion(dir, files);
    const channel = remotes.find((r) => r.remote === name);
    // A build published before (an unchanged checkout started again) is not sent again.
    const known = channel?.versions.some((v) => v.version === version);
    if (!known) await registry.publish(name, version, files);
    if (channel?.live && channel.updatedBy !== operator) {
      log(`[registry] ${name}: ${version} published; ${channel.live} stays live (chosen by ${channel.updatedBy})`);
      continue;
    }
    if (channel?.live !== version) await registry.live(name, version);
    log(`[registry] ${name}: ${version} live${known ? '' : ' (new build)'}`);
  }
}

module.exports = { seedRegistry, SEED_OPERATOR };
