-- A mortgage application while the business fills it in (issue 30 point 3; SPEC §2 basic and
-- finance steps): each part saved on its own (JSON), NULL until saved. Submitting sends it to
-- the lender as a loan application of type mortgage and clears the draft.
CREATE TABLE mortgage_drafts (
    profile_id TEXT PRIMARY KEY REFERENCES profiles (id),
    basic TEXT,
    business_finances TEXT,
    property_finances TEXT,
    updated_at BIGINT NOT NULL
);
