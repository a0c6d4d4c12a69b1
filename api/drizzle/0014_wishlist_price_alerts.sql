-- Wishlist price alerts (issue 13, part 2). A wishlist item's max price is the alert target.
-- Per item: whether the alert is armed (fires when the product's lowest total reaches the
-- target), and when it last fired, for which target and at which total. Per user: the
-- language of their mail and the moment they unsubscribed from price alerts.
-- `price_alerts` holds every alert that fired, pending until its mail is sent (a failed send
-- stays pending and is retried), then sent alone or in the day's digest.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'nl' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("language" IN ('nl', 'en'));--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "price_alerts_unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_armed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_sent_target" integer;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "alert_sent_total" integer;--> statement-breakpoint
CREATE INDEX "wishlist_items_product_id_index" ON "wishlist_items" ("product_id");--> statement-breakpoint
-- The items waiting to be re-armed (a minority): the re-arm step reads only these.
CREATE INDEX "wishlist_items_disarmed_index" ON "wishlist_items" ("product_id") WHERE NOT "alert_armed";--> statement-breakpoint
CREATE TABLE "price_alerts" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "wishlist_item_id" integer REFERENCES "wishlist_items"("id") ON DELETE CASCADE,
  "product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "store_id" integer REFERENCES "stores"("id") ON DELETE SET NULL,
  "total" integer NOT NULL,
  "target" integer NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "kind" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "claimed_at" timestamp with time zone,
  "sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "price_alerts_status_check" CHECK ("status" IN ('pending', 'sending', 'sent', 'cancelled')),
  CONSTRAINT "price_alerts_kind_check" CHECK ("kind" IS NULL OR "kind" IN ('single', 'digest'))
);--> statement-breakpoint
CREATE INDEX "price_alerts_open_index" ON "price_alerts" ("user_id", "id") WHERE "status" IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "price_alerts_sent_index" ON "price_alerts" ("user_id", "sent_at") WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;
