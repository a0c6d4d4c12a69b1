/**
 * The shell's Module Federation runtime plugin (`runtimePlugins` of the shell's build):
 * - records each remote's version from its manifest (`afterLoadSnapshot`), for the admin footer;
 * - refuses a remote whose React or `@koopjesland/shared` requirement (requiredVersion in its
 *   mf-manifest.json and share config) the shell's singleton does not satisfy (`resolveShare`).
 *   The runtime itself only warns for a singleton mismatch unless strictVersion is set, and then
 *   throws a message meant for developers; here the resolver throws an IncompatibleRemoteError,
 *   which the area's error box shows in the visitor's language.
 * A remote's shared modules are resolved by the remote's own federation instance, so the plugin is
 * also registered globally: every instance created after the shell's (each remote's) gets it.
 * It runs before shared modules can load, so nothing it imports may import React or other shared libraries.
 */
import { registerGlobalPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { incompatibility } from './compatibility';
import { recordRemoteVersion } from './remote-versions';

export const PLUGIN_NAME = 'koopjesland-remote-contract';

export function remoteContractPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: PLUGIN_NAME,
    resolveShare(args) {
      const { pkgName, version, shareInfo } = args;
      const refused = incompatibility(pkgName, version, shareInfo.shareConfig?.requiredVersion, shareInfo.from);
      if (refused) {
        // Thrown when the resolver runs, outside the hook (an error inside a hook is only logged).
        args.resolver = () => {
          throw refused;
        };
      }
      return args;
    },
    afterLoadSnapshot(args) {
      const snapshot = args.remoteSnapshot as { buildVersion?: unknown } | undefined;
      if (typeof snapshot?.buildVersion === 'string') recordRemoteVersion(args.moduleInfo.name, snapshot.buildVersion);
      return args;
    },
  };
}

export default function createRemoteContractPlugin(): ModuleFederationRuntimePlugin {
  const plugin = remoteContractPlugin();
  registerGlobalPlugins([plugin]);
  return plugin;
}
