// One lint setup for every workspace: TypeScript-aware rules, React hooks rules for the front ends,
// and the one-way import rule of DESIGN.md (remotes never import each other, Auth0 or Stripe).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['mfe-marketing', 'mfe-wizard', 'mfe-stores', 'mfe-analytics', 'mfe-billing'];

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
  ...remotes.map((remote) => ({
    files: [`${remote}/src/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
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
      ],
    },
  })),
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
