-- Support chat (SPEC §1 chatWidget, issue 31): one running conversation per person. A line from
-- the app carries the app's own id, so a retried send is kept once.
CREATE TABLE chat_messages (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    profile_id TEXT REFERENCES profiles (id),
    -- customer | support
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    client_id TEXT,
    -- Who in support wrote a support line (the back office names its staff).
    staff TEXT,
    created_at BIGINT NOT NULL,
    -- When the person's app showed a support line.
    read_at BIGINT
);
CREATE UNIQUE INDEX chat_messages_client ON chat_messages (user_id, client_id);
CREATE INDEX chat_messages_user ON chat_messages (user_id, created_at);
