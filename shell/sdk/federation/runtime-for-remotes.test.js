// The remotes' builds read the federation runtime from the global the shell provides
// (runtime-for-remotes.js): a name their bundled runtime code imports from
// @module-federation/runtime-core and the shell does not provide would be undefined in the browser.
// The code a remote's build bundles around the runtime is @module-federation/runtime and the
// webpack bundler runtime; this reads their ES modules' imports of runtime-core.
const fs = require('node:fs');
const path = require('node:path');

const CORE = '@module-federation/runtime-core';

function namedImportsOfCore(pkg) {
  const dist = path.join(path.dirname(require.resolve(`${pkg}/package.json`, { paths: [__dirname] })), 'dist');
  return fs
    .readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => {
      const code = fs.readFileSync(path.join(dist, f), 'utf8');
      return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@module-federation\/runtime-core"/g)].flatMap((m) =>
        m[1]
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/)[0])
          .filter(Boolean),
      );
    });
}

it('the shell provides every name of the runtime the remotes bundle code for', async () => {
  const { runtimeForRemotes } = await import('./runtime-for-remotes.js');
  const needed = [
    ...new Set([
      ...namedImportsOfCore('@module-federation/runtime'),
      ...namedImportsOfCore('@module-federation/webpack-bundler-runtime'),
    ]),
  ];
  expect(needed).toContain('ModuleFederation');
  expect(needed.filter((name) => typeof runtimeForRemotes[name] === 'undefined')).toEqual([]);
});

it('provides the runtime once, as the global the remotes read', async () => {
  const { provideRuntimeToRemotes, runtimeForRemotes } = await import('./runtime-for-remotes.js');
  const { Global } = await import(CORE);
  delete Global._FEDERATION_RUNTIME_CORE;
  provideRuntimeToRemotes();
  expect(Global._FEDERATION_RUNTIME_CORE).toBe(runtimeForRemotes);
  const other = {};
  Global._FEDERATION_RUNTIME_CORE = other;
  provideRuntimeToRemotes();
  expect(Global._FEDERATION_RUNTIME_CORE).toBe(other);
  delete Global._FEDERATION_RUNTIME_CORE;
});
