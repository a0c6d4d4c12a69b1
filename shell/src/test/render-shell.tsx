/** The shell's part of the test harness (@koopjesland/shared/testing): its routes at an address, each remote stubbed. */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderAt } from '@koopjesland/shared/testing';
import { initFederation } from '../federation/runtime';
import { initShellI18n } from '../i18n';
import { ShellRoutes } from '../app/ShellRoutes';

export const renderShellRoutes = (path: string) => renderAt(path, <ShellRoutes />, { router: 'memory' });

/** The shell's texts, and the lazily loaded admin layout (antd) warmed so findBy* waits measure rendering, not transpiling. */
export async function prepareShell(): Promise<void> {
  initShellI18n();
  await import('../admin-layout/AdminLayout');
}

/** Each remote's ./routes renders "<remote name> area". */
export async function remoteAreaStub(id: string) {
  const name = id.split('/')[0]!;
  return {
    default: function RemoteRoutes() {
      return <p>{`${name} area`}</p>;
    },
  };
}

/** The runtime's loadRemote, for tests that mock '@module-federation/enhanced/runtime'. */
export const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;

/** Every remote of the product at a made-up CDN, each rendering its stub (call in beforeEach). */
export function stubAllRemotes(): void {
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockImplementation(remoteAreaStub);
  initFederation(
    Promise.resolve({
      storefront: 'http://cdn.test/storefront/mf-manifest.json',
      catalogAdmin: 'http://cdn.test/catalog-admin/mf-manifest.json',
      storeAdmin: 'http://cdn.test/store-admin/mf-manifest.json',
      configAdmin: 'http://cdn.test/config-admin/mf-manifest.json',
    }),
  );
}
