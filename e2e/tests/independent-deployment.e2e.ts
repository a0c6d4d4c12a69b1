/**
 * Remotes deployed on their own (docs/architecture.md "Remotes deployed on their own"). The
 * production shape: the API on one port (the e2e server), the shell and each remote from its own
 * origin (static servers with CORS, scripts/docker/nginx-frontend.conf), and the shell's
 * remotes.json pointing at the remotes. Then one admin remote is rebuilt with another version into
 * a folder of its own and served from a new origin; rewriting remotes.json is the whole deploy:
 * the running shell picks it up on reload, the shell and the other remotes stay as they were, and
 * pointing remotes.json back rolls it back.
 *
 * Run: `E2E_PORT=8194 npx jest -c e2e/jest.config.js e2e/tests/independent-deployment.e2e.ts`
 * (the API on 8194, the shell and the four remotes on 8195–8199, the rebuilt remote on a port the
 * system picks). The remotes' deployed builds are copies of their workspace dists (built by the e2e
 * server's start if missing); the shell and the new remote version are built into a temp folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REMOTES, type RemoteName } from '../../shared/build/front-ends';
import { login } from '../support/api';
import { launchBrowser, newVisitor } from '../support/browser';
import { buildFrontEnd, copyDeployedDist, folderDigest, reportedVersion } from '../support/deployment';
import { BASE_URL, DEMO_ADMIN, E2E_PORT } from '../support/server';
import { serveStatic, type StaticOrigin } from '../support/static-origin';

const WORK_DIR = path.join(os.tmpdir(), `koopjesland-independent-deployment-${E2E_PORT}`);
const REMOTES_JSON = path.join(WORK_DIR, 'remotes.json');
const REDEPLOYED: RemoteName = 'configAdmin';
const REDEPLOYED_WORKSPACE = REMOTES.find((remote) => remote.name === REDEPLOYED)!.workspace;
const NEW_VERSION = '0.1.1-independent-deploy';

let browser: Browser;
let shell: StaticOrigin;
const remoteOrigins = new Map<RemoteName, StaticOrigin>();
const origins: StaticOrigin[] = [];
let signIn: { token: string; user: unknown };

function writeRemotesJson(overrides: Partial<Record<RemoteName, StaticOrigin>> = {}): void {
  const config = Object.fromEntries(
    REMOTES.map((remote) => [
      remote.name,
      `${(overrides[remote.name] ?? remoteOrigins.get(remote.name)!).url}/mf-manifest.json`,
    ]),
  );
  fs.writeFileSync(REMOTES_JSON, JSON.stringify(config));
}

const deployedDir = (workspace: string) => path.join(WORK_DIR, workspace);

/** Every deployed folder's digest: the shell, each remote's first build. */
function digests(): Record<string, string> {
  return Object.fromEntries(
    ['shell', ...REMOTES.map((remote) => remote.workspace)].map((workspace) => [
      workspace,
      folderDigest(deployedDir(workspace)),
    ]),
  );
}

/** An admin's tab on the shell's origin; JS errors on the page are collected. */
async function adminPage(): Promise<{ page: Page; errors: string[] }> {
  const { context, page } = await newVisitor(browser);
  await context.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('authToken', token as string);
      window.localStorage.setItem('authUser', user as string);
    },
    [signIn.token, JSON.stringify(signIn.user)],
  );
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/**
 * Opens the admin's "About" dialog from the sidebar (it names the version the current area's
 * remote reports), waits for the text, closes it again and answers what it said.
 */
async function aboutShows(page: Page, text: string): Promise<string> {
  await page.getByRole('button', { name: 'About' }).click();
  const dialog = page.getByRole('dialog', { name: 'About this admin' });
  await dialog.getByText(text).waitFor();
  const said = (await dialog.textContent()) ?? '';
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return said;
}
/** The users list's first row: data from the API, through the shell's origin. */
const firstUserRow = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row').first();

beforeAll(async () => {
  fs.rmSync(WORK_DIR, { recursive: true, force: true });
  fs.mkdirSync(WORK_DIR, { recursive: true });
  for (const remote of REMOTES) copyDeployedDist(remote.workspace, deployedDir(remote.workspace));
  await buildFrontEnd('shell', deployedDir('shell'));

  shell = await serveStatic({
    root: deployedDir('shell'),
    port: E2E_PORT + 1,
    spaFallback: true,
    remotesJsonFile: REMOTES_JSON,
    apiOrigin: BASE_URL,
  });
  origins.push(shell);
  for (const [index, remote] of REMOTES.entries()) {
    const origin = await serveStatic({ root: deployedDir(remote.workspace), port: E2E_PORT + 2 + index });
    remoteOrigins.set(remote.name, origin);
    origins.push(origin);
  }
  writeRemotesJson();

  browser = await launchBrowser();
  signIn = await login(DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 15 * 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(origins.map((origin) => origin.close()));
});

describe('the production shape', () => {
  it('composes the admin from remotes on their own origins, each showing the version it reports', async () => {
    const { page, errors } = await adminPage();
    await page.goto(`${shell.url}/admin/users`);
    await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
    // Data comes through the shell's origin from the API on its own port.
    await firstUserRow(page).waitFor();
    await aboutShows(page, `mfe-config-admin version ${reportedVersion(deployedDir('mfe-config-admin'))}`);
    expect(remoteOrigins.get('configAdmin')!.requested).toEqual(
      expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']),
    );

    await page.getByRole('link', { name: 'Stores' }).click();
    await page.getByRole('heading', { name: 'Stores', level: 2 }).waitFor();
    await aboutShows(page, `mfe-store-admin version ${reportedVersion(deployedDir('mfe-store-admin'))}`);
    expect(remoteOrigins.get('storeAdmin')!.requested).toContain('/remoteEntry.js');
    // The shell itself serves no remote file.
    expect(shell.requested.filter((requested) => requested.includes('remoteEntry'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('one remote deployed on its own', () => {
  it(
    'is picked up by the running shell on reload, leaves the rest untouched, and rolls back',
    async () => {
      const oldVersion = reportedVersion(deployedDir(REDEPLOYED_WORKSPACE));
      const storeAdminVersion = reportedVersion(deployedDir('mfe-store-admin'));
      expect(oldVersion).not.toBe(NEW_VERSION);
      const { page, errors } = await adminPage();
      await page.goto(`${shell.url}/admin/users`);
      await aboutShows(page, `mfe-config-admin version ${oldVersion}`);
      const before = digests();

      // The team of one remote builds and serves a new version; nothing else is built.
      const newBuild = path.join(WORK_DIR, `${REDEPLOYED_WORKSPACE}-next`);
      await buildFrontEnd(REDEPLOYED_WORKSPACE, newBuild, { MF_BUILD_VERSION: NEW_VERSION });
      const newOrigin = await serveStatic({ root: newBuild, port: 0 });
      origins.push(newOrigin);
      writeRemotesJson({ [REDEPLOYED]: newOrigin });

      await page.reload();
      await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
      await aboutShows(page, `mfe-config-admin version ${NEW_VERSION}`);
      expect(newOrigin.requested).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
      await firstUserRow(page).waitFor();

      // The other remotes: same build, same version.
      await page.getByRole('link', { name: 'Stores' }).click();
      await page.getByRole('heading', { name: 'Stores', level: 2 }).waitFor();
      await aboutShows(page, `mfe-store-admin version ${storeAdminVersion}`);
      // No file of the shell or of any deployed remote changed.
      expect(digests()).toEqual(before);

      // Rolling back is pointing remotes.json at the old build again.
      writeRemotesJson();
      const oldOrigin = remoteOrigins.get(REDEPLOYED)!;
      const oldRequestsBefore = oldOrigin.requested.length;
      await page.getByRole('link', { name: 'Users' }).click();
      await page.reload();
      await page.getByRole('heading', { name: 'Users', level: 2 }).waitFor();
      const said = await aboutShows(page, `mfe-config-admin version ${oldVersion}`);
      expect(oldOrigin.requested.slice(oldRequestsBefore)).toContain('/mf-manifest.json');
      expect(said).not.toContain(NEW_VERSION);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    15 * 60_000,
  );
});

/**
 * A copy of the deployed remote whose share requirements say it was built against
 * @koopjesland/shared 0.2.0 (what a build from a newer shared package declares), served on its own origin.
 */
function incompatibleCopy(): string {
  const dir = path.join(WORK_DIR, `${REDEPLOYED_WORKSPACE}-shared-0.2.0`);
  fs.cpSync(deployedDir(REDEPLOYED_WORKSPACE), dir, { recursive: true });
  const requirement = /requiredVersion:"[^"]*"(?=[^{}]*shareKey:"@koopjesland\/shared")/g;
  let rewritten = 0;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    const changed = code.replace(requirement, () => {
      rewritten += 1;
      return 'requiredVersion:"0.2.0"';
    });
    fs.writeFileSync(path.join(dir, file), changed);
  }
  expect(rewritten).toBeGreaterThan(0);
  return dir;
}

describe('a remote built for another @koopjesland/shared', () => {
  it('is refused with a clear message in its area while the rest of the admin works', async () => {
    const origin = await serveStatic({ root: incompatibleCopy(), port: 0 });
    origins.push(origin);
    writeRemotesJson({ [REDEPLOYED]: origin });
    try {
      const { page, errors } = await adminPage();
      await page.goto(`${shell.url}/admin/users`);
      const alert = page.getByRole('alert');
      await alert
        .getByText('This part of the site was built for another version of the site and cannot be shown.')
        .waitFor();
      expect(await alert.textContent()).toContain(
        'It needs @koopjesland/shared 0.2.0, but the site runs @koopjesland/shared 0.1.0.',
      );
      expect(origin.requested).toContain('/remoteEntry.js');

      await page.getByRole('link', { name: 'Stores' }).click();
      await page.getByRole('heading', { name: 'Stores', level: 2 }).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    } finally {
      writeRemotesJson();
    }
  });
});
