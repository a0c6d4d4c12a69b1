/**
 * The demo's own drawings (SVG) by their address: `/media/products/{id}-{n}.svg` from the
 * product's row, `/media/stores/{slug}.svg` from the store's. Served by routes.ts and rendered to
 * a raster by the image copier, in-process: our own drawings are never fetched over the network.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, stores } from '../../db/schema';
import { productImageSvg, storeLogoSvg } from './svg';
import { MAX_ID } from '../../http/route-schemas';

export const PRODUCT_DRAWING = /^[1-9]\d{0,9}-\d{1,3}\.svg$/;
export const STORE_DRAWING = /^[a-z0-9-]{1,196}\.svg$/;
/** A drawing's whole address, as product images and store logos name it. */
export const DRAWING_ADDRESS = /^\/media\/(products\/[1-9]\d{0,9}-\d{1,3}|stores\/[a-z0-9-]{1,196})\.svg$/;

export async function productDrawing(db: Pick<Database, 'select'>, file: string): Promise<string | null> {
  if (!PRODUCT_DRAWING.test(file)) return null;
  const [id, variant] = file.replace('.svg', '').split('-').map(Number) as [number, number];
  if (id > MAX_ID) return null;
  const [product] = await db.select({ name: products.name, brand: products.brand }).from(products).where(eq(products.id, id));
  return product ? productImageSvg(id, variant, product.brand ?? '', product.name) : null;
}

export async function storeDrawing(db: Pick<Database, 'select'>, file: string): Promise<string | null> {
  if (!STORE_DRAWING.test(file)) return null;
  const [store] = await db.select({ name: stores.name }).from(stores).where(eq(stores.slug, file.replace('.svg', '')));
  return store ? storeLogoSvg(store.name) : null;
}

/** The drawing at one of our `/media/…` addresses, or null when the address names none. */
export async function drawingAt(db: Pick<Database, 'select'>, address: string): Promise<string | null> {
  if (!DRAWING_ADDRESS.test(address)) return null;
  const [, folder, file] = address.split('/').slice(1) as [string, string, string];
  return folder === 'products' ? productDrawing(db, file) : storeDrawing(db, file);
}
