-- The back office's support inbox (issue 32 point 5): contact messages, call-back requests and
-- chat conversations in one place, each assigned to a member of staff, answered and closed.
ALTER TABLE support_messages ADD COLUMN assigned_to TEXT REFERENCES staff (id);
ALTER TABLE support_messages ADD COLUMN answered_at BIGINT;
ALTER TABLE support_messages ADD COLUMN closed_at BIGINT;

-- A person's running chat as support handles it: who has it, and when it was closed (a new line
-- from the customer after that opens it again).
CREATE TABLE chat_conversations (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    assigned_to TEXT REFERENCES staff (id),
    closed_at BIGINT
);
