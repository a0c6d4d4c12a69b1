CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "category_alias_categories" (
	"alias_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "category_alias_categories_alias_id_category_id_pk" PRIMARY KEY("alias_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "category_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_aliases_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "category_settings" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"default_display_type" text DEFAULT 'grid' NOT NULL,
	"default_sort_by" text DEFAULT 'manual' NOT NULL,
	"default_sort_order" text DEFAULT 'asc' NOT NULL,
	"hide_filters_and_view_buttons" boolean DEFAULT false NOT NULL,
	"show_on_home_page" integer,
	"hide_from_menu" boolean DEFAULT false NOT NULL,
	"representative_product_id" integer,
	"subcategory_columns" integer DEFAULT 4 NOT NULL,
	"alternative_name" text
);
--> statement-breakpoint
CREATE TABLE "click_outs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"store_id" integer,
	"price_id" integer,
	"user_id" integer,
	"redirect_url" text NOT NULL,
	"current_price" integer NOT NULL,
	"lowest_price" integer,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"records_read" integer DEFAULT 0 NOT NULL,
	"offers_created" integer DEFAULT 0 NOT NULL,
	"offers_updated" integer DEFAULT 0 NOT NULL,
	"offers_unchanged" integer DEFAULT 0 NOT NULL,
	"offers_expired" integer DEFAULT 0 NOT NULL,
	"records_rejected" integer DEFAULT 0 NOT NULL,
	"products_created" integer DEFAULT 0 NOT NULL,
	"error_sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"price_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"shipping" integer NOT NULL,
	"total" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"feed_id" integer,
	"external_id" text,
	"amount" integer NOT NULL,
	"shipping" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"url" text NOT NULL,
	"delivery_time" text,
	"delivery_days" integer,
	"description" text,
	"price_change" integer,
	"percentage_change" real,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_category_aliases" (
	"product_id" integer NOT NULL,
	"alias_id" integer NOT NULL,
	CONSTRAINT "product_category_aliases_product_id_alias_id_pk" PRIMARY KEY("product_id","alias_id")
);
--> statement-breakpoint
CREATE TABLE "product_identifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"store_id" integer,
	"width" integer,
	"height" integer,
	"filename" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand" text,
	"description" text,
	"image" text,
	"image_id" integer,
	"lowest_price_id" integer,
	"lowest_total" integer,
	"lowest_store_id" integer,
	"highest_total" integer,
	"offer_count" integer DEFAULT 0 NOT NULL,
	"price_change" integer,
	"percentage_change" real,
	"views" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dutch', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '')), 'B') || setweight(to_tsvector('dutch', left(coalesce(description, ''), 2000)), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"domain_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"logo" text,
	"root_category_id" integer,
	"keywords" text,
	"meta_description" text,
	"og_title" text,
	"og_description" text,
	"og_image" text,
	"twitter_card" text,
	"twitter_title" text,
	"twitter_description" text,
	"twitter_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"name" text NOT NULL,
	"importer" text NOT NULL,
	"url" text,
	"path" text NOT NULL,
	"compression" text DEFAULT 'none' NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"allow_create_products" boolean DEFAULT true NOT NULL,
	"credentials" jsonb,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"url" text NOT NULL,
	"logo" text,
	"last_price_update" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"max_price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_alias_categories" ADD CONSTRAINT "category_alias_categories_alias_id_category_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."category_aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_alias_categories" ADD CONSTRAINT "category_alias_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_settings" ADD CONSTRAINT "category_settings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_settings" ADD CONSTRAINT "category_settings_show_on_home_page_site_configurations_id_fk" FOREIGN KEY ("show_on_home_page") REFERENCES "public"."site_configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_settings" ADD CONSTRAINT "category_settings_representative_product_id_products_id_fk" FOREIGN KEY ("representative_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_outs" ADD CONSTRAINT "click_outs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_outs" ADD CONSTRAINT "click_outs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_outs" ADD CONSTRAINT "click_outs_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_outs" ADD CONSTRAINT "click_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD CONSTRAINT "feed_runs_feed_id_store_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."store_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_feed_id_store_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."store_feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_aliases" ADD CONSTRAINT "product_category_aliases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_aliases" ADD CONSTRAINT "product_category_aliases_alias_id_category_aliases_id_fk" FOREIGN KEY ("alias_id") REFERENCES "public"."category_aliases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_identifiers" ADD CONSTRAINT "product_identifiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_properties" ADD CONSTRAINT "product_properties_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_configurations" ADD CONSTRAINT "site_configurations_root_category_id_categories_id_fk" FOREIGN KEY ("root_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_feeds" ADD CONSTRAINT "store_feeds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_ratings" ADD CONSTRAINT "store_ratings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_ratings" ADD CONSTRAINT "store_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_id_index" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "category_alias_categories_category_id_index" ON "category_alias_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "click_outs_product_id_created_at_index" ON "click_outs" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "click_outs_store_id_created_at_index" ON "click_outs" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "feed_runs_feed_id_created_at_index" ON "feed_runs" USING btree ("feed_id","created_at");--> statement-breakpoint
CREATE INDEX "feed_runs_status_index" ON "feed_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "price_history_price_id_recorded_at_index" ON "price_history" USING btree ("price_id","recorded_at");--> statement-breakpoint
CREATE INDEX "price_history_product_id_recorded_at_index" ON "price_history" USING btree ("product_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prices_product_id_store_id_index" ON "prices" USING btree ("product_id","store_id");--> statement-breakpoint
CREATE INDEX "prices_store_id_external_id_index" ON "prices" USING btree ("store_id","external_id");--> statement-breakpoint
CREATE INDEX "prices_feed_id_index" ON "prices" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "prices_current_by_product_idx" ON "prices" USING btree ("product_id","total") WHERE valid_to is null;--> statement-breakpoint
CREATE INDEX "product_categories_category_id_sort_order_index" ON "product_categories" USING btree ("category_id","sort_order");--> statement-breakpoint
CREATE INDEX "product_category_aliases_alias_id_index" ON "product_category_aliases" USING btree ("alias_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_identifiers_type_value_index" ON "product_identifiers" USING btree ("type","value");--> statement-breakpoint
CREATE INDEX "product_identifiers_product_id_index" ON "product_identifiers" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_product_id_url_index" ON "product_images" USING btree ("product_id","url");--> statement-breakpoint
CREATE INDEX "product_properties_product_id_index" ON "product_properties" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_slug_index" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_brand_index" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "products_views_index" ON "products" USING btree ("views");--> statement-breakpoint
CREATE INDEX "products_created_at_index" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_lowest_total_index" ON "products" USING btree ("lowest_total");--> statement-breakpoint
CREATE INDEX "products_percentage_change_index" ON "products" USING btree ("percentage_change");--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_index" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "store_feeds_store_id_index" ON "store_feeds" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_ratings_store_id_index" ON "store_ratings" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_user_id_product_id_index" ON "wishlist_items" USING btree ("user_id","product_id");