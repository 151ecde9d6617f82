-- A business's application to accept cards through an acquirer (issue 30 point 4; SPEC §3
-- Merchant application, §4 Merchant states). One per profile at a time: a rejected one is
-- replaced when the business applies again. The acquirer's decisions arrive by signed webhook;
-- the business answering its questions moves it back to pending.
CREATE TABLE merchant_applications (
    id TEXT PRIMARY KEY,
    profile_id TEXT NOT NULL UNIQUE REFERENCES profiles (id),
    -- decta (SPEC §3), or sandbox.
    provider TEXT NOT NULL,
    provider_ref TEXT,
    -- pending | additional_info_required | agreement_sent | active | rejected.
    state TEXT NOT NULL,
    -- The form as last sent (JSON: companyWebsite, potentialTurnover,
    -- potentialGeographyPercentRatio, businessDescription).
    form TEXT NOT NULL,
    -- What the acquirer asked, while it waits for an answer; its reason for a rejection.
    note TEXT,
    -- Where the business continues with the acquirer (the agreement to sign).
    redirect_uri TEXT,
    -- The merchant account the acquirer opened.
    merchant_id TEXT,
    applied_by TEXT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX merchant_applications_by_provider ON merchant_applications (provider, provider_ref);
