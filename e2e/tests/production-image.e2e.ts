/**
 * The API image's contents without a Docker engine: scripts/docker/assemble-api.sh builds the
 * folder api.Dockerfile copies into its final stage (compiled API, migrations, production
 * packages only); this test runs it the way the image does (`node api/dist/server.js`, the
 * image's environment, a fresh data folder) and checks what a first production start gives:
 * a ready API, no front ends, no demo data or demo accounts, and a first admin created with the
 * compiled create-admin that can sign in.
 *
 * Like production it runs on PostgreSQL (a fresh database on E2E_POSTGRES_URL's server, default
 * the local one CI uses, dropped after), so the running API and create-admin share the database.
 *
 * Run: `E2E_PORT=8233 npx jest -c e2e/jest.config.js e2e/tests/production-image.e2e.ts`
 * (the compiled API listens on E2E_PORT + 1).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { dropDatabase, freshDatabase } from '../support/postgres';
import { E2E_PORT } from '../support/server';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const IMAGE_DIR = path.join(os.tmpdir(), `koopjesland-api-image-${E2E_PORT}`);
const DATA_DIR = path.join(os.tmpdir(), `koopjesland-api-image-data-${E2E_PORT}`);
const DATABASE = `koopjesland_api_image_${E2E_PORT}`;
const FIRST_ADMIN = { email: 'beheer@koopjesland.test', password: 'Kortingen-vergelijken-sinds-2026' };

let api: ApiProcess;
let imageEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  imageEnv = {
    // api.Dockerfile's ENV line…
    NODE_ENV: 'production',
    SERVE_FRONTENDS: 'false',
    SEED_DEMO: 'off',
    DATA_DIR,
    // …and docker-compose.yml's: the database and the secret come from the environment.
    DATABASE_URL: await freshDatabase(DATABASE),
    JWT_SECRET: 'production-image-test-secret',
  };
  const assembled = spawnSync('sh', ['scripts/docker/assemble-api.sh', IMAGE_DIR], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (assembled.status !== 0) throw new Error(`assemble-api.sh failed:\n${assembled.stdout}\n${assembled.stderr}`);
  api = await startApiProcess({ command: [process.execPath, 'api/dist/server.js'], cwd: IMAGE_DIR, env: imageEnv, port: E2E_PORT + 1 });
}, 180_000);

afterAll(async () => {
  await api?.stop();
  await dropDatabase(DATABASE);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test('the image holds the compiled API and production packages only', () => {
  expect(fs.existsSync(path.join(IMAGE_DIR, 'api', 'dist', 'server.js'))).toBe(true);
  expect(fs.existsSync(path.join(IMAGE_DIR, 'api', 'src'))).toBe(false);
  const installed = (name: string) => fs.existsSync(path.join(IMAGE_DIR, 'node_modules', name));
  for (const runtime of ['fastify', 'pg', 'drizzle-orm', '@node-rs/argon2']) expect(installed(runtime)).toBe(true);
  for (const buildOrTest of ['tsx', 'typescript', 'webpack', 'jest', 'react', 'antd', '@koopjesland/shared']) {
    expect(installed(buildOrTest)).toBe(false);
  }
});

test('a first start is a ready API with no front ends, no demo data and no demo accounts', async () => {
  expect(await (await fetch(`${api.url}/api/ready`)).json()).toMatchObject({ status: 'ready' });
  expect((await fetch(`${api.url}/`)).status).toBe(404);
  const products = (await (await fetch(`${api.url}/api/products?limit=1`)).json()) as { pagination: { totalItems: number } };
  expect(products.pagination.totalItems).toBe(0);
  expect(fs.existsSync(path.join(DATA_DIR, 'demo-credentials.txt'))).toBe(false);
  expect(api.log()).not.toMatch(/Demo admin/);
});

test('the compiled create-admin makes the first admin, who can sign in', async () => {
  const created = spawnSync(process.execPath, ['api/dist/create-admin.js', '--email', FIRST_ADMIN.email], {
    cwd: IMAGE_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...imageEnv },
    input: FIRST_ADMIN.password,
    encoding: 'utf8',
  });
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  const response = await fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(FIRST_ADMIN),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user: { email: string; isAdmin: boolean } };
  expect(body.user).toMatchObject({ email: FIRST_ADMIN.email, isAdmin: true });
});
