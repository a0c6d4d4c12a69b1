// `npm test`: the API's tests in Node (each file on its own copy of one migrated database) and the
// front ends' tests in jsdom, side by side in one jest run. The test scripts give V8 a larger young
// generation (`--max-semi-space-size`): rendering and app start-up allocate short-lived objects
// fast enough that the default one is collected several times a second.
// swc compiles each file on its own (no type check: `npm run typecheck` does that), many times faster
// than the TypeScript compiler, which a fresh checkout's first run would otherwise pay for every file.
const swc = (parser) => [
  '@swc/jest',
  {
    swcrc: false,
    jsc: {
      parser,
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
const transform = {
  '^.+\\.tsx?$': swc({ syntax: 'typescript', tsx: true }),
  '^.+\\.jsx?$': swc({ syntax: 'ecmascript', jsx: true }),
};

/** @type {import('jest').Config} */
module.exports = {
  // Also every hook's: a file's set-up (an app on a copy of the test database) can pass 10 s on two
  // shared cores with three workers, which would fail a whole file for the machine's load. A test
  // that needs longer still says so where it is written, with the reason.
  testTimeout: 30_000,
  // One worker more than the two cores: jest's default on two is one worker, and with two a core
  // idles while a file waits on a timer (queue back-off, fetch timeouts, mail delivery).
  maxWorkers: 3,
  // A worker whose heap is past this after a file is replaced by a fresh one, so a leak in one file
  // (a test's or a library's) cannot slow or stall the files that run after it in that worker.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      displayName: 'api',
      testEnvironment: '<rootDir>/scripts/jest/node-with-pglite.js',
      // The API side of server rendering lives with the shell's render (shell/src/server-rendering);
      // its tests run against the API like the others.
      roots: ['<rootDir>/api', '<rootDir>/scripts/lint', '<rootDir>/scripts/webpack', '<rootDir>/shell/src/server-rendering'],
      testMatch: ['**/*.test.ts'],
      transform,
      transformIgnorePatterns: ['/node_modules/(?!(.*/node_modules/)?cookie/)'],
      globalSetup: '<rootDir>/api/test/global-setup.ts',
      setupFiles: ['<rootDir>/api/test/wasm-baseline-compiler.ts'],
    },
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/scripts/jest/jsdom-with-fetch.js',
      roots: [
        '<rootDir>/shared',
        '<rootDir>/shell',
        '<rootDir>/mfe-storefront',
        '<rootDir>/mfe-catalog-admin',
        '<rootDir>/mfe-store-admin',
        '<rootDir>/mfe-config-admin',
        '<rootDir>/scripts/jest',
      ],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      // Those are the API project's (above); the render's own tests there are .tsx and run here.
      testPathIgnorePatterns: ['/node_modules/', '/shell/src/server-rendering/[^/]+\\.test\\.ts$'],
      transform,
      transformIgnorePatterns: ['/node_modules/(?!(ky|@ant-design/colors|@ant-design/fast-color)/)'],
      moduleNameMapper: {
        // Components and icons required when a test first uses them (scripts/jest/on-demand-barrel.js).
        '^antd$': '<rootDir>/scripts/jest/antd.js',
        '^@ant-design/icons$': '<rootDir>/scripts/jest/ant-design-icons.js',
        '^antd/es/locale/(.*)$': 'antd/lib/locale/$1',
        '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
        '\\.(css|less)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|svg|webp|woff2?)$': '<rootDir>/scripts/jest/file-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup-dom.ts'],
    },
  ],
};
