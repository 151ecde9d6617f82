-- An invoice's partner is held by the database (issue 29): deleting a partner that an invoice
-- bills fails however the two requests interleave, rather than leaving an invoice billing no one.
-- Rebuilt, as SQLite adds a foreign key only with its table.
CREATE TABLE invoices_billing (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    number TEXT NOT NULL,
    series BIGINT,
    status TEXT NOT NULL,
    partner_id TEXT NOT NULL REFERENCES invoice_partners (id),
    bank_account_id TEXT NOT NULL REFERENCES bank_accounts (id),
    currency TEXT NOT NULL,
    issue_date TEXT NOT NULL,
    due_date TEXT NOT NULL,
    discount_type TEXT,
    discount TEXT,
    vat_percent TEXT,
    items TEXT NOT NULL,
    subtotal BIGINT NOT NULL,
    discount_amount BIGINT NOT NULL,
    vat BIGINT NOT NULL,
    total BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (profile_id, number)
);
INSERT INTO invoices_billing SELECT id, profile_id, number, series, status, partner_id,
    bank_account_id, currency, issue_date, due_date, discount_type, discount, vat_percent, items,
    subtotal, discount_amount, vat, total, created_at, updated_at FROM invoices;
DROP TABLE invoices;
ALTER TABLE invoices_billing RENAME TO invoices;
CREATE INDEX invoices_by_profile ON invoices (profile_id, issue_date);
CREATE INDEX invoices_by_partner ON invoices (partner_id);
