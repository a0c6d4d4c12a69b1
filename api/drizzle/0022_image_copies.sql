-- Product images served from our own origin: each image URL a store gives is downloaded once
-- (through the feed fetcher's address guard and limits), its original stored once per content
-- hash and WebP copies made at a few widths (features/image-copies). One row per URL:
--   status        pending (registered by a run), fetching (claimed by a worker), stored, failed
--   content_hash  sha256 of the original's bytes: the folder of its copies
--   width, height the original's size; widths the WebP copies made
CREATE TABLE "image_copies" (
	"url" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_hash" text,
	"width" integer,
	"height" integer,
	"widths" integer[],
	"failure" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetched_at" timestamp with time zone,
	CONSTRAINT "image_copies_status_check" CHECK ("image_copies"."status" in ('pending', 'fetching', 'stored', 'failed'))
);--> statement-breakpoint
CREATE INDEX "image_copies_waiting_idx" ON "image_copies" USING btree ("created_at") WHERE "image_copies"."status" in ('pending', 'fetching');
