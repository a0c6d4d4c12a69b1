-- Specification fields: per category, the fields visitors filter and compare by (a number in a
-- unit, yes/no, or one of a list), the raw property names read into each, and each product's
-- value of each field, normalised from its properties (features/specifications). Properties stay
-- as they were; a value that cannot be read is kept here with its raw text (number, flag and
-- option null) so the catalog admin can count it and show examples.
CREATE TABLE "specification_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"unit" text,
	"options" text[] DEFAULT '{}' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "specification_fields_type_check" CHECK ("specification_fields"."type" in ('number', 'boolean', 'list'))
);--> statement-breakpoint
ALTER TABLE "specification_fields" ADD CONSTRAINT "specification_fields_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specification_fields_category_id_position_index" ON "specification_fields" USING btree ("category_id","position");--> statement-breakpoint
-- One raw name maps to at most one field of a category, compared without case and outer spaces.
CREATE TABLE "specification_property_names" (
	"field_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	CONSTRAINT "specification_property_names_category_id_name_key_pk" PRIMARY KEY("category_id","name_key")
);--> statement-breakpoint
ALTER TABLE "specification_property_names" ADD CONSTRAINT "specification_property_names_field_id_specification_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."specification_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specification_property_names" ADD CONSTRAINT "specification_property_names_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specification_property_names_field_id_index" ON "specification_property_names" USING btree ("field_id");--> statement-breakpoint
-- Faceted counts start from a page's candidate products and look their values up by
-- (product_id, field_id) (the primary key); a selective filter starts from the field's values
-- instead, through the per-kind indexes on (field_id, value, product_id) (index-only scans).
CREATE TABLE "product_specification_values" (
	"product_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"number_value" double precision,
	"boolean_value" boolean,
	"list_value" text,
	"property_name" text NOT NULL,
	"raw_value" text NOT NULL,
	CONSTRAINT "product_specification_values_product_id_field_id_pk" PRIMARY KEY("product_id","field_id")
);--> statement-breakpoint
ALTER TABLE "product_specification_values" ADD CONSTRAINT "product_specification_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_specification_values" ADD CONSTRAINT "product_specification_values_field_id_specification_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."specification_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_specification_values_number_index" ON "product_specification_values" USING btree ("field_id","number_value","product_id") WHERE "product_specification_values"."number_value" is not null;--> statement-breakpoint
CREATE INDEX "product_specification_values_boolean_index" ON "product_specification_values" USING btree ("field_id","boolean_value","product_id") WHERE "product_specification_values"."boolean_value" is not null;--> statement-breakpoint
CREATE INDEX "product_specification_values_list_index" ON "product_specification_values" USING btree ("field_id","list_value","product_id") WHERE "product_specification_values"."list_value" is not null;--> statement-breakpoint
CREATE INDEX "product_specification_values_unreadable_index" ON "product_specification_values" USING btree ("field_id") WHERE "product_specification_values"."number_value" is null and "product_specification_values"."boolean_value" is null and "product_specification_values"."list_value" is null;--> statement-breakpoint
-- Filters and comparisons are catalogue reads: their changes move the catalogue version (0011).
CREATE TRIGGER "specification_fields_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "specification_fields"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "specification_property_names_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "specification_property_names"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "product_specification_values_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_specification_values"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();
