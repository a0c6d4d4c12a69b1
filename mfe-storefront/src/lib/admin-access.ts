/**
 * Which of the storefront's admin controls the signed-in user gets, by role (docs/product.md §6):
 * the category and product buttons belong to the catalog area (merchandisers and admins); the
 * admin panel link to anyone with an admin area. The API checks the same areas on every call.
 */
import { selectIsAuthenticated, useAuthStore } from '@koopjesland/shared';
import { adminAreasOf } from '@koopjesland/shared/front-ends';

function useAdminAreas() {
  const authenticated = useAuthStore(selectIsAuthenticated);
  const user = useAuthStore((state) => state.user);
  return authenticated ? adminAreasOf(user) : [];
}

/** Category settings, product assignment, backend edit buttons. */
export function useCanEditCatalog(): boolean {
  return useAdminAreas().includes('catalog');
}

/** The admin panel link in the user menu. */
export function useHasAdminPanel(): boolean {
  return useAdminAreas().length > 0;
}
