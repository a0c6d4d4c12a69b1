-- Feed import speed (issue 10, part 3): a run marks the moment it carried the feed's offers once,
-- on the feed, instead of writing `last_seen` on every offer it carries unchanged; readers take
-- the later of the two for a current offer (features/offers/last-seen.ts). Null until the
-- feed's next run: its offers' own `last_seen` is then still exact.
ALTER TABLE "store_feeds" ADD COLUMN "offers_seen_at" timestamp with time zone;
