/**
 * Which of the storefront's admin controls the signed-in user gets, by role (docs/product.md §6):
 * the category and product buttons belong to the catalog area (merchandisers and admins); the
 * admin panel link to anyone with an admin area. The API checks the same areas on every call.
 *
 * The server renders every page as a visitor sees it: the credentials live in the browser's
 * storage. The browser's first render (hydration) must match that, even when the profile check
 * has already signed the user in, or React throws the page away (error #418). So the signed-in
 * user counts only once the page is hydrated; a render later the controls appear.
 */
import { selectIsAuthenticated, useAuthStore, useBrowserValue } from '@koopjesland/shared';
import { adminAreasOf } from '@koopjesland/shared/front-ends';

/**
 * The signed-in user once the page is hydrated; null on the server and during hydration. For a
 * visitor nobody signed in the value never changes, so hydrating costs no second render: a render
 * right after hydration reaching a section React has not hydrated yet (lib/hydrate-later) would make
 * React hydrate it at once, in one long task.
 */
export function useHydratedUser() {
  const user = useAuthStore((state) => (selectIsAuthenticated(state) ? state.user : null));
  return useBrowserValue(() => user, null);
}

function useAdminAreas() {
  return adminAreasOf(useHydratedUser());
}

/** Category settings, product assignment, backend edit buttons. */
export function useCanEditCatalog(): boolean {
  return useAdminAreas().includes('catalog');
}

/** The admin panel link in the user menu. */
export function useHasAdminPanel(): boolean {
  return useAdminAreas().length > 0;
}
