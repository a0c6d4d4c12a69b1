-- Honest deals (issue 13, part 4): each product's reference price (the median of its daily lowest
-- total over the previous 30 days) and its deal score (how far today's lowest is below it), kept on
-- the product like the lowest price so /deals is an indexed query; an offer's "from" price, kept
-- only when the store charged it in the last 30 days; the day the references were last refreshed.
ALTER TABLE "products" ADD COLUMN "reference_total" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deal_percentage" real;--> statement-breakpoint
CREATE INDEX "products_deal_percentage_idx" ON "products" ("deal_percentage" DESC NULLS LAST, "id" DESC) WHERE "deal_percentage" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "from_amount" integer;--> statement-breakpoint
ALTER TABLE "feed_staging" ADD COLUMN "from_amount" integer;--> statement-breakpoint
CREATE TABLE "reference_price_days" (
  "day" date PRIMARY KEY NOT NULL,
  "products" integer NOT NULL DEFAULT 0,
  "refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
