-- Offers that are current but not shown (issue 13 part 6): `hidden_reason` is 'reported' (a store
-- admin hid the offer after visitors reported it, until the feed's next import carries it) or
-- 'implausible' (a feed price held back); null = shown. Every visitor read and the price summary
-- use "valid_to is null and hidden_reason is null", so the partial index follows that condition.
ALTER TABLE "prices" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
DROP INDEX "prices_current_by_product_idx";--> statement-breakpoint
CREATE INDEX "prices_current_by_product_idx" ON "prices" USING btree ("product_id","total") WHERE valid_to is null and hidden_reason is null;--> statement-breakpoint
CREATE INDEX "prices_hidden_by_feed_idx" ON "prices" USING btree ("feed_id") WHERE hidden_reason is not null;--> statement-breakpoint
-- Hiding an offer changes which products a store filter finds.
DROP TRIGGER "prices_bump_search_version" ON "prices";--> statement-breakpoint
CREATE TRIGGER "prices_bump_search_version" AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF product_id, store_id, valid_to, hidden_reason ON "prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_result_version"();--> statement-breakpoint
-- Visitors' reports of a wrong price; open while resolved_at is null.
CREATE TABLE "price_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"resolved_by" integer
);--> statement-breakpoint
ALTER TABLE "price_reports" ADD CONSTRAINT "price_reports_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_reports" ADD CONSTRAINT "price_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_reports" ADD CONSTRAINT "price_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_reports_open_idx" ON "price_reports" USING btree ("price_id","created_at") WHERE resolved_at is null;
