-- Implausible feed prices held for review, and availability (issue 10, parts 5 and 6).
-- `prices.hidden_reason` (null = shown; 'implausible' = held) is the shared mechanism of hidden
-- offers; these columns are what holding and releasing need beside it:
--   held_record    the feed record's product data (name, brand, description, images, …) while an
--                  offer is held, so a person can split it into its own product;
--   accepted_total a total a person accepted as plausible: the same total is never held again;
--   rejected_total a total a person rejected: the offer stays expired while the feed repeats it;
--   keep_product   the offer was split into its own product: the store's product id keeps it
--                  there, whatever product its GTIN matches;
--   in_stock       false: the store says it is out of stock (kept and shown, never the lowest).
ALTER TABLE "prices" ADD COLUMN "held_record" jsonb;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "accepted_total" integer;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "rejected_total" integer;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "keep_product" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prices" ADD COLUMN "in_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_staging" ADD COLUMN "in_stock" boolean DEFAULT true NOT NULL;
