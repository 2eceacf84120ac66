// The remotes are found by their folders: a new mfe-<name> folder is picked up everywhere, and no
// configuration file lists them by hand again.
const { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { remoteDirs, workspaceDirs } = require('./remotes');

const ROOT = join(__dirname, '..');

test("finds every mfe-<name> folder with a package.json, a new one included, and the workspaces' glob expands to them", () => {
  const root = mkdtempSync(join(tmpdir(), 'sniff-remotes-'));
  try {
    for (const dir of ['mfe-wizard', 'mfe-loyalty-points', 'services'])
      mkdirSync(join(root, dir, 'src'), { recursive: true });
    mkdirSync(join(root, 'mfe-notes')); // no package.json: not a workspace, not a remote
    // a name the registry and the gateway refuse (one rule, @sniff/contracts' remote-name.json) is no remote either
    for (const dir of [`mfe-${'x'.repeat(42)}`, 'mfe-Caps']) {
      mkdirSync(join(root, dir));
      writeFileSync(join(root, dir, 'package.json'), '{}');
    }
    for (const dir of ['mfe-wizard', 'mfe-loyalty-points']) writeFileSync(join(root, dir, 'package.json'), '{}');
    writeFileSync(join(root, 'package.json'), JSON.stringify({ workspaces: ['services', 'mfe-*', 'shell'] }));
    expect(remoteDirs(root)).toEqual(['mfe-loyalty-points', 'mfe-wizard']);
    expect(workspaceDirs(root)).toEqual(['services', 'mfe-loyalty-points', 'mfe-wizard', 'shell']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('jest, lint, the build, the typecheck, npm start and the gateway take the remotes from their folders', () => {
  const remotes = remoteDirs();
  expect(remotes).toEqual(
    expect.arrayContaining(['mfe-analytics', 'mfe-billing', 'mfe-marketing', 'mfe-stores', 'mfe-wizard']),
  );
  const jest = require('../jest.config');
  for (const dir of remotes) expect(jest.roots).toContain(`<rootDir>/${dir}`);
  // A file naming most remotes is a hand-written list (one or two named for their own reason are fine: the public
  // site is mfe-marketing's build; a lint rule may cover one remote's code).
  const configFiles = [
    'package.json',
    'eslint.config.mjs',
    'jest.config.js',
    'infra/bin/build-apps.js',
    'infra/bin/start.js',
    'infra/bin/typecheck.js',
    'infra/launcher.js',
    'services/gateway/src/config.ts',
    'services/gateway/src/frontend.ts',
    'services/gateway/src/remote-dirs.ts',
  ];
  for (const file of configFiles) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    expect({ file, listed: remotes.filter((dir) => text.includes(dir)).length > remotes.length / 2 }).toEqual({
      file,
      listed: false,
    });
  }
});
