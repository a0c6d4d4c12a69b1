/**
 * Harness of the static-file and server-rendering tests: a folder laid out like the front ends'
 * builds (each test writes the files it needs into it) and the real app serving it
 * (shell/src/server-rendering/plugin.ts) on a fresh database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig, type ApiConfig } from '../src/config';
import frontEnds, { type FrontEndOptions } from '../../shell/src/server-rendering/plugin';
import { openTestDatabase } from './helpers';

/** An empty builds folder and a function writing a file into it (folders made as needed). */
export function frontEndBuildsFolder(prefix: string) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (file: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), content);
  };
  return { root, write };
}

export type FrontEndApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * The app serving the builds in `root`. `listen`: on a port of its own, for a server render that
 * fetches the storefront's container over HTTP from this server, as in `npm start`. Pages are
 * addressed as PUBLIC_URL http://www.koopjesland.test unless `config` says otherwise.
 */
export async function openFrontEndApp(
  root: string,
  options: Omit<FrontEndOptions, 'root'>,
  { listen = false, config = {} }: { listen?: boolean; config?: Partial<ApiConfig> } = {},
): Promise<{ app: FrontEndApp; close(): Promise<void> }> {
  const { database, dispose } = await openTestDatabase();
  const app = await buildApp({
    config: loadConfig({
      dataDir: root,
      jwtSecret: crypto.randomBytes(16).toString('hex'),
      runScheduler: false,
      publicUrl: 'http://www.koopjesland.test',
      trustProxy: false,
      // Every remote served from here, whatever REMOTE_*_URL the shell running the tests has.
      remoteManifestUrls: {},
      ...config,
    }),
    database,
  });
  await app.register(frontEnds, { root, ...options });
  if (listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}
