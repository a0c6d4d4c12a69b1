-- Record hashes are taken with another function (importers/fingerprint.ts textHash52): the ones
-- kept would never match again. Forgotten, each feed's next run compares its records by their
-- fingerprints and keeps the new hashes (fingerprint.ts, readingHash).
UPDATE "prices" SET "record_hash" = NULL WHERE "record_hash" IS NOT NULL;
