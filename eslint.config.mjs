// One lint setup for every workspace: TypeScript-aware rules, React hooks rules for the front ends,
// and the one-way import rules of DESIGN.md (remotes never import each other, Auth0 or Stripe; inside
// every front end shared -> features -> app).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const remotes = require('./infra/remotes.js').remoteDirs();
// What the shared react-router-dom leaves out (a remote would get undefined): refused at lint instead.
const { LEFT_OUT } = require('./shell/sdk/federation/facades/react-router-left-out.js');
const frontEnds = ['shell', ...remotes];

/**
 * Layers inside each front end (bulletproof-react's project structure): `shared` imports only shared
 * code, a feature imports shared code and other features, the app (routes, composition) imports
 * anything; nothing imports the app but the entry files at the root of src (remote.tsx, bootstrap…).
 * In the shell every folder of src besides app/ and shared/ is a feature (layout, overview, auth…).
 */
export const layers = {
  plugins: { boundaries },
  files: frontEnds.map((f) => `${f}/src/**/*.{ts,tsx}`),
  // Tests compose whole front ends (a test of the shell may use the remotes' declarations).
  ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing.tsx'],
  settings: {
    'boundaries/elements': [
      { type: 'shared', pattern: frontEnds.map((f) => `${f}/src/shared`), partialMatch: false },
      { type: 'app', pattern: frontEnds.map((f) => `${f}/src/app`), partialMatch: false },
      // The marketing pre-renderer is the entry of its own (Node) build.
      { type: 'entry', pattern: 'mfe-marketing/src/prerender', partialMatch: false },
      {
        type: 'feature',
        pattern: [...remotes.map((r) => `${r}/src/features/*`), 'shell/src/*'],
        partialMatch: false,
      },
      // Last: what is left is a file at the root of src (remote.tsx, declaration.ts, bootstrap.tsx…).
      { type: 'entry', pattern: frontEnds.map((f) => `${f}/src`), partialMatch: false },
    ],
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message: 'One-way imports: shared -> features -> app (a {{from.type}} module may not import {{to.type}} code).',
        policies: [
          { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
          {
            from: { element: { type: 'feature' } },
            allow: { to: { element: { types: { anyOf: ['shared', 'feature'] } } } },
          },
          {
            from: { element: { type: 'app' } },
            allow: { to: { element: { types: { anyOf: ['shared', 'feature', 'app'] } } } },
          },
          {
            from: { element: { type: 'entry' } },
            allow: { to: { element: { types: { anyOf: ['shared', 'feature', 'app', 'entry'] } } } },
          },
        ],
      },
    ],
  },
};

/** What a remote may not import: Auth0, Stripe, other remotes, and what the shared router leaves out. */
function remoteImports(remote, { sharedRouter = false } = {}) {
  return [
    'error',
    {
      paths: sharedRouter
        ? [
            {
              name: 'react-router-dom',
              importNames: Object.values(LEFT_OUT).flat(),
              message:
                'Not shared by the shell (see shell/sdk/federation/facades/react-router-left-out.js): the shell owns the one router.',
            },
          ]
        : [],
      patterns: [
        { group: ['@auth0/*'], message: 'Remotes never touch Auth0: use @sniff/shell-sdk.' },
        {
          group: ['@stripe/*'],
          message: 'Remotes never import Stripe: the shell loads it; use usePayments() from @sniff/shell-sdk.',
        },
        ...remotes
          .filter((r) => r !== remote)
          .map((r) => ({ group: [`@sniff/${r}`, `**/${r}/**`], message: 'Remotes never import each other.' })),
      ],
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '**/test-results/**', 'infra/demo-site/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.test.js'], languageOptions: { globals: { ...globals.jest } } },
  {
    files: ['**/*.tsx', 'shell/**/*.ts', 'mfe-*/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  layers,
  ...remotes.flatMap((remote) => [
    { files: [`${remote}/src/**`], rules: { 'no-restricted-imports': remoteImports(remote) } },
    {
      // Browser code gets the shared react-router-dom; tests and the pre-renderer (Node) get the library.
      files: [`${remote}/src/**`],
      ignores: ['**/*.test.*', '**/prerender/**'],
      rules: { 'no-restricted-imports': remoteImports(remote, { sharedRouter: true }) },
    },
  ]),
  {
    // Every browser test goes through the fixture that fails it on a Content-Security-Policy violation.
    files: ['shell/e2e/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: 'Import test and expect from ../support/test (it fails a test on any CSP violation).',
            },
          ],
        },
      ],
    },
  },
  {
    // The peer engines are the benchmark's (devDependencies): the search service never runs them.
    files: ['services/search/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['minisearch', 'flexsearch', '@orama/*', 'fuse.js', '**/bench/engines'],
              message: 'Peer engines are for services/search/bench only.',
            },
          ],
        },
      ],
    },
  },
  {
    // No function over 150 lines (issue 29). Only where the longest closures were split so far: elsewhere
    // the Stripe, Shopify and Postgres stand-ins, benchmarks, the fuzz stack and three React components
    // are still longer. Tests are exempt (a describe block holds its cases).
    files: [
      'services/search/widget/src/**',
      'mfe-wizard/src/**',
      'infra/launcher.js',
      'infra/launch/**',
      'infra/idp/**',
    ],
    ignores: ['**/*.test.*', '**/*.spec.*'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
