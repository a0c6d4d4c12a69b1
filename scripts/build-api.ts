/**
 * npm run build:api: compiles the API into plain JavaScript for the production image
 * (api/dist/server.js, worker.js, create-admin.js). The workspace package @koopjesland/shared
 * (TypeScript source) is bundled in; every other package stays an import of node_modules, so the
 * image installs the API's production dependencies only and runs `node`, not tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const API = path.resolve(__dirname, '..', 'api');
const OUT_DIR = path.join(API, 'dist');

const ENTRY_POINTS: Record<string, string> = {
  server: 'src/server.ts',
  worker: 'src/worker.ts',
  'create-admin': 'src/cli/create-admin.ts',
};

export async function buildApi(): Promise<string[]> {
  const manifest = JSON.parse(fs.readFileSync(path.join(API, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(manifest.dependencies).filter((name) => name !== '@koopjesland/shared');
  const entryPoints = Object.fromEntries(
    Object.entries(ENTRY_POINTS).filter(([, file]) => fs.existsSync(path.join(API, file))).map(([name, file]) => [name, path.join(API, file)]),
  );
  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir: OUT_DIR,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Subpath imports (drizzle-orm/pg-core, @electric-sql/pglite/contrib/…) are external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  return Object.keys(entryPoints).map((name) => path.join(OUT_DIR, `${name}.js`));
}

if (require.main === module) {
  buildApi().then(
    (files) => console.log(`Compiled ${files.map((file) => path.relative(process.cwd(), file)).join(', ')}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
