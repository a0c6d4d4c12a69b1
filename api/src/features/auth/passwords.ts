/**
 * Password hashing with argon2id at the OWASP minimum (m=19 MiB, t=2, p=1), and the
 * password policy applied on registration.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { isBreachedPassword } from './breached-passwords';

const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** Verified for unknown emails too, so a login takes as long whether or not the account exists. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * Why a new password is refused, or null when it is acceptable. `email` (when known) refuses
 * passwords built from the account's own address, the first thing an attacker tries.
 */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > 256) return 'Password must be at most 256 characters';
  if (!password.trim()) return 'Password cannot consist of spaces only';
  const localPart = email?.split('@')[0]?.trim().toLowerCase() ?? '';
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    return 'Password must not contain your email address';
  }
  if (isBreachedPassword(password)) return 'This password is too common; choose another';
  return null;
}
