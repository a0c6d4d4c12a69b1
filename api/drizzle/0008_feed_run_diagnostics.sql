ALTER TABLE "feed_runs" ADD COLUMN IF NOT EXISTS "phase" text;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN IF NOT EXISTS "records_per_second" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN IF NOT EXISTS "products_matched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN IF NOT EXISTS "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN IF NOT EXISTS "held_reason" text;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "feed_run_changes" (
	"run_id" integer NOT NULL CONSTRAINT "feed_run_changes_run_id_feed_runs_id_fk" REFERENCES "public"."feed_runs"("id") ON DELETE cascade ON UPDATE no action,
	"kind" text NOT NULL,
	"price_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"old_total" integer,
	"new_total" integer
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "feed_run_changes_run_id_kind_index" ON "feed_run_changes" USING btree ("run_id","kind");
