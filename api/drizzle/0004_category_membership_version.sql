-- A counter that moves whenever category membership or the category tree changes, so cached
-- subtree product counts can be checked with one cheap read (api/src/features/categories/counts.ts).
CREATE SEQUENCE "category_membership_version";--> statement-breakpoint
CREATE FUNCTION "bump_category_membership_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('category_membership_version');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "product_categories_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_category_membership_version"();--> statement-breakpoint
CREATE TRIGGER "categories_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_category_membership_version"();
