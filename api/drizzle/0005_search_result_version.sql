-- A counter that moves whenever a change could alter which products a search finds or how it
-- orders them, so cached search results can be checked with one cheap read
-- (api/src/features/products/search-cache.ts). View counts do not move it.
CREATE SEQUENCE "search_result_version";--> statement-breakpoint
CREATE FUNCTION "bump_search_result_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_result_version');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_bump_search_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF name, brand, description, lowest_total, lowest_price_id, price_change, percentage_change, created_at ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();--> statement-breakpoint
CREATE TRIGGER "prices_bump_search_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF product_id, store_id, valid_to ON "prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();--> statement-breakpoint
CREATE TRIGGER "product_categories_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();--> statement-breakpoint
CREATE TRIGGER "product_category_aliases_bump_search_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_category_aliases"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();
