-- Trigram similarity for typo-tolerant search; PGlite loads it as a bundled extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
