// A remote's build as the remote registry (services/registry) takes it, and the registry's operator API as the
// deploy pipeline calls it: the seed (launch/registry-seed.js) and the CLI (bin/remote.js) share this.
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join, relative, sep } = require('node:path');

/**
 * The files of a remote's build (<dir>/dist) a browser loads: not source maps (they stay with the build for
 * error tracking), nor dot folders (the marketing pre-renderer's Node build), nor the standalone page
 * (the team's dev server's). A public-site build's pre-rendered pages (the HTML its pages.json names) go with it:
 * the gateway serves the public site from the registry's live version.
 * @param {string} dir the remote's folder @returns {Map<string, Buffer>}
 */
function readBuild(dir) {
  const dist = join(dir, 'dist');
  if (!existsSync(join(dist, 'mf-manifest.json'))) {
    throw new Error(
      `${relative(process.cwd(), dist) || dist} holds no build: run npm run build -w ${dir.split(sep).pop()}`,
    );
  }
  const files = new Map();
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const file = join(at, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.(map|html)$/.test(entry.name))
        files.set(relative(dist, file).split(sep).join('/'), readFileSync(file));
    }
  };
  walk(dist);
  for (const page of publicPages(dist)) files.set(page, readFileSync(join(dist, ...page.split('/'))));
  return files;
}

/**
 * The pages a public-site build's pages.json names (none without one), each a file inside the build (the registry
 * checks the list against @sniff/contracts' publicSiteManifestSchema).
 * @param {string} dist @returns {string[]}
 */
function publicPages(dist) {
  const file = join(dist, 'pages.json');
  if (!existsSync(file)) return [];
  const { routes = {}, notFound } = JSON.parse(readFileSync(file, 'utf8'));
  const pages = [...new Set([...Object.values(routes), notFound])];
  const outside = pages.find((page) => typeof page !== 'string' || /(^|\/)\.|^\/|\\/.test(page));
  if (outside !== undefined)
    throw new Error(`${file} names ${JSON.stringify(outside)}, which is not a file of the build`);
  return pages;
}

/**
 * The build's version: its package.json's release plus the hash of its files as build metadata (0.1.0+3fa9c0de),
 * so a version names exactly one build and publishing the same build twice is the same version.
 * @param {string} dir @param {Map<string, Buffer>} files
 */
function buildVersion(dir, files) {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) hash.update(path).update('\0').update(files.get(path)).update('\0');
  const release = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
  return `${release}+${hash.digest('hex').slice(0, 8)}`;
}

/**
 * The registry's operator API, called as the deploy pipeline: with the internal token, naming the operator
 * (who must be in the registry's REGISTRY_OPERATORS). Every refusal throws the registry's own message.
 * @param {{ url: string, internalToken: string, operator: string }} options
 */
function registryClient({ url, internalToken, operator }) {
  const call = async (method, path, body) => {
    const res = await fetch(`${url.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        'x-sniff-internal-token': internalToken,
        'x-sniff-user-sub': encodeURIComponent(operator),
        'x-sniff-user-email': '',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    }).catch((error) => {
      throw new Error(`the remote registry at ${url} cannot be reached (${error.cause?.code ?? error.message})`);
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(answer.message ?? `the remote registry answered ${res.status}`);
    return answer;
  };
  const at = (remote) => `/remotes/${encodeURIComponent(remote)}`;
  return {
    list: () => call('GET', '/remotes'),
    /** @param {string} remote @param {string} version @param {Map<string, Buffer>} files */
    publish: (remote, version, files) =>
      call('PUT', `${at(remote)}/versions/${encodeURIComponent(version)}`, {
        files: Object.fromEntries([...files].map(([path, content]) => [path, content.toString('base64')])),
      }),
    live: (remote, version) => call('PUT', `${at(remote)}/live`, { version }),
    retire: (remote) => call('DELETE', `${at(remote)}/live`),
    canary: (remote, version, percent) => call('PUT', `${at(remote)}/canary`, { version, percent }),
    endCanary: (remote) => call('DELETE', `${at(remote)}/canary`),
    rollBack: (remote) => call('POST', `${at(remote)}/rollback`),
    /** @param {Record<string, string>} shared */
    publishShell: (shared) => call('PUT', '/shell', { shared }),
  };
}

module.exports = { readBuild, buildVersion, registryClient };
