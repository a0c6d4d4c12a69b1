/** Test helpers: the shell's routes in a memory router, the current location made visible. */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { changeLanguage, useAuthStore, type User } from '@koopjesland/shared';
import { initShellI18n } from '../i18n';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ShellRoutes } from '../routing/ShellRoutes';

export function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderShellRoutes(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ShellRoutes />
      <LocationDisplay />
    </MemoryRouter>,
  );
}

const baseUser: User = {
  id: 1,
  email: 'someone@example.com',
  isAdmin: false,
  role: 'user',
  storeIds: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

export function signInAs(kind: 'anonymous' | 'user' | 'admin') {
  if (kind === 'anonymous') useAuthStore.setState({ status: 'anonymous', user: null, token: null });
  else useAuthStore.setState({ status: 'authenticated', user: { ...baseUser, isAdmin: kind === 'admin', role: kind }, token: 'token' });
}

/** English texts, and the lazily loaded admin layout (antd) warmed so findBy* waits measure rendering, not transpiling. */
export async function prepareShell(): Promise<void> {
  initShellI18n();
  await changeLanguage('en');
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
