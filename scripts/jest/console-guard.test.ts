/**
 * The web set-up fails a test that logs an unexpected console.error, and lets one through that
 * a test declared with allowConsole: proved by running jest on a fixture with the real set-up.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const jestConfig = require('../../jest.config.js') as {
  projects: { displayName: string; [key: string]: unknown }[];
};

const ROOT = path.resolve(__dirname, '../..');

it('fails a test that logs an unexpected console.error and names the message', () => {
  const web = jestConfig.projects.find((project) => project.displayName === 'web')!;
  const config = {
    ...web,
    rootDir: ROOT,
    roots: ['<rootDir>/scripts/jest/fixtures'],
    testMatch: ['**/*.fixture.ts'],
  };
  const result = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '--config', JSON.stringify(config), '--ci', '--colors=false'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
  );
  const output = `${result.stdout}${result.stderr}`;
  expect(result.status).not.toBe(0);
  expect(output).toMatch(/✕ renders a component that logs an error/);
  expect(output).toMatch(/console\.error: Warning: Each child in a list should have a unique "key" prop\./);
  expect(output).toMatch(/✓ expects its own error log/);
  expect(output).toMatch(/Tests:\s+1 failed, 1 passed, 2 total/);
});
