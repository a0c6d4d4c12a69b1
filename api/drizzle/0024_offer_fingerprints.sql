-- A re-import touches only what changed. Each offer keeps a fingerprint of the normalised record
-- it was last built from (importers/fingerprint.ts); a run compares the feed's records with it
-- while reading, by the store's product id, and sends only new and changed records through
-- staging, matching and the apply step. The records it carried unchanged are listed, as offer
-- ids, in feed_staging_unchanged: the apply step counts them seen (expiry, the collapse guard).
ALTER TABLE "prices" ADD COLUMN "fingerprint" bigint;--> statement-breakpoint
ALTER TABLE "feed_staging" ADD COLUMN "fingerprint" bigint;--> statement-breakpoint
CREATE UNLOGGED TABLE "feed_staging_unchanged" (
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"product_id" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "feed_staging_unchanged_run_id_offer_id_index" ON "feed_staging_unchanged" USING btree ("run_id","offer_id");--> statement-breakpoint
CREATE INDEX "feed_staging_unchanged_run_id_product_id_index" ON "feed_staging_unchanged" USING btree ("run_id","product_id");--> statement-breakpoint
-- A fingerprint vouches for the offer's columns as the feed last wrote them. Any other writer
-- (an edit by hand, a merge, a held price released) that changes them makes the next run apply
-- the record in full again: the fingerprint is forgotten here rather than in each writer.
CREATE FUNCTION "prices_forget_fingerprint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."fingerprint" := NULL;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "prices_forget_fingerprint" BEFORE UPDATE ON "prices" FOR EACH ROW
	WHEN (OLD."fingerprint" IS NOT NULL AND NEW."fingerprint" IS NOT DISTINCT FROM OLD."fingerprint"
		AND (NEW."product_id", NEW."store_id", NEW."feed_id", NEW."external_id", NEW."amount", NEW."shipping", NEW."total", NEW."url",
			NEW."delivery_time", NEW."delivery_days", NEW."in_stock", NEW."from_amount")
		IS DISTINCT FROM (OLD."product_id", OLD."store_id", OLD."feed_id", OLD."external_id", OLD."amount", OLD."shipping", OLD."total", OLD."url",
			OLD."delivery_time", OLD."delivery_days", OLD."in_stock", OLD."from_amount"))
	EXECUTE FUNCTION "prices_forget_fingerprint"();--> statement-breakpoint
-- The feed apply writes offers with session_replication_role = replica where it may (migration 0019).
ALTER TABLE "prices" ENABLE ALWAYS TRIGGER "prices_forget_fingerprint";
