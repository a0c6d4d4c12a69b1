/**
 * The version each remote reports: `metaData.buildInfo.buildVersion` of its own mf-manifest.json,
 * which its build takes from its package.json (or MF_BUILD_VERSION). The runtime plugin records it
 * when the manifest is read, so the shell knows no remote version at build time and a redeployed
 * remote shows its new version on the next page load.
 */
import { useSyncExternalStore } from 'react';

const versions = new Map<string, string>();
const listeners = new Set<() => void>();

export function recordRemoteVersion(remote: string, version: string): void {
  if (versions.get(remote) === version) return;
  versions.set(remote, version);
  listeners.forEach((listener) => listener());
}

export function remoteVersion(remote: string): string | undefined {
  return versions.get(remote);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRemoteVersion(remote: string | undefined): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => (remote ? versions.get(remote) : undefined),
    () => undefined,
  );
}

/** For tests, before rendering: forget every recorded version. */
export function clearRemoteVersions(): void {
  versions.clear();
}
