-- Portable SQL: the same migrations run on SQLite and PostgreSQL.
CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE feature_overrides (
    name TEXT PRIMARY KEY,
    enabled BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
