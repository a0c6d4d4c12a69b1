/**
 * Starts `npm start` once for the browser tests, on a fresh data folder, with known demo
 * passwords, and waits until the site answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BASE_URL, E2E_DATA_DIR, E2E_PORT, STATE_FILE } from './server';

const ROOT = path.resolve(__dirname, '../..');

async function waitForServer(timeoutMs: number, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(`npm start exited before the site was up: ${failure}`);
    try {
      const response = await fetch(`${BASE_URL}/api/site-configuration?domain=localhost`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the site did not answer on ${BASE_URL} within ${timeoutMs / 1000} s`);
}

export default async function globalSetup(): Promise<void> {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  const log = fs.openSync(path.join(ROOT, 'e2e', `server-${E2E_PORT}.log`), 'w');
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: '',
      DEMO_ADMIN_PASSWORD: '',
      DEMO_USER_PASSWORD: '',
      FEED_SCHEDULER: 'off',
      // The store-admin test serves its feed from this machine (loopback is refused otherwise).
      FEED_ALLOWED_HOSTS: '127.0.0.1',
      // Server rendering's budget (300 ms) is a production setting: on a busy test machine a render may
      // take longer and the page would be client-rendered, which tests of the rendered HTML cannot tell apart.
      SSR_BUDGET_MS: process.env.SSR_BUDGET_MS ?? '10000',
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  let exitMessage: string | null = null;
  child.on('exit', (code, signal) => {
    exitMessage = `code ${code} signal ${signal} (see e2e/server-${E2E_PORT}.log)`;
  });
  fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: child.pid }));
  await waitForServer(15 * 60_000, () => exitMessage);
}
