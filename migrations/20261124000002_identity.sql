-- Identity verification (issue 10): the person's consent to the check, and where the
-- provider's review stands. No document or selfie is stored by the bank.
ALTER TABLE users ADD COLUMN identity_agreed_at BIGINT;

CREATE TABLE identity_checks (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    provider TEXT NOT NULL,
    applicant_id TEXT NOT NULL,
    review TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
