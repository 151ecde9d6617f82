-- no-transaction
-- PostgreSQL only: a trigram index answers `search_text LIKE '%keyword%'` without reading the
-- whole account. Built CONCURRENTLY so a bank with a long history keeps taking payments while
-- it builds (which is why this file runs outside a transaction and holds one statement).
CREATE INDEX CONCURRENTLY IF NOT EXISTS transactions_search_trgm ON transactions USING gin (search_text gin_trgm_ops);
