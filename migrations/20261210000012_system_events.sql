-- System events and surveys (SPEC §2/§3, issue 31 point 3): what the bank asks of one person in
-- one of their profiles, queued by an operator, shown by the app once the account is ready, and
-- closed when answered or dismissed. The bank-wide settings list this replaces is dropped: the
-- settings a person reads are their own.
CREATE TABLE system_events (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    name TEXT NOT NULL,
    queued_by TEXT NOT NULL,
    queued_at BIGINT NOT NULL,
    delivered_at BIGINT,
    closed_at BIGINT,
    outcome TEXT
);
-- At most one open event of a name per person and profile: queuing again is a no-op.
CREATE UNIQUE INDEX system_events_open ON system_events (user_id, profile_id, name)
    WHERE closed_at IS NULL;

CREATE TABLE survey_answers (
    user_id TEXT NOT NULL REFERENCES users (id),
    survey TEXT NOT NULL,
    profile_id TEXT NOT NULL REFERENCES profiles (id),
    answers TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, survey)
);

DROP TABLE settings;
