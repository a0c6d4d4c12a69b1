/**
 * The product page's data: the product with its images (main first, disabled left out),
 * identifiers, properties, categories with a breadcrumb, and its visible current offers (hidden
 * ones left out) sorted by total with the lowest marked. Loading it counts a view.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { prices } from '../../db/schema';
import { notFound } from '../../http/errors';
import { OVERIG_SLUG } from '@koopjesland/shared/entities';
import { ancestorsQuery } from '../../catalogue/category-lookup';
import { selectPreparedRows, selectRows } from '../../db/sql';
import type { ProductListRow } from './product-list';
import { countView } from './view-counter';
import { NO_RATINGS, storeRatingSummaries } from '../store-ratings/repository';
import { offerAlias, visibleOffer } from '../offers/visible-offers';
import { lastSeenOf } from '../offers/last-seen';
import type { ImageCopy } from '@koopjesland/shared/entities';
import { imageCopyOf } from '../image-copies/shown-image';
import { PRODUCT_UPDATED_AT, PRODUCTS_WITH_PRICES } from '../offers/price-summary';

const o = offerAlias('o');

const detailColumns = sql`p.id, p.slug, p.name, p.brand, p.description, p.image, p.image_id as "imageId",
  ${imageCopyOf(sql`p.image`)} as "imageCopy",
  pp.lowest_price_id as "lowestPriceId", pp.highest_total as "highestPrice", pp.offer_count as "offerCount",
  pp.price_change as "priceChange", pp.percentage_change as "percentageChange",
  pp.reference_total as "referencePrice", pp.deal_percentage as "dealPercentage", p.views,
  p.created_at as "createdAt", ${PRODUCT_UPDATED_AT} as "updatedAt"`;

/** The list row's columns, without the parts a detail reads on its own (lowest price, categories). */
type ProductRow = Omit<ProductListRow, 'lowestPrice' | 'categories'>;

type OfferRow = Pick<
  typeof prices.$inferSelect,
  'id' | 'productId' | 'amount' | 'shipping' | 'total' | 'url' | 'deliveryTime' | 'deliveryDays' | 'description'
> & {
  storeId: number;
  storeName: string;
  storeLogo: string | null;
  storeLogoCopy: ImageCopy | null;
  storeSlug: string;
  priceChange: number | null;
  percentageChange: number | null;
  fromPrice: number | null;
  inStock: boolean;
  /** ISO text: the offers arrive as JSON. */
  validFrom: string;
  validTo: string | null;
  lastSeen: string;
  createdAt: string;
};

/** Finds the product by id or slug and counts the view (written in batches, see view-counter). */
export async function viewProduct(db: Database, by: { id: number } | { slug: string }) {
  const target = 'id' in by ? sql`p.id = ${by.id}` : sql`p.id = (select id from products where slug = ${by.slug} order by id limit 1)`;
  const [page, ratings] = await Promise.all([selectPreparedRows<ProductPageRow>(db, productPageQuery(target)), storeRatingSummaries(db)]);
  if (!page[0]) throw notFound('Product not found');
  return productDetailOf({ ...page[0], views: page[0].views + countView(db, page[0].id) }, ratings);
}

/** The product without counting a view (admin edits). */
export async function productDetail(db: Database, id: number) {
  const [page, ratings] = await Promise.all([selectPreparedRows<ProductPageRow>(db, productPageQuery(sql`p.id = ${id}`)), storeRatingSummaries(db)]);
  if (!page[0]) throw notFound('Product not found');
  return productDetailOf(page[0], ratings);
}

interface ProductPageRow extends ProductRow {
  images: {
    id: number;
    url: string;
    storeName: string | null;
    width: number | null;
    height: number | null;
    filename: string | null;
    alt: string | null;
    main: boolean;
    isDisabled: boolean;
    copy: ImageCopy | null;
  }[];
  properties: { id: number; name: string; value: string }[];
  identifiers: { id: number; type: string; value: string }[];
  /** The product's categories, its first real one first (overig sorts last). */
  categories: { id: number; name: string; slug: string }[];
  /** The first category's ancestors and itself, root first. */
  breadcrumb: { id: number; name: string; slug: string }[];
  offers: OfferRow[];
}

const categoryOrder = sql`(c.slug = ${OVERIG_SLUG}), c.name, c.id`;

/**
 * The whole page in one statement, prepared (its planning cost more than its execution): the
 * product, its images, properties, identifiers, categories with the breadcrumb of the first, and
 * its visible current offers (JSON dates are ISO text, as the response schema writes them).
 */
const productPageQuery = (target: SQL) => sql`select ${detailColumns},
  (select coalesce(json_agg(json_build_object('id', i.id, 'url', i.url, 'storeName', s.name, 'width', i.width, 'height', i.height,
      'filename', i.filename, 'alt', i.alt, 'main', i.is_main, 'isDisabled', i.is_disabled,
      'copy', ${imageCopyOf(sql`i.url`)})
      order by i.is_main desc, i.id), '[]'::json)
    from product_images i left join stores s on s.id = i.store_id where i.product_id = p.id and not i.is_disabled) as images,
  (select coalesce(json_agg(json_build_object('id', pp.id, 'name', pp.name, 'value', pp.value) order by pp.id), '[]'::json)
    from product_properties pp where pp.product_id = p.id) as properties,
  (select coalesce(json_agg(json_build_object('id', pi.id, 'type', pi.type, 'value', pi.value) order by pi.type, pi.id), '[]'::json)
    from product_identifiers pi where pi.product_id = p.id) as identifiers,
  (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by ${categoryOrder}), '[]'::json)
    from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories,
  (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'slug', a.slug) order by a.depth desc), '[]'::json)
    from (${ancestorsQuery(sql`(select c.id from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = p.id order by ${categoryOrder} limit 1)`)}) a) as breadcrumb,
  (select coalesce(json_agg(json_build_object('id', o.id, 'productId', o.product_id, 'amount', o.amount, 'shipping', o.shipping,
      'total', o.total, 'url', o.url, 'deliveryTime', o.delivery_time, 'deliveryDays', o.delivery_days, 'description', o.description,
      'storeId', s.id, 'storeName', s.name, 'storeLogo', s.logo, 'storeLogoCopy', ${imageCopyOf(sql`s.logo`)}, 'storeSlug', s.slug,
      'priceChange', o.price_change, 'percentageChange', o.percentage_change,
      'fromPrice', case when o.from_amount > o.amount then o.from_amount end, 'validFrom', o.valid_from, 'validTo', o.valid_to,
      'lastSeen', ${lastSeenOf(o)}, 'createdAt', o.created_at, 'inStock', o.in_stock)
      order by o.in_stock desc, o.total, o.id), '[]'::json)
    from prices o join stores s on s.id = o.store_id where o.product_id = p.id and ${visibleOffer(o)}) as offers
  from ${PRODUCTS_WITH_PRICES} where ${target}`;

function productDetailOf(row: ProductPageRow, ratings: Awaited<ReturnType<typeof storeRatingSummaries>>) {
  const { images, properties, identifiers, categories, breadcrumb, offers, ...product } = row;
  const prices = offers.map(({ storeId, storeName, storeLogo, storeLogoCopy, storeSlug, ...offer }, index) => ({
    ...offer,
    store: { id: storeId, name: storeName, logo: storeLogo, logoCopy: storeLogoCopy, slug: storeSlug, rating: ratings.get(storeId) ?? NO_RATINGS },
    // Offers in stock come first; one out of stock is never the lowest (docs/feeds.md "Availability").
    isLowest: index === 0 && offer.inStock,
  }));
  const lowest = prices[0]?.inStock ? prices[0] : undefined;
  return {
    ...product,
    images: images.map(({ storeName, ...image }) => ({ ...image, store: storeName === null ? null : { name: storeName } })),
    properties,
    productIds: identifiers,
    categories,
    categoryIds: categories.map((category) => category.id),
    breadcrumb,
    prices,
    lowestPrice: lowest
      ? { id: lowest.id, amount: lowest.amount, shipping: lowest.shipping, total: lowest.total, store: lowest.store }
      : null,
    lowestPriceId: lowest?.id ?? null,
    highestPrice: prices.length ? Math.max(...prices.map((offer) => offer.total)) : null,
    offerCount: prices.length,
    _count: { prices: prices.length, categories: categories.length },
  };
}

/** Adds the signed-in visitor's wishlist state to a product. */
export async function wishlistStateOf(db: Database, userId: number, productId: number) {
  const [item] = await selectRows<{ id: number; maxPrice: number }>(
    db,
    sql`select id, max_price as "maxPrice" from wishlist_items where user_id = ${userId} and product_id = ${productId}`,
  );
  return { isWishlisted: Boolean(item), wishlistItem: item ?? null };
}

/**
 * Where a merged-away product's id or slug now lives (only while no product answers to it itself):
 * its address answers 301 to the kept product until the merge is split (product-merges).
 */
export async function mergedInto(db: Database, by: { id: number } | { slug: string }): Promise<{ id: number; slug: string } | null> {
  const match = 'id' in by ? sql`m.removed_product_id = ${by.id}` : sql`m.removed_slug = ${by.slug}`;
  const [row] = await selectRows<{ id: number; slug: string }>(
    db,
    sql`select p.id, p.slug from product_merges m join products p on p.id = m.kept_product_id
        where ${match} and m.split_at is null order by m.merged_at desc, m.id desc limit 1`,
  );
  return row ?? null;
}
