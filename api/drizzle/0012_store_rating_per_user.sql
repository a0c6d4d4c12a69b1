-- One rating per visitor per store (issue "Price intelligence", part 5): a visitor edits their
-- rating instead of adding another. Ratings without an author (removed accounts, the demo's
-- seeded reviews) are not constrained. Older duplicates, if any, give way to the newest.
DELETE FROM "store_ratings" a USING "store_ratings" b
  WHERE a.store_id = b.store_id AND a.user_id = b.user_id AND a.user_id IS NOT NULL AND a.id < b.id;--> statement-breakpoint
CREATE UNIQUE INDEX "store_ratings_store_id_user_id_index" ON "store_ratings" ("store_id", "user_id") WHERE "user_id" IS NOT NULL;
