import { z } from 'zod';

/**
 * Our own copy of a product image (WebP at a few widths, served from our origin): `src`, the
 * `srcSet` of every width, and the original's size.
 */
export const imageCopySchema = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageCopy = z.infer<typeof imageCopySchema>;
