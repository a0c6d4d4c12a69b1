/** An API server in a child process of its own, so a test can stop it, or kill it, like an operator or a crash would. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ApiProcess {
  url: string;
  process: ChildProcess;
  /** Everything it printed, for failure messages. */
  log(): string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash); resolves when it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // the group is gone already
  }
}

export async function startApiProcess(options: { command: string[]; cwd: string; env: NodeJS.ProcessEnv; port: number }): Promise<ApiProcess> {
  const [executable, ...args] = options.command;
  // A process group of its own, so a stop reaches whatever the command started (a wrapper such as
  // npx or tsx leaves its child running, holding the output pipes and Jest, when it alone is signalled).
  const child = spawn(executable!, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env, PORT: String(options.port) },
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const api: ApiProcess = {
    url,
    process: child,
    log: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) signalGroup(child, signal);
      await exited;
      // Anything of the group still alive (a grandchild that outlived its parent) goes too.
      signalGroup(child, 'SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}) before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return api;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await api.stop('SIGKILL');
  throw new Error(`the API did not become ready:\n${output}`);
}
