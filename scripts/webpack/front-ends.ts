/** Every front end: its workspace folder, federation name, dev port and where the API serves it. */
export interface FrontEnd {
  workspace: string;
  /** Module Federation container name (a JS identifier) and key in remotes.json. */
  name: string;
  /** Folder under /remotes/ where the API serves a remote's dist (absent for the shell). */
  servedAs?: string;
  port: number;
  kind: 'host' | 'remote';
  title: string;
}

export const FRONT_ENDS: readonly FrontEnd[] = [
  { workspace: 'shell', name: 'shell', port: 3000, kind: 'host', title: 'Koopjesland' },
  { workspace: 'mfe-storefront', name: 'storefront', servedAs: 'storefront', port: 3001, kind: 'remote', title: 'Koopjesland storefront' },
  { workspace: 'mfe-catalog-admin', name: 'catalogAdmin', servedAs: 'catalog-admin', port: 3002, kind: 'remote', title: 'Koopjesland catalog admin' },
  { workspace: 'mfe-store-admin', name: 'storeAdmin', servedAs: 'store-admin', port: 3003, kind: 'remote', title: 'Koopjesland store admin' },
  { workspace: 'mfe-config-admin', name: 'configAdmin', servedAs: 'config-admin', port: 3004, kind: 'remote', title: 'Koopjesland config admin' },
];

export const REMOTES = FRONT_ENDS.filter((frontEnd) => frontEnd.kind === 'remote');

export const API_PORT = 8080;

export function frontEnd(workspace: string): FrontEnd {
  const found = FRONT_ENDS.find((candidate) => candidate.workspace === workspace || candidate.name === workspace);
  if (!found) {
    throw new Error(`Unknown front end "${workspace}"; one of ${FRONT_ENDS.map((f) => f.workspace).join(', ')}`);
  }
  return found;
}

/** remotes.json for the dev servers: each remote's manifest on its own port. */
export function devRemotesConfig(host = 'localhost'): Record<string, string> {
  return Object.fromEntries(REMOTES.map((remote) => [remote.name, `http://${host}:${remote.port}/mf-manifest.json`]));
}
