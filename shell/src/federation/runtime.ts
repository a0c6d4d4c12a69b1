/**
 * Registers the remotes from remotes.json with the Module Federation runtime and loads their
 * exposed `./routes` modules on demand. A retry re-registers the remote with `force`, which
 * drops the runtime's cached (failed) entry so the next load really goes to the network.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName, RemotesConfig } from './remotes-config';

let remotesConfig: Promise<RemotesConfig> | null = null;

export function initFederation(config: Promise<RemotesConfig>): void {
  remotesConfig = config.then((remotes) => {
    registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
    return remotes;
  });
  // An unreadable remotes.json surfaces in each area's error boundary, not as an unhandled rejection.
  remotesConfig.catch(() => undefined);
}

export type RoutesModule = { default: ComponentType };

/** Routes components provided before rendering (a server render, or the hydration of one): rendered at once. */
const loadedRoutes = new Map<RemoteName, ComponentType>();

/** The routes component of `name` if it is loaded already. */
export const loadedRemoteRoutes = (name: RemoteName): ComponentType | undefined => loadedRoutes.get(name);

/** The routes component to render at once: loaded from the Node container (server) or before hydrating (browser). */
export function provideRemoteRoutes(name: RemoteName, Routes: ComponentType): void {
  loadedRoutes.set(name, Routes);
}

export async function loadRemoteRoutes(name: RemoteName, attempt = 0): Promise<ComponentType> {
  if (!remotesConfig) throw new Error('Federation is not initialised');
  const remotes = await remotesConfig;
  const entry = remotes[name];
  if (!entry) throw new Error(`No URL for remote "${name}" in remotes.json`);
  if (attempt > 0) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<RoutesModule>(`${name}/routes`);
  if (!module?.default) throw new Error(`Remote "${name}" did not expose ./routes`);
  return module.default;
}
