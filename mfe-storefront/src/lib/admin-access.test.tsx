import { signInAs, signOut } from '@koopjesland/shared/testing';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useCanEditCatalog, useHasAdminPanel, useHydratedUser } from './admin-access';

function Controls() {
  const user = useHydratedUser();
  return (
    <div>
      <span>{user ? user.email : 'visitor'}</span>
      {useCanEditCatalog() ? <button type="button">Assign categories</button> : null}
      {useHasAdminPanel() ? <a href="/admin">Admin</a> : null}
    </div>
  );
}

describe('admin controls on server-rendered storefront pages', () => {
  beforeEach(signOut);

  it.each(['admin', 'merchandiser'] as const)(
    'hydrate without a mismatch for a signed-in %s, then show the controls',
    async (role) => {
      // The server knows no credentials: it renders the visitor's page.
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Controls />);
      expect(container.textContent).toBe('visitor');
      // The profile check signed the user in before the browser hydrated.
      signInAs(role);
      const recoverable = jest.fn();
      let root: ReturnType<typeof hydrateRoot> | undefined;
      await act(async () => {
        root = hydrateRoot(container, <Controls />, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(container.textContent).toContain(`${role}@koopjesland.nl`);
      expect(container.querySelector('button')?.textContent).toBe('Assign categories');
      expect(container.querySelector('a')?.getAttribute('href')).toBe('/admin');
      act(() => root!.unmount());
    },
  );

  it("renders a visitor's page once while hydrating: nothing changes, so nothing renders again", async () => {
    // A second render right after hydration would reach the sections React hydrates later and make
    // it hydrate them at once, in one long task.
    let renders = 0;
    function CountedControls() {
      renders += 1;
      const user = useHydratedUser();
      const controls = [useCanEditCatalog() && 'catalog', useHasAdminPanel() && 'admin'].filter(Boolean);
      return <span>{user ? user.email : `visitor${controls.join('')}`}</span>;
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CountedControls />);
    renders = 0;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <CountedControls />);
    });
    expect(container.textContent).toBe('visitor');
    expect(renders).toBe(1);
    act(() => root!.unmount());
  });
});
