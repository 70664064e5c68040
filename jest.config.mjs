// Plain ESM so jest needs no TypeScript loader for its own config.
/** @typedef {import('jest').Config} Config */

// ESM-only packages that jest (CommonJS on Node 20) must transform.
const esmOnly = [
  '@noble',
  '@scure',
  'jose',
  'oidc-provider',
  'ethereum-cryptography',
  'micro-ftch',
  'qr',
];

/** @type {Config['transform']} */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
      },
    },
  ],
};

/** @type {Config} */
const shared = {
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // CSS Modules resolve to their own class names (styles.button === 'button'); global
  // stylesheets are imported for their side effect, which jsdom does not need.
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/test/setup/empty-module.ts',
  },
};

/** @type {Config} */
const config = {
  // Chain and database tests start real processes; two workers fit the 2-core CI machine.
  maxWorkers: 2,
  testTimeout: 30_000,
  // Compiles the test contracts once, before the workers start.
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  projects: [
    {
      ...shared,
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['<rootDir>/test/e2e/'],
    },
    {
      ...shared,
      displayName: 'ui',
      testEnvironment: 'jsdom',
      testEnvironmentOptions: { globalsCleanup: 'off' },
      setupFiles: ['<rootDir>/test/setup/jsdom-polyfills.ts'],
      testMatch: ['<rootDir>/test/**/*.test.tsx'],
    },
    {
      // Chromium against the built app: needs `npm run build` first.
      ...shared,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
    },
  ],
};

export default config;
