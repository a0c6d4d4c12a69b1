/**
 * Passwords that appear in public breach corpora: zxcvbn's frequency list (about 49,000
 * entries, shipped offline as a dependency) plus our Dutch favourites. Lower-cased; the check is
 * case-insensitive, since "Welkom123" is guessed as fast as "welkom123".
 */
import { COMMON_PASSWORDS } from './common-passwords';

let breached: Set<string> | undefined;

function breachedPasswords(): Set<string> {
  if (!breached) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const ranked = require('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    breached = new Set([...ranked.map((entry) => entry.toLowerCase()), ...COMMON_PASSWORDS]);
  }
  return breached;
}

export function isBreachedPassword(password: string): boolean {
  return breachedPasswords().has(password.toLowerCase());
}

/** How many entries the list holds (documented and tested: at least 10,000). */
export const breachedPasswordCount = (): number => breachedPasswords().size;
