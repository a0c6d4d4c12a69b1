/**
 * Typed addresses of every admin section, relative to where the admin is mounted: the one way a
 * page links to a list, a record or a record's tab. Remotes link across areas (a price to its
 * product, a store's product to the catalog), so the builders live in the kit, one group a section.
 */
import { useMemo } from 'react';
import { useAdminPath } from './paths';

type Id = number | string;

export type StoreTab = 'details' | 'products' | 'prices' | 'feeds';
export type ProductTab = 'active' | 'all' | 'images' | 'properties' | 'aliases';

const withTab = (path: string, tab?: string) => (tab ? `${path}?tab=${encodeURIComponent(tab)}` : path);
/** A list narrowed to one store (the `storeId` filter its useServerTable reads). */
const ofStore = (path: string, storeId?: Id) => (storeId === undefined ? path : `${path}?storeId=${encodeURIComponent(storeId)}`);

export function useAdminUrls() {
  const adminPath = useAdminPath();
  return useMemo(() => {
    /** List, new and one record of a section. */
    const section = (segment: string) => ({
      list: () => adminPath(segment),
      create: () => adminPath(segment, 'new'),
      detail: (id: Id) => adminPath(segment, id),
    });
    return {
      overview: { list: () => adminPath('overview') },
      users: section('users'),
      stores: {
        ...section('stores'),
        detail: (id: Id, tab?: StoreTab) => withTab(adminPath('stores', id), tab === 'details' ? undefined : tab),
        feed: (storeId: Id, feedId: Id) => adminPath('stores', storeId, 'feeds', feedId),
      },
      categories: section('categories'),
      categoryAliases: section('category-aliases'),
      bulkCategoryAlias: { list: () => adminPath('bulk-category-alias') },
      products: {
        ...section('products'),
        /** The list filtered to products in no category but Overig. */
        withoutCategory: () => `${adminPath('products')}?hasNoCategory=true`,
        detail: (id: Id, tab?: ProductTab) => withTab(adminPath('products', id), tab === 'active' ? undefined : tab),
      },
      prices: section('prices'),
      heldPrices: { list: (storeId?: Id) => ofStore(adminPath('held-prices'), storeId) },
      priceReports: { list: (storeId?: Id) => ofStore(adminPath('price-reports'), storeId) },
      wishlists: section('wishlists'),
      storeRatings: section('store-ratings'),
      outbox: section('outbox'),
      siteConfigurations: section('site-configurations'),
    };
  }, [adminPath]);
}

export type AdminUrls = ReturnType<typeof useAdminUrls>;
