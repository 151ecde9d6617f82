-- The account referral programme (issue 31 point 4) shares the card programme's codes, its rows
-- and the job that pays rewards through the ledger: one reward mechanism, two programmes.
ALTER TABLE card_referral_codes RENAME TO referral_codes;
ALTER TABLE card_referrals RENAME TO referrals;
-- card: active when the friend activates their first card; account: when the friend's account
-- is ready.
ALTER TABLE referrals ADD COLUMN programme TEXT NOT NULL DEFAULT 'card';

-- Friends a customer invited by email (POST /v2/users/referrals/invites). Their state is their
-- referral's, once the friend signs up.
CREATE TABLE referral_invites (
    id TEXT PRIMARY KEY,
    referrer_id TEXT NOT NULL REFERENCES users (id),
    email TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (referrer_id, email)
);
CREATE INDEX referral_invites_email ON referral_invites (email, created_at);

-- Short links on the bank's own domain (POST /v2/short-links/take): /s/{code} leads to a path
-- of the bank.
CREATE TABLE short_links (
    code TEXT PRIMARY KEY,
    target TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- The campaign key of the link a person came from (kept 60 days by the app, sent at sign-up).
ALTER TABLE users ADD COLUMN campaign TEXT;
