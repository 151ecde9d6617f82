-- A real card acquirer for the activation fee (issue 33 point 3). The acquirer's hosted page a
-- checkout sends the payer to (the sandbox's page is the bank's own and is not kept).
ALTER TABLE registration_fees ADD COLUMN checkout_url TEXT;

-- Refunds asked of the acquirer: a second activation fee that operations send back the way it
-- came. One per suspense item (its id is the refund's id and idempotency key); the refund job
-- sends queued ones, backing off while the acquirer does not answer; the acquirer's webhook
-- reports it made (refunded) or refused (failed: the money goes back to suspense).
CREATE TABLE acquirer_refunds (
    id TEXT PRIMARY KEY,
    payment_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount_minor BIGINT NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    action_id TEXT,
    reason TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX acquirer_refunds_due ON acquirer_refunds (status, next_attempt_at);
