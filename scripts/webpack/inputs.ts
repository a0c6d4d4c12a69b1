/**
 * What a front end's build depends on in this repository, and a fingerprint of it: `npm start`
 * rebuilds a front end whose fingerprint differs from the one stored in its dist by the last
 * build (scripts/build.ts). The inputs: the workspace's own files, all of `shared/` (every front
 * end bundles or shares parts of it, so a change there rebuilds them all), the build scripts in
 * this folder, the root tsconfig.json and package.json (minus the fields no build reads), and
 * package-lock.json for everything under node_modules. Tests are left out: no build bundles them,
 * which `uncoveredBuildFiles` checks against what webpack actually read.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { findFrontEnd } from '../../shared/build/front-ends';

const ROOT = join(__dirname, '..', '..');

/** The file in a front end's dist holding the fingerprint of the inputs it was built from. */
export const FINGERPRINT_FILE = '.build-inputs';

/** Bumped when the list of inputs changes meaning, so older fingerprints never match. */
const FORMAT = 1;

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.cache', 'coverage']);
const TEST_FILE = /(^|\/)(test|tests|testing|__tests__|__mocks__)\/|\.test\.[cm]?[jt]sx?$|\.snap$/;
/** Root package.json fields only the tools other than the bundler read. */
const UNREAD_ROOT_FIELDS = ['scripts', 'jest', 'prettier', 'description', 'engines'];

/** Files below `folder`, as paths relative to the repository, without tests and generated folders. */
function filesUnder(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path);
      } else if (entry.isFile()) {
        const file = relative(ROOT, path).split(sep).join('/');
        if (!TEST_FILE.test(file)) files.push(file);
      }
    }
  };
  walk(join(ROOT, folder));
  return files;
}

/** Every repository file a front end's build reads (outside node_modules), relative to the repository, sorted. */
export function buildInputFiles(workspace: string): string[] {
  const frontEnd = findFrontEnd(workspace);
  const files = [
    ...filesUnder(frontEnd.workspace),
    ...filesUnder('shared'),
    ...filesUnder('scripts/webpack'),
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ];
  return [...new Set(files)].sort();
}

/** A hash of everything a front end's build depends on (see the module comment). */
export function buildFingerprint(workspace: string): string {
  const hash = createHash('sha256').update(`format ${FORMAT}\n`);
  // The version a remote reports in its manifest may come from the environment (scripts/webpack/build.ts).
  hash.update(`MF_BUILD_VERSION=${process.env.MF_BUILD_VERSION ?? ''}\n`);
  for (const file of buildInputFiles(workspace)) {
    const path = join(ROOT, file);
    if (!existsSync(path)) continue;
    let content: Buffer | string = readFileSync(path);
    if (file === 'package.json') {
      const json = JSON.parse(content.toString('utf8')) as Record<string, unknown>;
      for (const field of UNREAD_ROOT_FIELDS) delete json[field];
      content = JSON.stringify(json);
    }
    hash.update(`${file}\0${createHash('sha256').update(content).digest('hex')}\n`);
  }
  return hash.digest('hex');
}

/** The fingerprint stored in a dist by its last build through scripts/build.ts, if any. */
export function storedFingerprint(dist: string): string | undefined {
  const file = join(dist, FINGERPRINT_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/**
 * Files webpack read for a build (its file dependencies) that the fingerprint does not cover:
 * outside node_modules and not among `buildInputFiles`. A change to one of them would not be
 * noticed by `npm start`, so the build reports them.
 */
export function uncoveredBuildFiles(workspace: string, fileDependencies: Iterable<string>): string[] {
  const inputs = new Set(buildInputFiles(workspace));
  const uncovered: string[] = [];
  for (const path of fileDependencies) {
    const file = relative(ROOT, path).split(sep).join('/');
    if (file === '..' || file.startsWith('../') || file.split('/').includes('node_modules')) continue;
    // The resolver lists the folders it looked in too.
    if (!inputs.has(file) && statSync(path, { throwIfNoEntry: false })?.isFile()) uncovered.push(file);
  }
  return uncovered.sort();
}
