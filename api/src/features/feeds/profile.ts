/**
 * Where a feed run's time goes: wall-clock milliseconds per phase (read and normalise, stage,
 * match, and each step of the apply transaction). Filled only when a caller passes one (the
 * import benchmark prints it); a run without a profile pays nothing.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

export class RunProfile {
  readonly phases = new Map<string, number>();

  add(phase: string, ms: number): void {
    this.phases.set(phase, (this.phases.get(phase) ?? 0) + ms);
  }

  async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.add(phase, performance.now() - started);
    }
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.phases].map(([phase, ms]) => [phase, Math.round(ms)]));
  }
}

/** Runs `work` under `phase` of the profile when there is one. */
export function timed<T>(profile: RunProfile | undefined, phase: string, work: () => Promise<T>): Promise<T> {
  return profile ? profile.time(phase, work) : work();
}

interface Executor {
  execute(query: SQL): Promise<unknown>;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The same executor, timing each statement under a label made of its first words (the apply
 * transaction's steps); the executor itself when there is no profile.
 */
export function profiled<T extends Executor>(executor: T, profile: RunProfile | undefined, prefix: string): T {
  if (!profile) return executor;
  const execute = async (query: SQL) => {
    const started = performance.now();
    try {
      return await executor.execute(query);
    } finally {
      const text = dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim();
      profile.add(`${prefix}: ${text.slice(0, 72)}`, performance.now() - started);
    }
  };
  // Everything else (query builders, nested transactions) goes to the executor itself.
  return new Proxy(executor, {
    get: (target, property, receiver) => (property === 'execute' ? execute : Reflect.get(target, property, receiver)),
  });
}
