/**
 * A feed file belongs to its store: a feed's `path` is relative to the feed storage folder and
 * must lead into its own store's folder (`<feed storage>/<store slug>/…`). A store manager may
 * edit only their own stores' feeds, so a path into another store's folder would let them import
 * (and read back, in the run's diff) another store's offers. Checked when a feed is saved, on the
 * path as written, and again when it runs, on the real path with every symbolic link resolved.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** The folder a store's feed files live in, as a path starts: `winkel/`. */
export const storeFolder = (storeSlug: string) => `${storeSlug}/`;

const isInside = (folder: string, file: string) => file.startsWith(folder + path.sep);

/** Why `relative` does not name a file inside the store's folder, or null when it does. */
export function storagePathProblem(relative: string, storeSlug: string): string | null {
  if (path.isAbsolute(relative) || !isInside(path.resolve('/', storeSlug), path.resolve('/', relative))) {
    return `The storage path must be inside the store's folder ${storeFolder(storeSlug)}`;
  }
  return null;
}

export type FeedFile = { file: string } | { problem: string };

/**
 * The real path of a feed's file: inside the store's folder as written and once every symbolic
 * link is followed. A link inside the folder that leads out of it is refused, not read.
 */
export async function realFeedFile(storageDir: string, storeSlug: string, relative: string): Promise<FeedFile> {
  const written = storagePathProblem(relative, storeSlug);
  if (written) return { problem: `${written} (it is ${relative})` };
  const root = path.resolve(storageDir);
  const folder = path.join(root, storeSlug);
  const file = path.resolve(root, relative);
  const [realFolder, realFile] = await Promise.all([fs.realpath(folder).catch(() => null), fs.realpath(file).catch(() => null)]);
  if (!realFolder || !realFile) return { problem: `Feed file not found: ${relative}` };
  if (!isInside(realFolder, realFile)) {
    return { problem: `The feed file ${relative} leads outside the store's folder ${storeFolder(storeSlug)} (through a symbolic link)` };
  }
  return { file: realFile };
}
