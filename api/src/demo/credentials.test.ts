import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, readDemoCredentials, saveDemoCredentials, shouldSeedDemo } from './credentials';

describe('demo credentials', () => {
  it('are random for every data folder unless the environment sets them', () => {
    const first = demoAccounts({});
    const second = demoAccounts({});
    expect(first.admin.password).not.toBe(second.admin.password);
    expect(first.admin.password.length).toBeGreaterThanOrEqual(20);
    expect(first.user.password).not.toBe(first.admin.password);
    expect(demoAccounts({ admin: 'chosen-admin-pass' }).admin.password).toBe('chosen-admin-pass');
  });

  it('are written to the data folder readable by the owner only, and read back', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koopjesland-credentials-'));
    const accounts = demoAccounts({});
    const file = saveDemoCredentials(dataDir, accounts);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readDemoCredentials(dataDir)).toEqual(accounts);
    expect(readDemoCredentials(path.join(dataDir, 'missing'))).toBeNull();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('shouldSeedDemo', () => {
  it('seeds the embedded database, never a PostgreSQL server unless SEED_DEMO=on', () => {
    expect(shouldSeedDemo('pglite', undefined)).toBe(true);
    expect(shouldSeedDemo('postgres', undefined)).toBe(false);
    expect(shouldSeedDemo('postgres', 'on')).toBe(true);
    expect(shouldSeedDemo('pglite', 'off')).toBe(false);
  });
});
