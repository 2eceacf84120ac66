// The ONE table of dependencies shared by the shell and every remote as Module Federation
// singletons, with the version range each front end's package.json asks for. Host and remotes
// are projected from it so they can never disagree.
const fs = require('node:fs');
const path = require('node:path');

// zod too: @sniff/contracts (every front end's plans and schemas) needs it, and unshared each remote
// shipped its own untree-shaken copy (half a megabyte before the marketing pages were interactive).
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  // RTK Query's entry points too: each remote's createApi otherwise bundled its own copy of RTK Query,
  // immer and reselect (about 20 kB compressed on every remote page) beside the shell's.
  '@reduxjs/toolkit/query',
  '@reduxjs/toolkit/query/react',
  '@sniff/shell-sdk',
  // The owner's stores, plans and usage: one RTK Query API and so one cache for the shell and every
  // remote (a store created in the wizard shows on the overview and in analytics without a reload).
  '@sniff/shell-sdk/shared-data',
  // The shared primitives (Button, Dialog, Tabs, toasts): the shell has them already, so a remote page
  // no longer loads its own copy (about 3 kB compressed).
  '@sniff/ui',
  'zod',
];

/**
 * Shared as a module of our own instead of the library's entry (see facades/): react-router-dom as
 * every export a remote can use inside the shell's router, without the data router's engine and the
 * server APIs (39.5 kB compressed on every page, the public ones included). zod is shared whole: a
 * remote may use any of it, and it is loaded with the dashboard only (the shell's LAZY list).
 */
const FACADES = {
  'react-router-dom': path.join(__dirname, 'facades/react-router-dom.js'),
};

/**
 * `shared` option for the front end at `dir` (its package.json names the versions). `eager` lists
 * the libraries that front end bundles into its entry chunk instead of loading on demand (the
 * shell provides them that way; remotes load nothing eagerly).
 */
function sharedFor(dir, { eager = [] } = {}) {
  const pkg = require(path.join(dir, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      {
        singleton: true,
        // Workspace packages ("*") accept whatever the shell provides.
        requiredVersion: deps[name] && deps[name] !== '*' ? deps[name] : false,
        ...(eager.includes(name) ? { eager: true } : {}),
        ...(FACADES[name] ? { import: FACADES[name], version: require(`${name}/package.json`).version } : {}),
      },
    ]),
  );
}

/** The packages a front end's package.json names (any range, "*" included). */
function declaredPackages(dir) {
  const pkg = require(path.join(dir, 'package.json'));
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
}

/** The ranges a front end's build requires of the shell (its declaration.json's `requires`). */
function requiredRanges(dir) {
  return Object.fromEntries(
    Object.entries(sharedFor(dir))
      .filter(([, config]) => typeof config.requiredVersion === 'string')
      .map(([name, config]) => [name, config.requiredVersion]),
  );
}

/** The package a shared name comes from: '@reduxjs/toolkit/query' -> '@reduxjs/toolkit'. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** The installed package.json of `pkg` as `dir` resolves it (node_modules up the folders; exports may hide it). */
function installedVersion(pkg, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(at) === at) throw new Error(`${pkg} is not installed for ${dir}`);
  }
}

/**
 * The versions of the shared libraries the front end at `dir` provides (the shell: what its build bundled):
 * what the remote registry checks every published remote's `requires` against.
 */
function providedVersions(dir) {
  return Object.fromEntries(SINGLETONS.map((name) => [name, installedVersion(packageOf(name), dir)]));
}

module.exports = { SINGLETONS, FACADES, sharedFor, requiredRanges, declaredPackages, providedVersions };
