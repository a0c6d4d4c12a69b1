-- Feed import speed (issue 10, part 3). The apply step inserts the rows it creates (offers, their
-- history, the new products' identifiers, images, properties and category links) with
-- session_replication_role = replica when the database role may, which skips the per-row
-- foreign-key checks: those rows reference rows the same transaction created or locked once
-- (features/feeds/apply.ts `unchecked`). The catalogue's own statement triggers must still fire
-- then, so they fire always. (The apply uses this mode only while every trigger of the tables it
-- writes so fires.)
ALTER TABLE "prices" ENABLE ALWAYS TRIGGER "prices_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "prices" ENABLE ALWAYS TRIGGER "prices_bump_search_version";--> statement-breakpoint
ALTER TABLE "price_history" ENABLE ALWAYS TRIGGER "price_history_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_identifiers" ENABLE ALWAYS TRIGGER "product_identifiers_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_images" ENABLE ALWAYS TRIGGER "product_images_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_properties" ENABLE ALWAYS TRIGGER "product_properties_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_category_aliases" ENABLE ALWAYS TRIGGER "product_category_aliases_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_category_aliases" ENABLE ALWAYS TRIGGER "product_category_aliases_bump_search_version";--> statement-breakpoint
ALTER TABLE "product_categories" ENABLE ALWAYS TRIGGER "product_categories_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_categories" ENABLE ALWAYS TRIGGER "product_categories_bump_search_version";--> statement-breakpoint
ALTER TABLE "product_categories" ENABLE ALWAYS TRIGGER "product_categories_bump_version";
--> statement-breakpoint
-- Staged rows are scratch: written by COPY, updated by matching, classification and the ids a run
-- draws, deleted when the run ends. Unlogged, none of that is written to the WAL. A crash empties
-- the table; a run going at that moment is reaped anyway, and Apply anyway refuses a held run
-- whose staged rows are gone (runner.ts).
ALTER TABLE "feed_staging" SET UNLOGGED;
