/** Where the e2e server runs; shared by global setup and the tests. */
import os from 'node:os';
import path from 'node:path';
import { readDemoCredentials } from '../../api/src/demo/credentials';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8187);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `koopjesland-e2e-data-${E2E_PORT}`);
export const STATE_FILE = path.join(os.tmpdir(), `koopjesland-e2e-state-${E2E_PORT}.json`);

/**
 * The demo accounts, read the way a person reads them: from the credentials file `npm start`
 * wrote into its data folder when it created the demo data (passwords are random per folder).
 */
function demoAccount(kind: 'admin' | 'user'): { email: string; password: string } {
  const accounts = readDemoCredentials(E2E_DATA_DIR);
  if (!accounts) throw new Error(`no demo credentials in ${E2E_DATA_DIR}: did the e2e server start?`);
  return accounts[kind];
}
export const DEMO_ADMIN = {
  get email() {
    return demoAccount('admin').email;
  },
  get password() {
    return demoAccount('admin').password;
  },
};
export const DEMO_USER = {
  get email() {
    return demoAccount('user').email;
  },
  get password() {
    return demoAccount('user').password;
  },
};
