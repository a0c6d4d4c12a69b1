// `npm test`: the API's tests in Node (each file on its own copy of one migrated database) and the
// front ends' tests in jsdom, side by side in one jest run.
const typescript = {
  '^.+\\.[tj]sx?$': [
    'ts-jest',
    {
      tsconfig: {
        module: 'commonjs',
        moduleResolution: 'node10',
        jsx: 'react-jsx',
        esModuleInterop: true,
        isolatedModules: true,
        allowJs: true,
        strict: true,
        target: 'ES2022',
        resolveJsonModule: true,
      },
      diagnostics: false,
    },
  ],
};

/** @type {import('jest').Config} */
module.exports = {
  // A test that needs longer says so where it is written, with the reason.
  testTimeout: 10_000,
  // Both cores: jest's default on two is one worker, which runs every file in jest's own process.
  maxWorkers: 2,
  // A worker whose heap is past this after a file is replaced by a fresh one, so a leak in one file
  // (a test's or a library's) cannot slow or stall the files that run after it in that worker.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      displayName: 'api',
      testEnvironment: 'node',
      // The API side of server rendering lives with the shell's render (shell/src/server-rendering);
      // its tests run against the API like the others.
      roots: ['<rootDir>/api', '<rootDir>/scripts/lint', '<rootDir>/shell/src/server-rendering'],
      testMatch: ['**/*.test.ts'],
      transform: typescript,
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
      transform: typescript,
      transformIgnorePatterns: ['/node_modules/(?!(ky|@ant-design/colors|@ant-design/fast-color)/)'],
      moduleNameMapper: {
        '^antd/es/locale/(.*)$': 'antd/lib/locale/$1',
        '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
        '\\.(css|less)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|svg|webp|woff2?)$': '<rootDir>/scripts/jest/file-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup-dom.ts'],
    },
  ],
};
