import { useAuthStore, type User } from '@koopjesland/shared';
import type { UserRole } from '@koopjesland/shared/entities';
import { renderHook } from '@testing-library/react';
import { useCanEditCatalog, useHasAdminPanel } from './admin-access';

function signInWithRole(role: UserRole) {
  const user = { id: 7, email: 'x@example.com', isAdmin: role === 'admin', role, storeIds: null, createdAt: '', updatedAt: '' };
  useAuthStore.setState({ status: 'authenticated', token: 'test-token', user: user as User });
}

const controls = () => ({
  catalog: renderHook(() => useCanEditCatalog()).result.current,
  panel: renderHook(() => useHasAdminPanel()).result.current,
});

describe('storefront admin controls by role', () => {
  it.each([
    ['admin', { catalog: true, panel: true }],
    ['merchandiser', { catalog: true, panel: true }],
    ['store_manager', { catalog: false, panel: true }],
    ['user', { catalog: false, panel: false }],
  ] as const)('%s', (role, expected) => {
    signInWithRole(role);
    expect(controls()).toEqual(expected);
  });

  it('gives a visitor none', () => {
    useAuthStore.setState({ status: 'anonymous', token: null, user: null });
    expect(controls()).toEqual({ catalog: false, panel: false });
  });
});
