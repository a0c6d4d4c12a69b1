// One jest run for the whole workspace: API tests in Node against a real database,
// front-end tests in jsdom. TypeScript through ts-jest (transpile only; `npm run typecheck`
// checks types).
const tsJest = [
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
];

const frontEnds = ['shared', 'shell', 'mfe-storefront', 'mfe-catalog-admin', 'mfe-store-admin', 'mfe-config-admin'];

module.exports = {
  // Per-project timeouts are not honoured by jest; API tests hash passwords and migrate databases.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'api',
      testEnvironment: 'node',
      roots: ['<rootDir>/api'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      // light-my-request (app.inject) depends on cookie 1.x, which ships ES modules only.
      transformIgnorePatterns: ['/node_modules/(?!(.*/node_modules/)?cookie/)'],
    },
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/jest/jsdom-with-fetch.js',
      roots: frontEnds.map((dir) => `<rootDir>/${dir}`),
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.[tj]sx?$': tsJest },
      // ky and @ant-design/colors (through @ant-design/icons) ship ES modules only.
      transformIgnorePatterns: ['/node_modules/(?!(ky|@ant-design/colors|@ant-design/fast-color)/)'],
      moduleNameMapper: {
        '\\.(css|less)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|svg|webp|woff2?)$': '<rootDir>/jest/file-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/jest/setup-dom.ts'],
    },
  ],
};
