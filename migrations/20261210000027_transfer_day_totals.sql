-- What each profile has sent in each currency on each London day (issue 34 point 1): the daily
-- limit reads one row instead of summing the day's transfers, and the row's lock is what makes
-- one profile's submits in a currency wait for each other. A transfer adds its amount when it is
-- made and takes it off again when it is returned. A day with no row yet (the first transfer of
-- the day, or a day begun before this table) starts from the sum of that day's transfers.
CREATE TABLE transfer_day_totals (
    profile_id TEXT NOT NULL,
    currency TEXT NOT NULL,
    day TEXT NOT NULL,
    sent BIGINT NOT NULL,
    PRIMARY KEY (profile_id, currency, day)
);
