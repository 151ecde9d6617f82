-- A profile's own transfer limits in a currency (issue 32 point 2), set by operations with four
-- eyes when a customer needs more or less than the bank's; where a profile has none, the bank's
-- configured limits apply. Minor units.
CREATE TABLE profile_limits (
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    currency TEXT NOT NULL,
    per_transfer BIGINT NOT NULL,
    daily BIGINT NOT NULL,
    set_at BIGINT NOT NULL,
    PRIMARY KEY (profile_id, currency)
);
