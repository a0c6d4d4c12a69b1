import { screen } from '@testing-library/react';
import { renderAt } from '@koopjesland/shared/testing';
import { AdminBaseProvider } from './paths';
import { useAdminUrls } from './urls';

function Links() {
  const urls = useAdminUrls();
  return (
    <output data-testid="urls">
      {[
        urls.users.list(),
        urls.products.create(),
        urls.products.detail(5),
        urls.products.detail(5, 'aliases'),
        urls.products.detail(5, 'active'),
        urls.stores.detail(7, 'feeds'),
        urls.stores.feed(7, 3),
        urls.categoryAliases.detail(12),
        urls.storeRatings.list(),
        urls.overview.list(),
        urls.heldPrices.list(),
        urls.priceReports.list(),
        urls.heldPrices.list(7),
        urls.products.withoutCategory(),
        urls.bulkCategoryAlias.list(),
      ].join(' ')}
    </output>
  );
}

it('builds every section address below where the admin is mounted, tabs as the pages read them', () => {
  renderAt('/beheer/users', <AdminBaseProvider><Links /></AdminBaseProvider>, { path: '/beheer/*' });
  expect(screen.getByTestId('urls').textContent).toBe(
    [
      '/beheer/users',
      '/beheer/products/new',
      '/beheer/products/5',
      '/beheer/products/5?tab=aliases',
      '/beheer/products/5',
      '/beheer/stores/7?tab=feeds',
      '/beheer/stores/7/feeds/3',
      '/beheer/category-aliases/12',
      '/beheer/store-ratings',
      '/beheer/overview',
      '/beheer/held-prices',
      '/beheer/price-reports',
      '/beheer/held-prices?storeId=7',
      '/beheer/products?hasNoCategory=true',
      '/beheer/bulk-category-alias',
    ].join(' '),
  );
});
