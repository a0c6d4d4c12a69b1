-- Feed import speed (issue 10, part 3). A run draws the ids of what it creates up front, so a new
-- product is inserted once with its main image and its price summary instead of being inserted
-- and then updated twice (each update of a product rewrites the row and all its indexes):
--   new_image_id  the id of the new product's main image (product_images)
--   new_price_id  the id of the offer the run creates (prices)
-- Offers leave room on their pages, so the run's `last_seen` refresh of the unchanged offers of
-- a re-import (no indexed column changes) is a heap-only update that touches no index.
ALTER TABLE "feed_staging" ADD COLUMN "new_image_id" integer;--> statement-breakpoint
ALTER TABLE "feed_staging" ADD COLUMN "new_price_id" integer;--> statement-breakpoint
ALTER TABLE "prices" SET (fillfactor = 80);
