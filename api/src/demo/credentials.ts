/**
 * The demo accounts' credentials. Nothing is fixed or published: a password comes from
 * DEMO_ADMIN_PASSWORD / DEMO_USER_PASSWORD, or is generated for this data folder and written once
 * to `<dataDir>/demo-credentials.txt` (mode 0600), where a person (or a browser test) reads it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DemoSettings } from '../config';

export interface DemoAccount {
  email: string;
  password: string;
}

export interface DemoAccounts {
  admin: DemoAccount;
  user: DemoAccount;
}

export const DEMO_EMAILS = { admin: 'admin@koopjesland.nl', user: 'demo@koopjesland.nl' } as const;

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.txt';

/** 18 random bytes: 24 URL-safe characters, far beyond any guessing. */
const randomPassword = () => crypto.randomBytes(18).toString('base64url');

/** The passwords given (config.ts `demo.passwords`), else random ones. */
export function demoAccounts(passwords: DemoSettings['passwords'] = {}): DemoAccounts {
  return {
    admin: { email: DEMO_EMAILS.admin, password: passwords.admin || randomPassword() },
    user: { email: DEMO_EMAILS.user, password: passwords.user || randomPassword() },
  };
}

/** Writes the accounts to the data folder, readable by the owner only; returns the file's path. */
export function saveDemoCredentials(dataDir: string, accounts: DemoAccounts): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  const text =
    `# Demo accounts of this data folder (created with the demo data)\n` +
    `admin ${accounts.admin.email} ${accounts.admin.password}\n` +
    `user ${accounts.user.email} ${accounts.user.password}\n`;
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, text, { mode: 0o600 });
  return file;
}

/** Reads what `saveDemoCredentials` wrote; null when the file is missing. */
export function readDemoCredentials(dataDir: string): DemoAccounts | null {
  const file = path.join(dataDir, DEMO_CREDENTIALS_FILE);
  if (!fs.existsSync(file)) return null;
  const entries = new Map<string, DemoAccount>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const [kind, email, password] = line.trim().split(/\s+/);
    if (!line.startsWith('#') && kind && email && password) entries.set(kind, { email, password });
  }
  const admin = entries.get('admin');
  const user = entries.get('user');
  return admin && user ? { admin, user } : null;
}

/**
 * Whether an empty database gets the demo catalogue: SEED_DEMO=on or off decides; otherwise only
 * the embedded database (`npm start` on a laptop) is seeded, never a PostgreSQL server.
 */
export function shouldSeedDemo(driver: 'pglite' | 'postgres', seed: DemoSettings['seed']): boolean {
  if (seed === 'on') return true;
  if (seed === 'off') return false;
  return driver === 'pglite';
}
