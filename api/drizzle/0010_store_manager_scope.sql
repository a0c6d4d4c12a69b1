-- A store manager limited to stores keeps that limit when their last assigned store is deleted:
-- "every store" is this flag, not the absence of assignment rows.
ALTER TABLE "users" ADD COLUMN "all_stores" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" SET "all_stores" = false WHERE EXISTS (SELECT 1 FROM "user_stores" WHERE "user_stores"."user_id" = "users"."id");
