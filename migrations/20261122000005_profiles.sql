-- Profiles (SPEC §3 "Profile"): a business or a personal account holder, and who may act
-- for it with which role and rights (SPEC §6).
CREATE TABLE profiles (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE profile_members (
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    role TEXT NOT NULL,
    rights TEXT NOT NULL,
    is_default BIGINT NOT NULL,
    PRIMARY KEY (profile_id, user_id)
);
CREATE INDEX profile_members_user ON profile_members (user_id);
