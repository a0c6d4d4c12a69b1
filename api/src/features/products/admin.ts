/**
 * The merchandiser's product writes beyond the edit (repository.ts): create, delete, the
 * bulk "disconnect from all categories", properties one by one, and every offer of a product
 * for the admin detail (docs/product.md §2 "Admin products").
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productIdentifiers, productImages, productProperties, products } from '../../db/schema';
import { intArray, isUniqueViolation, selectRows } from '../../db/sql';
import { badRequest, notFound } from '../../http/errors';
import { normaliseGtin, slugify } from '../../importers/normalise';
import { whereClause, type ProductFilters } from './product-list';
import { updateProduct } from './repository';
import { offerAlias } from '../offers/visible-offers';
import { lastSeenOf } from '../offers/last-seen';
import { categoriesChanged, normaliseProducts } from '../specifications/values';

export const NAME_REQUIRED = 'Name is required';
export const SLUG_REQUIRED = 'Slug is required';
export const VALUE_REQUIRED = 'Value is required';

export interface NewProduct {
  name: string;
  slug?: string;
  brand?: string | null;
  description?: string | null;
  image?: string | null;
  categoryIds?: number[];
  identifiers?: { type: string; value: string }[];
}

/** EAN/GTIN/UPC values are kept as 13 or 14 digits, like the feeds store them, so look-ups match. */
function normaliseIdentifier({ type, value }: { type: string; value: string }) {
  const upper = type.trim().toUpperCase();
  const gtin = ['EAN', 'GTIN', 'UPC'].includes(upper) ? normaliseGtin(value) : null;
  return { type: upper, value: gtin ?? value.trim() };
}

/** Creates a product with its identifiers and categories in one transaction; answers its id. */
export async function createProduct(db: Database, input: NewProduct): Promise<number> {
  const identifiers = (input.identifiers ?? []).map(normaliseIdentifier);
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [row] = await tx
        .insert(products)
        .values({
          name: input.name,
          slug: input.slug || slugify(input.name),
          brand: input.brand || null,
          description: input.description || null,
          image: input.image || null,
        })
        .returning({ id: products.id });
      if (identifiers.length) await tx.insert(productIdentifiers).values(identifiers.map((identifier) => ({ ...identifier, productId: row!.id })));
      if (input.categoryIds?.length) await updateProduct(tx, row!.id, { fields: {}, categoryIds: input.categoryIds });
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('Invalid identifiers', 'identifiers: this identifier belongs to another product');
    throw error;
  }
}

/** Deletes a product (its offers, history, images, properties and links go with it); answers what it was and its image URLs. */
export async function deleteProduct(db: Database, id: number) {
  const images = await db.select({ url: productImages.url }).from(productImages).where(eq(productImages.productId, id));
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ name: products.name, slug: products.slug });
  if (!row) throw notFound('Product not found');
  return { ...row, imageUrls: images.map((image) => image.url) };
}

/** Removes every category link of the given products; answers the links removed and the products touched. */
export async function disconnectCategories(db: Database, productIds: number[] | SQL) {
  const target = Array.isArray(productIds) ? sql`any(${intArray(productIds)})` : sql`any(array(${productIds}))`;
  return db.transaction(async (tx) => {
    const removed = await selectRows<{ productId: number }>(
      tx,
      sql`delete from product_categories where product_id = ${target} returning product_id as "productId"`,
    );
    const touched = [...new Set(removed.map((row) => row.productId))];
    await categoriesChanged(tx, touched);
    return { removedCount: removed.length, productCount: touched.length };
  });
}

/**
 * Adds every given product to each given category, at the end of the category's manual order;
 * links that already exist stay as they are. Answers the links added and the products touched.
 */
export async function assignCategories(db: Database, productIds: number[] | SQL, categoryIds: number[]) {
  const target = Array.isArray(productIds) ? sql`unnest(${intArray(productIds)})` : sql`unnest(array(${productIds}))`;
  return db.transaction(async (tx) => {
    const added = await selectRows<{ productId: number }>(
      tx,
      sql`with chosen as (select id, row_number() over (order by id) as n from ${target} as ids(id))
          insert into product_categories (product_id, category_id, sort_order)
          select chosen.id, c.id,
            coalesce((select max(sort_order) from product_categories where category_id = c.id), 0) + chosen.n
          from chosen cross join unnest(${intArray(categoryIds)}) as c(id)
          on conflict do nothing returning product_id as "productId"`,
    );
    const touched = [...new Set(added.map((row) => row.productId))];
    await categoriesChanged(tx, touched);
    return { addedCount: added.length, productCount: touched.length };
  });
}

/** The ids of every product matching a list's filters, as a subquery. */
export const matchingProductIds = (filters: ProductFilters) => sql`select p.id from products p where ${whereClause(filters)}`;

type PropertyRow = { id: number; name: string; value: string };

export async function addProperty(db: Database, productId: number, property: { name: string; value: string }): Promise<PropertyRow> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found');
  const [row] = await db
    .insert(productProperties)
    .values({ ...property, productId })
    .returning({ id: productProperties.id, name: productProperties.name, value: productProperties.value });
  await propertiesChanged(db, productId);
  return row!;
}

export async function findProperty(db: Database, id: number) {
  const [row] = await db.select().from(productProperties).where(eq(productProperties.id, id));
  if (!row) throw notFound('Property not found');
  return row;
}

export async function updateProperty(db: Database, id: number, property: { name: string; value: string }): Promise<PropertyRow> {
  const [row] = await db
    .update(productProperties)
    .set(property)
    .where(eq(productProperties.id, id))
    .returning({ id: productProperties.id, name: productProperties.name, value: productProperties.value, productId: productProperties.productId });
  if (!row) throw notFound('Property not found');
  await propertiesChanged(db, row.productId);
  return { id: row.id, name: row.name, value: row.value };
}

export async function deleteProperty(db: Database, id: number) {
  const [row] = await db.delete(productProperties).where(and(eq(productProperties.id, id))).returning();
  if (!row) throw notFound('Property not found');
  await propertiesChanged(db, row.productId);
  return row;
}

/** After a property edit: the product's updatedAt, and its specification values read again. */
async function propertiesChanged(db: Database, productId: number) {
  await touchProduct(db, productId);
  await normaliseProducts(db, sql`select ${productId}::int`);
}

/** A product's updatedAt follows edits of its parts. */
export async function touchProduct(db: Database, productId: number) {
  await db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
}

export interface AdminOfferRow {
  id: number;
  productId: number;
  amount: number;
  shipping: number;
  total: number;
  url: string;
  deliveryTime: string | null;
  deliveryDays: number | null;
  description: string | null;
  store: { id: number; name: string; logo: string | null };
  priceChange: number | null;
  percentageChange: number | null;
  validFrom: Date;
  validTo: Date | null;
  lastSeen: Date;
  createdAt: Date;
}

/** The product's offers by total: only current ones, or every one including expired. */
export async function offersOf(db: Database, productId: number, onlyCurrent: boolean) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found');
  return selectRows<AdminOfferRow>(
    db,
    sql`select o.id, o.product_id as "productId", o.amount, o.shipping, o.total, o.url, o.delivery_time as "deliveryTime",
          o.delivery_days as "deliveryDays", o.description, json_build_object('id', s.id, 'name', s.name, 'logo', s.logo) as store,
          o.price_change as "priceChange", o.percentage_change as "percentageChange", o.valid_from as "validFrom",
          o.valid_to as "validTo", ${lastSeenOf(offerAlias('o'))} as "lastSeen", o.created_at as "createdAt"
        from prices o join stores s on s.id = o.store_id
        where o.product_id = ${productId} ${onlyCurrent ? sql`and o.valid_to is null` : sql``}
        order by (o.valid_to is not null), o.total, o.id`,
  );
}
