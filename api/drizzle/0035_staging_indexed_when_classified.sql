-- Each run stages into a table of its own (db/run-staging.ts): nothing looks a staged record up by
-- its position, and the run's table is indexed by offer and product only once matching and
-- classification have written them (indexRunStaging), so those updates write no index entry.
DROP INDEX "feed_staging_run_id_position_index";--> statement-breakpoint
DROP INDEX "feed_staging_run_id_offer_id_index";--> statement-breakpoint
DROP INDEX "feed_staging_run_id_product_id_index";
