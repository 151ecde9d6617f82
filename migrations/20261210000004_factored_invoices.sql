-- The invoices a factoring application finances (issue 30 point 5): each invoice at most once
-- while its application stands; a rejected application lets its invoices go.
CREATE TABLE factored_invoices (
    invoice_id TEXT PRIMARY KEY REFERENCES invoices (id),
    application_id TEXT NOT NULL REFERENCES loan_applications (id),
    -- What was outstanding on it when it was offered (GBP minor units).
    outstanding BIGINT NOT NULL
);
CREATE INDEX factored_invoices_by_application ON factored_invoices (application_id);
