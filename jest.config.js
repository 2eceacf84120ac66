// One jest setup for every workspace: co-located *.test.ts(x) files, compiled by swc with
// decorator metadata (NestJS, TypeORM). Workspace libraries resolve to their sources so
// unit tests never need a build. Frontend tests opt into jsdom with a docblock.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const { remoteDirs } = require('./infra/remotes');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/services', '<rootDir>/shell', ...remoteDirs().map((dir) => `<rootDir>/${dir}`), '<rootDir>/infra'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.js'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/shell/e2e/'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  moduleNameMapper: {
    '^@sniff/contracts$': '<rootDir>/services/contracts/src/index.ts',
    '^@sniff/service-kit$': '<rootDir>/services/kit/src/index.ts',
    '^@sniff/service-kit/testing$': '<rootDir>/services/kit/src/testing/index.ts',
    '^@sniff/shell-sdk$': '<rootDir>/shell/sdk/src/index.ts',
    '^@sniff/shell-sdk/declaration$': '<rootDir>/shell/sdk/src/declaration.ts',
    '^@sniff/shell-sdk/shared-data$': '<rootDir>/shell/sdk/src/shared-data.ts',
    '^@sniff/shell-sdk/testing$': '<rootDir>/shell/sdk/testing/harness.tsx',
    '^@sniff/ui$': '<rootDir>/shell/ui/src/index.tsx',
    '^@sniff/widget-studio$': '<rootDir>/shell/widget-studio/src/index.ts',
    '^@sniff/billing-ui$': '<rootDir>/shell/billing-ui/src/index.tsx',
    // jest runs CommonJS: the same API as the browser build the analytics remote ships
    '^csv-stringify/browser/esm/sync$': '<rootDir>/node_modules/csv-stringify/dist/cjs/sync.cjs',
    '\\.css$': '<rootDir>/infra/jest/style-stub.js',
  },
  setupFiles: ['<rootDir>/infra/jest/setup-globals.js'],
  testTimeout: 30000,
};
