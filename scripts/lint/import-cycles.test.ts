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
  severity: number;
}

const FIXTURES = ['file-cycle', 'folder-cycle', 'layered'] as const;

/**
 * The problems ESLint reports per fixture folder, all linted by one ESLint process (each process
 * loads the TypeScript parser and resolver again), and whether the command failed.
 */
function lintFixtures(): { failed: boolean; messages: Record<(typeof FIXTURES)[number], LintMessage[]> } {
  const folders = FIXTURES.map((fixture) => path.join('scripts', 'lint', 'fixtures', fixture));
  const args = [ESLINT, '-c', CONFIG, '--no-ignore', '--format', 'json', ...folders];
  let output: string;
  let failed = false;
  try {
    output = execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  } catch (error) {
    failed = true;
    output = (error as { stdout: string }).stdout;
  }
  const results = JSON.parse(output) as { filePath: string; messages: LintMessage[] }[];
  const messagesOf = (fixture: string) =>
    results
      .filter((result) => path.relative(path.join(ROOT, 'scripts', 'lint', 'fixtures', fixture), result.filePath).split(path.sep)[0] !== '..')
      .flatMap((result) => result.messages);
  return {
    failed,
    messages: { 'file-cycle': messagesOf('file-cycle'), 'folder-cycle': messagesOf('folder-cycle'), layered: messagesOf('layered') },
  };
}

// ESLint starts with the TypeScript parser and resolver in a process of its own, which takes
// several seconds on a loaded two-core machine.
const ESLINT_PROCESS_MS = 120_000;

describe('npm run lint and import cycles', () => {
  let linted: ReturnType<typeof lintFixtures>;
  beforeAll(() => {
    linted = lintFixtures();
  }, ESLINT_PROCESS_MS);

  it('fails when two files import each other', () => {
    const messages = linted.messages['file-cycle'];
    expect(linted.failed).toBe(true);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([
      ['import-x/no-cycle', 2],
      ['import-x/no-cycle', 2],
    ]);
  });

  it('fails when two feature folders import each other, through different files', () => {
    const messages = linted.messages['folder-cycle'];
    expect(linted.failed).toBe(true);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([
      ['layers/no-folder-cycle', 2],
      ['layers/no-folder-cycle', 2],
    ]);
    expect(messages.map((m) => m.message)).toContain(
      'Import cycle between folders: scripts/lint/fixtures/folder-cycle/src/features/orders → scripts/lint/fixtures/folder-cycle/src/features/customers → scripts/lint/fixtures/folder-cycle/src/features/orders',
    );
  });

  it('passes folders that import one way only (a type-only import back loads nothing)', () => {
    expect(linted.messages.layered).toEqual([]);
  });
});
