/** Sidebar links in the order of docs/product.md §2 "Admin layout", from the front-end manifest. */
import { adminMenu } from '@koopjesland/shared/front-ends';

export const ADMIN_MENU = adminMenu();
