-- Catalog admin: alt texts of product images, the record of product merges (so a merge can be
-- split again and a removed product's address can answer 301), and a look-up of identifiers by
-- their digits without leading zeros (an EAN-13 and its GTIN-14 form are the same product).
ALTER TABLE "product_images" ADD COLUMN "alt" text;--> statement-breakpoint
CREATE TABLE "product_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"kept_product_id" integer NOT NULL,
	"removed_product_id" integer NOT NULL,
	"removed_slug" text NOT NULL,
	"removed_name" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"merged_by" integer,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"split_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "product_merges" ADD CONSTRAINT "product_merges_kept_product_id_products_id_fk" FOREIGN KEY ("kept_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_merges" ADD CONSTRAINT "product_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_merges_kept_product_id_index" ON "product_merges" USING btree ("kept_product_id");--> statement-breakpoint
CREATE INDEX "product_merges_removed_product_id_index" ON "product_merges" USING btree ("removed_product_id");--> statement-breakpoint
CREATE INDEX "product_merges_removed_slug_index" ON "product_merges" USING btree ("removed_slug");--> statement-breakpoint
CREATE INDEX "product_identifiers_digits_idx" ON "product_identifiers" USING btree (ltrim(regexp_replace("value", '[^0-9]', '', 'g'), '0'));
