-- SPEC §3 Team member: a custom role names the member's occupation.
ALTER TABLE profile_members ADD COLUMN occupation TEXT;
