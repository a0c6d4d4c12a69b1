/**
 * The version each remote reports: `metaData.buildInfo.buildVersion` of its own mf-manifest.json,
 * which its build takes from its package.json (or MF_BUILD_VERSION). The runtime plugin records it
 * when the manifest is read, so the shell knows no remote version at build time and a redeployed
 * remote shows its new version on the next page load. Plain module, no React: the runtime plugin
 * runs before the shared modules (React among them) can be loaded.
 */

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

export function subscribeToRemoteVersions(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** For tests, before rendering: forget every recorded version. */
export function clearRemoteVersions(): void {
  versions.clear();
}
