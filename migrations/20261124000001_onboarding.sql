-- Onboarding (issue 10): a verified phone, the business wizard's answers, and the bank's
-- review of the business.
ALTER TABLE users ADD COLUMN phone_verified_at BIGINT;
-- Phones stored before this column existed were given by the bank (demo customers).
UPDATE users SET phone_verified_at = created_at WHERE phone_number IS NOT NULL;

-- One row per company a person describes: the wizard's answers as JSON (SPEC §3 "Business
-- creation"), the last step done so the wizard resumes, and once submitted, the profile it
-- became and where the bank's review stands.
CREATE TABLE onboardings (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    step BIGINT NOT NULL,
    data TEXT NOT NULL,
    profile_id TEXT REFERENCES profiles (id),
    submitted_at BIGINT,
    review_note TEXT,
    additional_info TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX onboardings_user ON onboardings (user_id, created_at);
