DROP INDEX "products_brand_index";--> statement-breakpoint
CREATE INDEX "products_brand_lowest_total_idx" ON "products" USING btree ("brand","lowest_total","id");