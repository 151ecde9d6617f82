-- Sending an invoice, correcting it, and seeing it paid (issue 29 points 4 to 6).
-- When it was sent, the creditor reference it asks payers to quote, and the document exactly as
-- the client received it (JSON), which its PDF and e-invoice are printed from ever after.
ALTER TABLE invoices ADD COLUMN sent_at BIGINT;
ALTER TABLE invoices ADD COLUMN reference TEXT;
ALTER TABLE invoices ADD COLUMN document TEXT;
-- What has come in for it, in minor units (the sum of its invoice_payments).
ALTER TABLE invoices ADD COLUMN paid BIGINT NOT NULL DEFAULT 0;
CREATE INDEX invoices_by_reference ON invoices (bank_account_id, reference);

-- A credit note corrects a sent invoice for all or part of it, in its own CN- series; it is sent
-- when it is made, so it is kept as sent.
CREATE TABLE credit_notes (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    invoice_id TEXT NOT NULL REFERENCES invoices (id),
    number TEXT NOT NULL,
    issue_date TEXT NOT NULL,
    total BIGINT NOT NULL,
    document TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (profile_id, number)
);
CREATE INDEX credit_notes_by_invoice ON credit_notes (invoice_id);

-- Money in on an account that has sent invoices, each transaction looked at once (by whichever
-- server claims it first): invoice_id names the invoice its reference paid, NULL when it paid
-- none. One transaction pays at most one invoice.
CREATE TABLE invoice_payments (
    id TEXT PRIMARY KEY,
    invoice_id TEXT REFERENCES invoices (id),
    transaction_id TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX invoice_payments_by_invoice ON invoice_payments (invoice_id);

-- Files an email carries (an invoice's PDF and e-invoice), as JSON: name, type, base64 content.
ALTER TABLE outbox ADD COLUMN attachments TEXT;
