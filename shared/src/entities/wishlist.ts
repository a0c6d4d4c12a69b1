import { z } from 'zod';
import { cents, id, isoDateTime } from './common';
import { productSchema } from './product';

export const wishlistItemSchema = z.object({
  id,
  productId: z.number().int(),
  userId: z.number().int(),
  maxPrice: cents,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  product: productSchema.optional(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistCheckSchema = z.object({
  isWishlisted: z.boolean(),
  wishlistItemId: z.number().int().nullable(),
  maxPrice: cents.nullable(),
});
export type WishlistCheck = z.infer<typeof wishlistCheckSchema>;

/** A wishlist item as the admin list shows it: whose it is and which product. */
export const adminWishlistItemSchema = wishlistItemSchema.omit({ product: true }).extend({
  userEmail: z.string(),
  productName: z.string(),
  /** The product's current lowest total in cents; null when no store offers it. */
  currentLowestPrice: cents.nullable(),
  /** The lowest price has reached the desired maximum. */
  targetMet: z.boolean(),
});
export type AdminWishlistItem = z.infer<typeof adminWishlistItemSchema>;
