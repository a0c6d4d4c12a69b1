ALTER TABLE "feed_runs" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "records_per_second" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "products_matched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_runs" ADD COLUMN "held_reason" text;--> statement-breakpoint
CREATE TABLE "feed_run_changes" (
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"price_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"old_total" integer,
	"new_total" integer
);
--> statement-breakpoint
ALTER TABLE "feed_run_changes" ADD CONSTRAINT "feed_run_changes_run_id_feed_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."feed_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_run_changes_run_id_kind_index" ON "feed_run_changes" USING btree ("run_id","kind");
