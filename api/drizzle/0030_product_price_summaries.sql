-- Each product's price summary moves to a narrow table of its own. A feed run rewrites the
-- summary of every product whose lowest price moved; on products each such write added an entry
-- to all fifteen of its indexes (two of them GIN over the product's text), here to the eight
-- price-sort indexes of a short row. Every product has its row from its creation: the trigger
-- below adds an empty one unless the statement that created the product wrote it already.
CREATE TABLE "product_prices" (
  "product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "lowest_price_id" integer,
  "lowest_total" integer,
  "lowest_store_id" integer,
  "highest_total" integer,
  "offer_count" integer DEFAULT 0 NOT NULL,
  "price_change" integer,
  "percentage_change" real,
  "reference_total" integer,
  "deal_percentage" real
) WITH (fillfactor = 90);--> statement-breakpoint
INSERT INTO "product_prices" ("product_id", "lowest_price_id", "lowest_total", "lowest_store_id", "highest_total", "offer_count",
  "price_change", "percentage_change", "reference_total", "deal_percentage")
SELECT "id", "lowest_price_id", "lowest_total", "lowest_store_id", "highest_total", "offer_count",
  "price_change", "percentage_change", "reference_total", "deal_percentage"
FROM "products";--> statement-breakpoint
CREATE INDEX "product_prices_lowest_total_asc_idx" ON "product_prices" ("lowest_total" ASC NULLS LAST, "product_id");--> statement-breakpoint
CREATE INDEX "product_prices_lowest_total_desc_idx" ON "product_prices" ("lowest_total" DESC NULLS LAST, "product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_prices_percentage_change_asc_idx" ON "product_prices" ("percentage_change" ASC NULLS LAST, "product_id");--> statement-breakpoint
CREATE INDEX "product_prices_percentage_change_desc_idx" ON "product_prices" ("percentage_change" DESC NULLS LAST, "product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_prices_price_change_asc_idx" ON "product_prices" ("price_change" ASC NULLS LAST, "product_id");--> statement-breakpoint
CREATE INDEX "product_prices_price_change_desc_idx" ON "product_prices" ("price_change" DESC NULLS LAST, "product_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_prices_deal_percentage_idx" ON "product_prices" ("deal_percentage" DESC NULLS LAST, "product_id" DESC) WHERE "deal_percentage" IS NOT NULL;--> statement-breakpoint
-- The version triggers named the summary's columns; they now follow the columns that stay.
DROP TRIGGER "products_bump_catalog_version" ON "products";--> statement-breakpoint
DROP TRIGGER "products_bump_search_version" ON "products";--> statement-breakpoint
DROP INDEX "products_brand_lowest_total_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "lowest_price_id", DROP COLUMN "lowest_total", DROP COLUMN "lowest_store_id",
  DROP COLUMN "highest_total", DROP COLUMN "offer_count", DROP COLUMN "price_change", DROP COLUMN "percentage_change",
  DROP COLUMN "reference_total", DROP COLUMN "deal_percentage";--> statement-breakpoint
CREATE INDEX "products_brand_id_idx" ON "products" ("brand", "id");--> statement-breakpoint
CREATE TRIGGER "products_bump_catalog_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF id, slug, name, brand, description, image, image_id, created_at ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "products_bump_search_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF name, brand, description, created_at ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();--> statement-breakpoint
CREATE TRIGGER "product_prices_bump_catalog_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF lowest_price_id, lowest_total, lowest_store_id, highest_total, offer_count, price_change, percentage_change ON "product_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_prices_bump_search_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF lowest_total, lowest_price_id, price_change, percentage_change ON "product_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();--> statement-breakpoint
CREATE FUNCTION "add_product_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_prices" ("product_id") SELECT "id" FROM "new_products" ON CONFLICT ("product_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_add_product_prices" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "add_product_prices"();--> statement-breakpoint
-- The feed apply writes new products and their summaries without per-row foreign-key checks
-- (migration 0019): the triggers of both tables must fire in that mode too.
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_bump_search_version";--> statement-breakpoint
ALTER TABLE "products" ENABLE ALWAYS TRIGGER "products_add_product_prices";--> statement-breakpoint
ALTER TABLE "product_prices" ENABLE ALWAYS TRIGGER "product_prices_bump_catalog_version";--> statement-breakpoint
ALTER TABLE "product_prices" ENABLE ALWAYS TRIGGER "product_prices_bump_search_version";
