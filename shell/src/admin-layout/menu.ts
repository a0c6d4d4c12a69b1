/**
 * Sidebar links in the order of docs/product.md §2 "Admin layout", from the front-end manifest,
 * narrowed to the areas the signed-in user's role may use (the API enforces the same).
 */
import { useAuthStore } from '@koopjesland/shared';
import { adminAreasOf, adminMenu, mayUseArea, type AdminMenuItem } from '@koopjesland/shared/front-ends';

export const ADMIN_MENU = adminMenu();

export function menuFor(user: Parameters<typeof adminAreasOf>[0]): AdminMenuItem[] {
  const areas = adminAreasOf(user);
  return ADMIN_MENU.filter((item) => mayUseArea(areas, item.area));
}

/** The signed-in user's sidebar. */
export function useAdminMenu(): AdminMenuItem[] {
  const user = useAuthStore((state) => state.user);
  return menuFor(user);
}
