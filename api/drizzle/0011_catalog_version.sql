-- A counter that moves with every change a visitor could see in a catalogue read (products,
-- their offers, images, properties and identifiers, categories and their settings, stores and
-- their ratings, site configurations), so each API instance can keep whole public responses
-- and check them with one cheap read (api/src/http/response-cache.ts). Statement triggers: one
-- bump per statement, however many rows an import touches. View counts do not move it.
CREATE SEQUENCE "catalog_version";--> statement-breakpoint
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('catalog_version');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_bump_catalog_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF id, slug, name, brand, description, image, image_id, lowest_price_id, lowest_total, lowest_store_id,
    highest_total, offer_count, price_change, percentage_change, created_at ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY['prices', 'price_history', 'product_images', 'product_properties',
    'product_identifiers', 'product_categories', 'product_category_aliases', 'product_merges', 'categories',
    'category_settings', 'category_aliases', 'category_alias_categories', 'stores', 'store_ratings', 'site_configurations']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"()', catalogue_table || '_bump_catalog_version', catalogue_table);
  END LOOP;
END $$;
