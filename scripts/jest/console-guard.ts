/**
 * Test output is part of the product: a web test fails when it logs an unexpected
 * `console.error` or `console.warn` (React warnings, act() warnings, antd deprecations), so
 * real warnings are never buried. A test that expects a log says so with `allowConsole`.
 */
type Level = 'error' | 'warn';

interface Logged {
  level: Level;
  message: string;
}

let logged: Logged[] = [];
let allowed: RegExp[] = [];
const originals: Partial<Record<Level, (...args: unknown[]) => void>> = {};

function describeArgs(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === 'string' ? arg : safeJson(arg)))
    .join(' ');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Lets the current test log messages matching `pattern` (on console.error or console.warn). */
export function allowConsole(pattern: RegExp): void {
  allowed.push(pattern);
}

export function startConsoleGuard(): void {
  logged = [];
  allowed = [];
  for (const level of ['error', 'warn'] as const) {
    originals[level] = console[level];
    console[level] = (...args: unknown[]) => {
      logged.push({ level, message: describeArgs(args) });
    };
  }
}

/** Restores the console and throws (failing the test) if anything unexpected was logged. */
export function stopConsoleGuard(): void {
  for (const level of ['error', 'warn'] as const) {
    if (originals[level]) console[level] = originals[level];
  }
  const unexpected = logged.filter(({ message }) => !allowed.some((pattern) => pattern.test(message)));
  logged = [];
  allowed = [];
  if (unexpected.length) {
    const report = unexpected.map(({ level, message }) => `console.${level}: ${message.slice(0, 2000)}`).join('\n\n');
    throw new Error(`The test logged ${unexpected.length} unexpected message(s):\n\n${report}`);
  }
}
