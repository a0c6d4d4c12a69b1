/**
 * A build's file as the server uses it (the shell's index.html, its Node bundle), loaded again when
 * the file was replaced, so a deploy is picked up without a restart. Its modification time is
 * looked at at most every `checkEveryMs`: a page request asks several times, and a deploy shows
 * within a second.
 */
import fs from 'node:fs';

export interface BuildFile<T> {
  /** What `load` made of the file now on disk; null while there is none. */
  value(): T | null;
  /** Changes when the file is replaced (its modification time); null while there is none. */
  version(): number | null;
}

export function buildFile<T>(file: string, load: (file: string) => T, checkEveryMs = 1_000): BuildFile<T> {
  let loaded: { value: T; mtimeMs: number } | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  const current = () => {
    const now = Date.now();
    if (now - checkedAt >= checkEveryMs) {
      checkedAt = now;
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat) loaded = null;
      else if (loaded?.mtimeMs !== stat.mtimeMs) loaded = { value: load(file), mtimeMs: stat.mtimeMs };
    }
    return loaded;
  };
  return { value: () => current()?.value ?? null, version: () => current()?.mtimeMs ?? null };
}
