-- Invoicing's contractors and clients (issue 29; SPEC §3 partner): the people and companies a
-- business bills. A name is unique within a profile, whatever its case (SPEC §8
-- partner_name_already_exists).
CREATE TABLE invoice_partners (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    name TEXT NOT NULL,
    -- The name lower-cased and trimmed: what uniqueness is decided on.
    name_key TEXT NOT NULL,
    -- private | company.
    type TEXT NOT NULL,
    registration_number TEXT,
    -- The currency its invoices are in by default.
    currency TEXT NOT NULL,
    email TEXT NOT NULL,
    vat_number TEXT,
    country TEXT NOT NULL,
    address1 TEXT NOT NULL,
    city TEXT NOT NULL,
    postcode TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (profile_id, name_key)
);
