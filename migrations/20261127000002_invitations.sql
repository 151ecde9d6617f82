-- Invitations to a profile (SPEC §3 Invitation). The link's token is stored hashed; a resend
-- replaces it. The invitee's role, rights and occupation are fixed by the Account Owner.
CREATE TABLE invitations (
    id TEXT PRIMARY KEY,
    -- A short reference the invitee and the owner can quote.
    reference TEXT NOT NULL UNIQUE,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    invited_by TEXT NOT NULL REFERENCES users (id),
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    occupation TEXT,
    rights TEXT NOT NULL,
    -- team, or card (issue 14).
    purpose TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    answered_at BIGINT,
    -- Who accepted it.
    user_id TEXT REFERENCES users (id)
);
CREATE INDEX invitations_profile ON invitations (profile_id, created_at);
CREATE INDEX invitations_email ON invitations (email, state);
