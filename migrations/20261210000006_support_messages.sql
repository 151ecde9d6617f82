-- What customers send the bank's support (issue 31 point 6): the contact form's messages, kept
-- for the support team (the back office answers them) and acknowledged by email.
CREATE TABLE support_messages (
    id TEXT PRIMARY KEY,
    -- Who sent it, signed in (the dashboard's form), and for which profile.
    user_id TEXT REFERENCES users (id),
    profile_id TEXT REFERENCES profiles (id),
    -- Where it was sent from: dashboard (SPEC §7).
    source TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT,
    subject TEXT NOT NULL,
    request TEXT NOT NULL,
    -- open | answered | closed.
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX support_messages_by_status ON support_messages (status, created_at);
