-- A re-import carries an unchanged record by the hash of its text (importers/fingerprint.ts
-- `recordHash`) before mapping or normalising it; the fingerprint of the normalised record stays
-- the second test for a record whose text changed only where no offer field comes from.
ALTER TABLE "prices" ADD COLUMN "record_hash" bigint;--> statement-breakpoint
ALTER TABLE "feed_staging" ADD COLUMN "record_hash" bigint;--> statement-breakpoint
ALTER TABLE "feed_staging_unchanged" ADD COLUMN "record_hash" bigint;
