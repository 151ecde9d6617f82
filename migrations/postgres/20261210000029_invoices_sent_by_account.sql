-- no-transaction
-- The invoice-payment job starts from the accounts with sent invoices
-- (store::invoice_payments::unchecked), so it reads only their incoming money through
-- transactions_account_time, never the whole transactions table. Built CONCURRENTLY so a bank
-- keeps taking invoices while it builds (this file runs outside a transaction, one statement).
CREATE INDEX CONCURRENTLY IF NOT EXISTS invoices_sent_by_account ON invoices (status, bank_account_id, sent_at);
