-- Issue 10: a run whose records carry a sale period remembers when the next period starts or
-- ends, so the schedule runs the feed again at that moment.
ALTER TABLE "feed_runs" ADD COLUMN "price_changes_at" timestamp with time zone;
