-- A category's orders (products/member-order.ts) and members (category-members.ts) read each
-- member's lowest total and changes; with them in the primary key's entries, those reads need no
-- visit to the summary's row. They are sort keys, so a write that changes them adds an entry to
-- every index anyway: the key costs no write a summary did not already make.
ALTER TABLE "product_prices" DROP CONSTRAINT "product_prices_pkey";--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_pkey" PRIMARY KEY ("product_id") INCLUDE ("lowest_total", "price_change", "percentage_change");
