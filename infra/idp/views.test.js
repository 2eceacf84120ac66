// The IdP's page texts are ES modules run by the IdP's own process: asked here through a Node of their own.
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const { join } = require('node:path');

const views = pathToFileURL(join(__dirname, 'views.mjs')).href;
const tryAgainIn = (seconds) =>
  execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `import { tryAgainIn } from ${JSON.stringify(views)}; process.stdout.write(tryAgainIn(${seconds}));`,
  ]).toString();

test('a throttled sign-in says how long to wait in the unit an owner reads: seconds, minutes, hours', () => {
  expect([1, 2, 59, 60, 61, 2519, 7199, 7200, 86_400].map(tryAgainIn)).toEqual([
    'Try again in 1 second.',
    'Try again in 2 seconds.',
    'Try again in 59 seconds.',
    'Try again in 1 minute.',
    'Try again in 2 minutes.',
    'Try again in 42 minutes.',
    'Try again in 2 hours.',
    'Try again in 2 hours.',
    'Try again in 24 hours.',
  ]);
});
