-- Texts handed to the SMS provider (issue 33 point 4) and what its delivery reports said: one row
-- per provider message id, its status moving only forward (queued, sending, sent, then
-- delivered, undelivered or failed), so a report that arrives twice or late changes nothing.
CREATE TABLE sms_deliveries (
    sid TEXT PRIMARY KEY,
    to_number TEXT NOT NULL,
    about TEXT NOT NULL,
    status TEXT NOT NULL,
    error_code TEXT,
    sent_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX sms_deliveries_sent_at ON sms_deliveries (sent_at);
