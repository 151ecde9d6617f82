-- What the sandbox notifier "sent": emails and SMS kept for the dev outbox page.
CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at);
