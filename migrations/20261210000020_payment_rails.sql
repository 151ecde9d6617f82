-- A sponsor bank's payment rails (issue 33 point 1). A due transfer is handed to the rail by the
-- settlement job: `send_attempts` counts the tries, `next_attempt_at` holds it back (a lease
-- while one process sends it, then the backoff after a failed try), `sent_at` records that the
-- rail accepted it; the rail's webhooks then settle or return it.
ALTER TABLE transfers ADD COLUMN sent_at BIGINT;
ALTER TABLE transfers ADD COLUMN send_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE transfers ADD COLUMN next_attempt_at BIGINT;

-- Each rail notification acted on, by the rail's own id of the event: one that arrives again
-- changes nothing twice.
CREATE TABLE rail_events (
    provider TEXT NOT NULL,
    event_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    transfer_id TEXT,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_key)
);
