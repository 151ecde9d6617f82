-- Review requests answered (SPEC §7 POST /v2/users/reviews): the platform chosen, or none when
-- the person said not now. The last one keeps the next request 90 days away.
CREATE TABLE reviews (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    platform TEXT,
    created_at BIGINT NOT NULL
);
CREATE INDEX reviews_user ON reviews (user_id, created_at);
