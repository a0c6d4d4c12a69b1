/**
 * The runtime plugin against the real Module Federation runtime: a remote whose React or
 * @koopjesland/shared requirement the shell's singleton does not meet is refused with an
 * IncompatibleRemoteError, others load; a remote's manifest version is recorded.
 */
import { createInstance } from '@module-federation/enhanced/runtime';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_SINGLETONS } from '../../../shared/build/federation';
import { IncompatibleRemoteError } from './compatibility';
import { clearRemoteVersions, remoteVersion } from './remote-versions';
import { remoteContractPlugin } from './runtime-plugin';

const provided = (version: string, lib: unknown) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: version },
});

function shellInstance(name: string) {
  return createInstance({
    name,
    remotes: [],
    shareStrategy: 'loaded-first',
    shared: {
      react: provided('19.3.1', { copy: 'shell react' }),
      '@koopjesland/shared': provided('0.1.0', { copy: 'shell shared' }),
      zustand: provided('5.1.0', { copy: 'shell zustand' }),
    },
    plugins: [remoteContractPlugin()],
  });
}

/** What a remote's build asks for when its code imports a shared module. */
const consume = (requiredVersion: string) => ({
  customShareInfo: { shareConfig: { singleton: true, requiredVersion }, from: 'configAdmin' },
});

afterEach(() => jest.restoreAllMocks());

describe('shared versions a remote asks for', () => {
  it('loads the shell copy when the requirement is met', async () => {
    const shell = shellInstance('shellMet');
    const react = await shell.loadShare<{ copy: string }>('react', consume('19.3.1'));
    expect(react && react()).toEqual({ copy: 'shell react' });
  });

  it('refuses a remote built for another React', async () => {
    const shell = shellInstance('shellReact');
    await expect(shell.loadShare('react', consume('18.3.1'))).rejects.toEqual(
      expect.objectContaining({
        name: 'IncompatibleRemoteError',
        library: 'React',
        requiredVersion: '18.3.1',
        providedVersion: '19.3.1',
      }),
    );
  });

  it('refuses a remote built for another @koopjesland/shared', async () => {
    const shell = shellInstance('shellShared');
    const refusal = shell.loadShare('@koopjesland/shared', consume('0.2.0'));
    await expect(refusal).rejects.toBeInstanceOf(IncompatibleRemoteError);
    await expect(refusal).rejects.toMatchObject({ library: '@koopjesland/shared', providedVersion: '0.1.0' });
  });

  it('leaves other libraries to the runtime (a newer zustand range is not a refusal)', async () => {
    const shell = shellInstance('shellOther');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const zustand = await shell.loadShare<{ copy: string }>('zustand', consume('^5.2.0'));
    expect(zustand && zustand()).toEqual({ copy: 'shell zustand' });
  });
});

describe('remote versions', () => {
  it('are read from the remote manifest buildInfo', async () => {
    clearRemoteVersions();
    const manifest = {
      id: 'configAdmin',
      name: 'configAdmin',
      metaData: {
        name: 'configAdmin',
        type: 'app',
        buildInfo: { buildVersion: '0.2.0-hotfix', buildName: '@koopjesland/mfe-config-admin' },
        remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
        types: { path: '', name: '', zip: '', api: '' },
        globalName: 'configAdmin',
        pluginVersion: '2.9.2',
        publicPath: 'auto',
      },
      shared: [],
      remotes: [],
      exposes: [],
    };
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(manifest)));
    const shell = shellInstance('shellVersions');
    await shell.snapshotHandler.loadRemoteSnapshotInfo({
      moduleInfo: { name: 'configAdmin', entry: 'http://cdn.test/config-admin/mf-manifest.json' },
    });
    expect(remoteVersion('configAdmin')).toBe('0.2.0-hotfix');
  });
});

describe('the plugin module graph', () => {
  /** Every package the module and its relative imports import. */
  function packagesImportedBy(file: string, seen = new Set<string>()): string[] {
    if (seen.has(file)) return [];
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)].map((match) => match[1]!);
    return specifiers.flatMap((specifier) =>
      specifier.startsWith('.') ? packagesImportedBy(join(file, '..', `${specifier}.ts`), seen) : [specifier],
    );
  }

  it('imports no shared library: it runs before shared modules can load', () => {
    const imported = packagesImportedBy(join(__dirname, 'runtime-plugin.ts'));
    expect(imported).toContain('@module-federation/enhanced/runtime');
    const shared = imported.filter((name) =>
      SHARED_SINGLETONS.some(
        (singleton) => name === singleton.replace(/\/$/, '') || name.startsWith(singleton.replace(/\/?$/, '/')),
      ),
    );
    expect(shared).toEqual([]);
  });
});
