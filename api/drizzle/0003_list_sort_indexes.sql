DROP INDEX "products_views_index";--> statement-breakpoint
DROP INDEX "products_created_at_index";--> statement-breakpoint
DROP INDEX "products_lowest_total_index";--> statement-breakpoint
DROP INDEX "products_percentage_change_index";--> statement-breakpoint
CREATE INDEX "products_views_id_idx" ON "products" USING btree ("views","id");--> statement-breakpoint
CREATE INDEX "products_created_at_id_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_lower_name_id_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "products_lowest_total_asc_idx" ON "products" USING btree ("lowest_total","id");--> statement-breakpoint
CREATE INDEX "products_lowest_total_desc_idx" ON "products" USING btree ("lowest_total" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_percentage_change_asc_idx" ON "products" USING btree ("percentage_change","id");--> statement-breakpoint
CREATE INDEX "products_percentage_change_desc_idx" ON "products" USING btree ("percentage_change" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_price_change_asc_idx" ON "products" USING btree ("price_change","id");--> statement-breakpoint
CREATE INDEX "products_price_change_desc_idx" ON "products" USING btree ("price_change" DESC NULLS LAST,"id" DESC NULLS FIRST);