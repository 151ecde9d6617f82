-- Promos (issue 31 point 1, SPEC §2 promo modals, §3 feature entries): what the operator runs
-- (`bank promos add|end`), for whom and when, and where each person stands with each one.
CREATE TABLE promos (
    -- SPEC's promo name (biometry, rolesPromo, ...): one campaign per promo at a time.
    name TEXT PRIMARY KEY,
    -- The audience; NULL or '' holds for everyone.
    profile_type TEXT,
    -- SPEC §6 roles, comma-separated.
    roles TEXT NOT NULL,
    primary_currency TEXT,
    -- 1: only people with a card; 0: only people without; NULL: either.
    has_card BIGINT,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT,
    updated_at BIGINT NOT NULL
);

-- A person saw or dismissed a promo: it is never shown to them again.
CREATE TABLE promo_views (
    user_id TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    -- seen | dismissed
    state TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (user_id, name)
);
