-- pg_trgm serves the screens' "contains" search (GIN trigram indexes in the next migration).
-- PGlite loads it through client.ts; on PostgreSQL it ships with the server (contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
