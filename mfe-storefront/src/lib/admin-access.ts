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
import { selectIsAuthenticated, useAuthStore, useHydrated } from '@koopjesland/shared';
import { adminAreasOf } from '@koopjesland/shared/front-ends';

/** The signed-in user once the page is hydrated; null on the server and during hydration. */
export function useHydratedUser() {
  const hydrated = useHydrated();
  const authenticated = useAuthStore(selectIsAuthenticated);
  const user = useAuthStore((state) => state.user);
  return hydrated && authenticated ? user : null;
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
