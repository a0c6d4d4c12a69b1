-- Products leave room on their pages, so a refresh of a product's price summary that changes no
-- indexed column (its highest total or its offer count while its lowest offer stays the lowest)
-- is a heap-only update, which adds no entry to any of the table's indexes (two of them GIN). Pages
-- written from now on keep the room; existing ones get it as rows move.
ALTER TABLE "products" SET (fillfactor = 90);
