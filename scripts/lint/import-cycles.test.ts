/**
 * `npm run lint` fails on an import cycle: the repository's own lint configuration, run as
 * `npm run lint` runs it, on fixtures that import each other (scripts/lint/fixtures/, which the
 * repository's lint run ignores).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const ESLINT = path.join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const CONFIG = path.join(ROOT, 'scripts', 'lint', 'eslint.config.mjs');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** The problems ESLint reports for a fixture folder, and whether the command failed. */
function lint(fixture: string): { failed: boolean; messages: LintMessage[] } {
  const args = [ESLINT, '-c', CONFIG, '--no-ignore', '--format', 'json', path.join('scripts', 'lint', 'fixtures', fixture)];
  let output: string;
  let failed = false;
  try {
    output = execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  } catch (error) {
    failed = true;
    output = (error as { stdout: string }).stdout;
  }
  const results = JSON.parse(output) as { messages: LintMessage[] }[];
  return { failed, messages: results.flatMap((result) => result.messages) };
}

// Each case starts ESLint with the TypeScript parser and resolver in a process of its own, which
// takes several seconds on a loaded two-core machine.
const ESLINT_PROCESS_MS = 120_000;

describe('npm run lint and import cycles', () => {
  it(
    'fails when two files import each other',
    () => {
      const { failed, messages } = lint('file-cycle');
      expect(failed).toBe(true);
      expect(messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);
    },
    ESLINT_PROCESS_MS,
  );

  it(
    'fails when two feature folders import each other, through different files',
    () => {
      const { failed, messages } = lint('folder-cycle');
      expect(failed).toBe(true);
      expect(messages.map((m) => m.ruleId)).toEqual(['layers/no-folder-cycle', 'layers/no-folder-cycle']);
      expect(messages.map((m) => m.message)).toContain(
        'Import cycle between folders: scripts/lint/fixtures/folder-cycle/src/features/orders → scripts/lint/fixtures/folder-cycle/src/features/customers → scripts/lint/fixtures/folder-cycle/src/features/orders',
      );
    },
    ESLINT_PROCESS_MS,
  );

  it(
    'passes folders that import one way only (a type-only import back loads nothing)',
    () => {
      const { failed, messages } = lint('layered');
      expect(messages).toEqual([]);
      expect(failed).toBe(false);
    },
    ESLINT_PROCESS_MS,
  );
});
