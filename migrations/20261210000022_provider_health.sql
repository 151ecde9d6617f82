-- Each outside party's last answer and last failure (issue 33 point 6), for the back office's
-- dashboard: a party that is down degrades its feature, never the bank's readiness.
CREATE TABLE provider_health (
    party TEXT PRIMARY KEY,
    last_success_at BIGINT,
    last_failure_at BIGINT,
    last_error TEXT
);
