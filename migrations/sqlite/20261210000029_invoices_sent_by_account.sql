-- SQLite: the same index is built CONCURRENTLY on PostgreSQL (migrations/postgres).
-- The invoice-payment job starts from the accounts with sent invoices (store::invoice_payments::unchecked),
-- so it reads only their incoming money through transactions_account_time, never the whole
-- transactions table.
CREATE INDEX invoices_sent_by_account ON invoices (status, bank_account_id, sent_at);
