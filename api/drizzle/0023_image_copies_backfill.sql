-- Product images imported before image copies existed: registered for copying like a run's new
-- images (features/image-copies), so the storefront shows our copies of them too; the worker
-- copies them when it next starts or after the next feed run.
INSERT INTO "image_copies" ("url")
SELECT DISTINCT "url" FROM "product_images" WHERE "url" ~* '^https?://'
ON CONFLICT ("url") DO NOTHING;
