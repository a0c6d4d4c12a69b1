-- Every statement of a run's apply step joins the staged records to the offers on plain, indexed
-- columns, so that no plan can be worse than linear in the run's size, whatever the planner's
-- statistics say (a copied database keeps the statistics of its template, which know nothing of
-- the feed being imported: the expiry's anti join on `coalesce(price_id, new_price_id)` could use
-- no index and became a nested loop scanning every staged row for each of the feed's offers).
--   offer_id  the offer the record is applied to: its current offer (price_id), or the id drawn
--             for the offer the run creates (formerly new_price_id)
ALTER TABLE "feed_staging" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "feed_staging" DROP COLUMN "new_price_id";--> statement-breakpoint
CREATE INDEX "feed_staging_run_id_offer_id_index" ON "feed_staging" USING btree ("run_id","offer_id");--> statement-breakpoint
CREATE INDEX "feed_staging_run_id_product_id_index" ON "feed_staging" USING btree ("run_id","product_id");
