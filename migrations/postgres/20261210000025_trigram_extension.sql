-- PostgreSQL only (issue 34 point 4): trigram matching for the transactions keyword search.
-- pg_trgm is a trusted extension, so the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
