/**
 * `{section}/new` of records that visitors make (wishlist items, store ratings): the route table
 * gives every admin section a `/new` address, and here it says plainly where such records come
 * from, with the way back to the list (docs/product.md §2 "Route table").
 */
import { useNamespaceT } from '@koopjesland/shared';
import { AdminPlaceholder, useAdminUrls } from '@koopjesland/shared/admin';
import { NAMESPACE } from '../i18n';

export function MadeByVisitorsPage({ section }: { section: 'wishlists' | 'storeRatings' }) {
  const { t } = useNamespaceT(NAMESPACE);
  const urls = useAdminUrls();
  return (
    <AdminPlaceholder
      title={t(`${section}.titles.new`)}
      description={t(`${section}.madeByVisitors`)}
      back={{ to: urls[section].list(), label: t(`${section}.buttons.back`) }}
    />
  );
}
