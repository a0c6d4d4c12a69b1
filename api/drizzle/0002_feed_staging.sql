CREATE UNLOGGED TABLE "feed_staging" (
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"gtin" text,
	"external_id" text,
	"product_key" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"brand" text,
	"description" text,
	"amount" integer NOT NULL,
	"shipping" integer NOT NULL,
	"total" integer NOT NULL,
	"url" text NOT NULL,
	"delivery_time" text,
	"delivery_days" integer,
	"category_path" text,
	"images" jsonb,
	"properties" jsonb,
	"product_id" integer,
	"price_id" integer,
	"is_new_product" boolean DEFAULT false NOT NULL,
	"is_changed" boolean DEFAULT false NOT NULL,
	"total_changed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_staging_run_id_position_index" ON "feed_staging" USING btree ("run_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_runs_one_active_per_feed_idx" ON "feed_runs" USING btree ("feed_id") WHERE status in ('queued', 'running');