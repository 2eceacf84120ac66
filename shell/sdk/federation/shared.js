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

/** `shared` option for the front end at `dir` (its package.json names the versions). */
function sharedFor(dir) {
  const pkg = require(path.join(dir, 'package.json'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  return Object.fromEntries(
    SINGLETONS.map((name) => [
      name,
      // Workspace packages ("*") accept whatever the shell provides.
      { singleton: true, requiredVersion: deps[name] && deps[name] !== '*' ? deps[name] : false },
    ]),
  );
}

module.exports = { SINGLETONS, sharedFor };
