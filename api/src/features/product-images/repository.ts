/**
 * Product images for the admin (docs/product.md §4 "Product images"): one main image per
 * product, mirrored in products.image / image_id so lists need no join; the main image cannot
 * be disabled, and when it is deleted the next enabled image takes its place.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productImages, products, stores } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { ImageCopy } from '@koopjesland/shared/entities';
import { imageCopyOf } from '../image-copies/shown-image';

export const MAIN_CANNOT_BE_DISABLED = 'The main image cannot be disabled';

const imageColumns = {
  id: productImages.id,
  productId: productImages.productId,
  url: productImages.url,
  alt: productImages.alt,
  storeName: stores.name,
  width: productImages.width,
  height: productImages.height,
  filename: productImages.filename,
  main: productImages.isMain,
  isDisabled: productImages.isDisabled,
  copy: sql<ImageCopy | null>`${imageCopyOf(sql`${productImages.url}`)}`,
};

type ImageRow = {
  id: number;
  productId: number;
  url: string;
  alt: string | null;
  storeName: string | null;
  width: number | null;
  height: number | null;
  filename: string | null;
  main: boolean;
  isDisabled: boolean;
  copy: ImageCopy | null;
};

export const toImage = ({ storeName, productId: _productId, ...image }: ImageRow) => ({
  ...image,
  store: storeName === null ? null : { name: storeName },
});

export async function imagesOf(db: Database, productId: number) {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found');
  const rows = await db
    .select(imageColumns)
    .from(productImages)
    .leftJoin(stores, eq(stores.id, productImages.storeId))
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.isMain), asc(productImages.id));
  return rows.map(toImage);
}

export async function findImage(db: Database, id: number): Promise<ImageRow> {
  const [row] = await db.select(imageColumns).from(productImages).leftJoin(stores, eq(stores.id, productImages.storeId)).where(eq(productImages.id, id));
  if (!row) throw notFound('Image not found');
  return row;
}

/** Points the product's image columns at its main image (or none). */
async function syncProductImage(tx: Database, productId: number) {
  await tx.execute(sql`update products p set
      image = (select i.url from product_images i where i.product_id = p.id and i.is_main),
      image_id = (select i.id from product_images i where i.product_id = p.id and i.is_main),
      updated_at = now()
    where p.id = ${productId}`);
}

/** Makes an image the main one (enabling it: the main image is always shown). */
export async function setMain(db: Database, image: ImageRow) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.update(productImages).set({ isMain: false }).where(and(eq(productImages.productId, image.productId), eq(productImages.isMain, true)));
    await tx.update(productImages).set({ isMain: true, isDisabled: false }).where(eq(productImages.id, image.id));
    await syncProductImage(tx, image.productId);
  });
  return findImage(db, image.id);
}

export async function toggleDisabled(db: Database, image: ImageRow) {
  if (image.main) throw badRequest('Invalid image', `image: ${MAIN_CANNOT_BE_DISABLED}`);
  await db.update(productImages).set({ isDisabled: !image.isDisabled }).where(eq(productImages.id, image.id));
  return findImage(db, image.id);
}

export async function updateImage(db: Database, id: number, changes: { alt?: string | null; filename?: string | null }) {
  if (Object.keys(changes).length) await db.update(productImages).set(changes).where(eq(productImages.id, id));
  return findImage(db, id);
}

/** Deletes an image; a deleted main image passes "main" to the first enabled one left. */
export async function deleteImage(db: Database, image: ImageRow) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    if (!image.main) return;
    await tx.execute(sql`update product_images set is_main = true where id = (
        select id from product_images where product_id = ${image.productId} and not is_disabled order by id limit 1)`);
    await syncProductImage(tx, image.productId);
  });
}

/** Adds an uploaded image; the product's first image becomes its main one. */
export async function addImage(
  db: Database,
  productId: number,
  image: { url: string; filename: string | null; alt: string | null; width: number | null; height: number | null },
) {
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    if (!product) throw notFound('Product not found');
    const [main] = await tx.select({ id: productImages.id }).from(productImages).where(and(eq(productImages.productId, productId), eq(productImages.isMain, true)));
    const [row] = await tx.insert(productImages).values({ ...image, productId, isMain: !main }).returning({ id: productImages.id });
    if (!main) await syncProductImage(tx, productId);
    return row!.id;
  });
  return findImage(db, id);
}
