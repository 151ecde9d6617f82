-- Invoices a business drafts and sends (issue 29; SPEC §3 Invoice). A number is unique within a
-- profile; `series` is its place in the profile's own INV- series, so the next number is the
-- lowest one free (a deleted draft's number comes back; a sent invoice is never deleted).
CREATE TABLE invoices (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    number TEXT NOT NULL,
    series BIGINT,
    -- draft | sent.
    status TEXT NOT NULL,
    -- The contractor or client billed (a draft follows its partner; a sent invoice keeps what
    -- it printed).
    partner_id TEXT NOT NULL,
    -- The account it asks to be paid into, and so its currency.
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    currency TEXT NOT NULL,
    -- yyyy-MM-dd, London days.
    issue_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    -- fixed-amount | percent, and the amount or percentage as typed (exact decimal text).
    discount_type TEXT,
    discount TEXT,
    -- The VAT rate in percent (exact decimal text) when VAT applies.
    vat_percent TEXT,
    -- The items (JSON: description, periodFrom, periodTo, quantityHours, price as decimal text).
    items TEXT NOT NULL,
    -- The figures domain/invoices/totals.rs made of them, in minor units.
    subtotal BIGINT NOT NULL,
    discount_amount BIGINT NOT NULL,
    vat BIGINT NOT NULL,
    total BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (profile_id, number)
);
CREATE INDEX invoices_by_profile ON invoices (profile_id, issue_date);
CREATE INDEX invoices_by_partner ON invoices (partner_id);
