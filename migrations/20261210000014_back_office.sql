-- The back office (issue 32): the bank's own staff, who are not customers. They sign in with a
-- passkey only; their sessions and everything they do or look at are kept apart from the
-- customers' own.
CREATE TABLE staff (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    -- support | compliance | operations | admin
    role TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- The one-time enrolment link's token, hashed; cleared when it is used.
    enrolment_hash TEXT UNIQUE,
    enrolment_expires_at BIGINT,
    enrolled_at BIGINT,
    disabled_at BIGINT
);

CREATE TABLE staff_passkeys (
    id TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES staff (id),
    passkey TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

-- A passkey ceremony under way (enrolment or log-in): the state to check the answer against,
-- used once.
CREATE TABLE staff_ceremonies (
    id TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES staff (id),
    purpose TEXT NOT NULL,
    state TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

CREATE TABLE staff_sessions (
    id TEXT PRIMARY KEY,
    staff_id TEXT NOT NULL REFERENCES staff (id),
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    -- At most eight hours after log-in, however busy.
    expires_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Every action and every customer record a member of staff looked at: who, when, what and why.
CREATE TABLE staff_audit (
    id TEXT PRIMARY KEY,
    staff_id TEXT REFERENCES staff (id),
    action TEXT NOT NULL,
    -- What it was about: a customer (user id), a proposal, a flag.
    subject TEXT,
    reason TEXT NOT NULL,
    detail TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX staff_audit_time ON staff_audit (created_at);
CREATE INDEX staff_audit_subject ON staff_audit (subject, created_at);

-- Four eyes (issue 32 point 2): where money or access changes, one member proposes and a second,
-- never the same, approves within 24 hours; only then does the change happen.
CREATE TABLE staff_proposals (
    id TEXT PRIMARY KEY,
    -- lift_restriction | add_staff
    kind TEXT NOT NULL,
    -- What it changes (a customer's user id, a new member's email), and its details as JSON.
    subject TEXT NOT NULL,
    payload TEXT NOT NULL,
    reason TEXT NOT NULL,
    proposed_by TEXT NOT NULL REFERENCES staff (id),
    proposed_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    -- pending | approved | rejected
    status TEXT NOT NULL,
    decided_by TEXT REFERENCES staff (id),
    decided_at BIGINT
);
CREATE INDEX staff_proposals_pending ON staff_proposals (status, proposed_at);
-- One open proposal per change: a second tap proposes nothing twice.
CREATE UNIQUE INDEX staff_proposals_open ON staff_proposals (kind, subject) WHERE status = 'pending';

-- The bank's health for the back office's dashboard (issue 32 point 7): each background job's
-- failures (a run that worked writes nothing), and the last result of each periodic check.
CREATE TABLE job_failures (
    id TEXT PRIMARY KEY,
    job TEXT NOT NULL,
    error TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX job_failures_time ON job_failures (created_at);

CREATE TABLE health_checks (
    name TEXT PRIMARY KEY,
    ran_at BIGINT NOT NULL,
    ok BIGINT NOT NULL,
    detail TEXT NOT NULL
);
