-- The activation fee (issue 10 point 6): one per onboarding, paid by card on the sandbox
-- acquirer's hosted page (with a 3-D Secure step), by Apple Pay, or by a bank transfer that
-- carries its reference. `settled_by` names the payment that paid it, so a replayed payment
-- cannot pay it twice.
CREATE TABLE registration_fees (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    onboarding_flow TEXT NOT NULL,
    currency TEXT NOT NULL,
    amount_minor BIGINT NOT NULL,
    reference TEXT NOT NULL UNIQUE,
    method TEXT,
    status TEXT NOT NULL,
    checkout_id TEXT UNIQUE,
    checkout_state TEXT,
    settled_by TEXT UNIQUE,
    paid_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX registration_fees_user ON registration_fees (user_id, created_at);
