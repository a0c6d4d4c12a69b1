/** Where the e2e server runs; shared by global setup and the tests. */
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8187);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `koopjesland-e2e-data-${E2E_PORT}`);
export const STATE_FILE = path.join(os.tmpdir(), `koopjesland-e2e-state-${E2E_PORT}.json`);

export const DEMO_ADMIN = { email: 'admin@koopjesland.nl', password: process.env.DEMO_ADMIN_PASSWORD ?? 'e2e-admin-Passw0rd' };
export const DEMO_USER = { email: 'demo@koopjesland.nl', password: process.env.DEMO_USER_PASSWORD ?? 'e2e-user-Passw0rd' };
