-- A profile's own price for transfers by a scheme in a currency (issue 32 point 2): a waiver or a
-- negotiated fee, set by operations with four eyes, never above the bank's published price;
-- where a profile has none, the bank's configured fee applies. Minor units.
CREATE TABLE profile_fees (
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    scheme TEXT NOT NULL,
    currency TEXT NOT NULL,
    fee BIGINT NOT NULL,
    set_at BIGINT NOT NULL,
    PRIMARY KEY (profile_id, scheme, currency)
);
