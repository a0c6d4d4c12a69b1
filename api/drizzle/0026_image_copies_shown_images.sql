-- The demo's own drawings (/media/… addresses, rendered in-process), store logos and category
-- images go through the image copier like a run's product images: registered here for a data
-- folder made before they did, copied by the worker when it next starts.
INSERT INTO "image_copies" ("url")
SELECT DISTINCT "u"."url" FROM (
  SELECT "url" FROM "product_images"
  UNION ALL SELECT "logo" FROM "stores"
  UNION ALL SELECT "image" FROM "categories"
) AS "u"("url")
WHERE "u"."url" ~* '^https?://' OR "u"."url" ~ '^/media/(products/[1-9]\d{0,9}-\d{1,3}|stores/[a-z0-9-]{1,196})\.svg$'
ON CONFLICT ("url") DO NOTHING;
