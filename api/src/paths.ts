/**
 * Folders the API reads at run time, found from this file's location so the same code works
 * from source (api/src/…, run by tsx) and from the compiled bundle (api/dist/…, the image).
 */
import fs from 'node:fs';
import path from 'node:path';

function findApiRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No api folder (with drizzle/) above ${start}`);
  }
}

/** The api workspace: holds drizzle/ (migrations) and, when compiled, dist/. */
export const API_ROOT = findApiRoot(__dirname);
/** The repository (or image) root: front-end dist folders and the default data folder. */
export const REPO_ROOT = path.dirname(API_ROOT);
export const MIGRATIONS_FOLDER = path.join(API_ROOT, 'drizzle');
