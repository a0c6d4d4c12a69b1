/** This remote's RTK Query slice; endpoints are injected per feature. */
import { createAdminApi } from '@koopjesland/shared/admin';

/**
 * Tags: `Category` (by id; 'LIST' for the tree), `Product` (by id; 'LIST' for lists),
 * `CategoryAlias` (by id; 'LIST'), `ProductImage` (by product id), `Merge` (by product id), `Specification` (by category id).
 */
export const catalogAdminApi = createAdminApi('catalogAdminApi', [
  'Category',
  'Product',
  'CategoryAlias',
  'ProductImage',
  'Merge',
  'Specification',
]);
