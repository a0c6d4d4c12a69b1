-- When the product's price summary last changed. A product's updatedAt (its sitemap lastmod) is
-- the later of its own row's and this: a feed run that moves a hundred thousand lowest prices
-- writes only the summaries it writes anyway, not the products' rows as well. Null for a summary
-- unchanged since this column came: the product's own updated_at already holds its earlier price
-- changes.
ALTER TABLE "product_prices" ADD COLUMN "updated_at" timestamp with time zone;
