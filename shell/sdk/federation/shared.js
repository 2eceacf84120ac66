// The ONE table of dependencies shared by the shell and every remote as Module Federation
// singletons, with the version range each front end's package.json asks for. Host and remotes
// are projected from it so they can never disagree.
const path = require('node:path');

// zod too: @sniff/contracts (every front end's plans and schemas) needs it, and unshared each remote
// shipped its own untree-shaken copy (half a megabyte before the marketing pages were interactive).
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  '@sniff/shell-sdk',
  'zod',
];

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
      },
    ]),
  );
}

module.exports = { SINGLETONS, sharedFor };
