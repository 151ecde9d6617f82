-- Which version of the Terms and Conditions and the Privacy policy a person accepted, and when
-- (issue 13 point 4): an invited colleague accepts them to join; a newer version asks again at
-- their next log-in. One row per version keeps the history a bank must be able to show.
CREATE TABLE policy_acceptances (
    user_id TEXT NOT NULL REFERENCES users(id),
    version TEXT NOT NULL,
    accepted_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, version)
);
