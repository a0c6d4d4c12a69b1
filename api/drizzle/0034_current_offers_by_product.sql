-- The visible offers of a product, by product alone: with the total in the key, every feed run
-- that changed a price wrote a new entry in each of the offer's six indexes. Without it, such an
-- update changes no indexed column and stays on its page (a heap-only update, fillfactor 80). A
-- product has a few offers: sorting them by total costs nothing beside the look-up.
DROP INDEX "prices_current_by_product_idx";--> statement-breakpoint
CREATE INDEX "prices_current_by_product_idx" ON "prices" USING btree ("product_id") WHERE valid_to is null and hidden_reason is null;
