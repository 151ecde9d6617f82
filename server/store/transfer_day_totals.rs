//! What a profile has sent in a currency on one London day, kept as a running total so the daily
//! limit is one row's read and write, not a sum over the day's transfers. The row's lock orders a
//! profile's concurrent submits in one currency (the limit holds under concurrency); submits in
//! other currencies and other profiles' do not wait for it.

use sqlx::AnyConnection;

use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::london;

/// One London day's total of a profile in a currency: `day` is the date (`2026-11-28`) and
/// `day_start` its first millisecond, where a day without a row starts counting.
pub struct Day<'a> {
    profile_id: &'a ProfileId,
    currency: Currency,
    day: String,
    day_start: i64,
}

impl<'a> Day<'a> {
    /// The London day of the moment `at` (a transfer's making).
    pub fn of(profile_id: &'a ProfileId, currency: Currency, at: i64) -> Self {
        let day = london::day_of(at);
        let day_start = london::day_bound(&day, false).unwrap_or(at);
        Day {
            profile_id,
            currency,
            day,
            day_start,
        }
    }
}

impl Day<'_> {
    /// The row's key: the profile, the currency and the date.
    pub(super) fn keys(&self) -> (&ProfileId, Currency, &str) {
        (self.profile_id, self.currency, &self.day)
    }
}

/// The running total's update, answering the total after it; its parameters numbered from
/// `first`: the profile, the currency, the date and the amount added.
pub(super) fn add_sql(first: usize) -> String {
    format!(
        "UPDATE transfer_day_totals SET sent = sent + ${} \
         WHERE profile_id = ${} AND currency = ${} AND day = ${} RETURNING sent",
        first + 3,
        first,
        first + 1,
        first + 2
    )
}

/// Adds a transfer's amount to the day and answers what was sent before it, in the caller's
/// transaction (which holds the row until it ends: a refused transfer rolls the addition back).
/// The transfer's row is written already, in the same transaction: a day without a total starts
/// from the sum of its transfers, this one among them.
pub async fn add_in(
    conn: &mut AnyConnection,
    day: &Day<'_>,
    amount: i64,
) -> Result<i64, sqlx::Error> {
    // Two tries: a concurrent first transfer of the day may insert the row between them.
    let update = add_sql(1);
    for _ in 0..2 {
        let added = sqlx::query_as::<_, (i64,)>(&update)
            .bind(day.profile_id)
            .bind(day.currency.code())
            .bind(&day.day)
            .bind(amount)
            .fetch_optional(&mut *conn)
            .await?;
        if let Some((after,)) = added {
            return Ok(after - amount);
        }
        let sent =
            super::transfers::sent_since_in(conn, day.profile_id, day.currency, day.day_start)
                .await?;
        let inserted = sqlx::query(
            "INSERT INTO transfer_day_totals (profile_id, currency, day, sent) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(day.profile_id)
        .bind(day.currency.code())
        .bind(&day.day)
        .bind(sent)
        .execute(&mut *conn)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(sent - amount);
        }
    }
    Err(sqlx::Error::RowNotFound)
}

/// Takes a returned transfer's amount off the day it was made. A day without a row needs
/// nothing: it will start from the sum of its transfers, which leaves returned ones out.
pub async fn subtract_in(
    conn: &mut AnyConnection,
    day: &Day<'_>,
    amount: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE transfer_day_totals SET sent = sent - $4 \
         WHERE profile_id = $1 AND currency = $2 AND day = $3",
    )
    .bind(day.profile_id)
    .bind(day.currency.code())
    .bind(&day.day)
    .bind(amount)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
