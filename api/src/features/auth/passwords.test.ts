import { breachedPasswordCount } from './breached-passwords';
import { passwordProblem } from './passwords';

describe('passwordProblem', () => {
  it('accepts a long, unlisted password unrelated to the address', () => {
    expect(passwordProblem('Zomer aan de Waddenkust 2026', 'jan.jansen@example.nl')).toBeNull();
  });

  it('refuses a password of spaces only', () => {
    expect(passwordProblem('        ')).toBe('Password cannot consist of spaces only');
  });

  it("refuses a password containing the address's local part, in any case", () => {
    expect(passwordProblem('Jan.Jansen2026!', 'jan.jansen@example.nl')).toBe('Password must not contain your email address');
    expect(passwordProblem('jan.jansen@example.nl', 'jan.jansen@example.nl')).toBe('Password must not contain your email address');
  });

  it('refuses passwords from the breached list, whatever their case', () => {
    expect(breachedPasswordCount()).toBeGreaterThanOrEqual(10_000);
    for (const leaked of ['password1', 'Iloveyou1', 'sunshine', 'welkom123']) {
      expect(passwordProblem(leaked)).toBe('This password is too common; choose another');
    }
  });

  it('keeps the length limits', () => {
    expect(passwordProblem('kort')).toBe('Password must be at least 8 characters');
    expect(passwordProblem('x'.repeat(257))).toBe('Password must be at most 256 characters');
  });
});
