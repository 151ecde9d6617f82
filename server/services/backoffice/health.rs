//! The bank's health on one screen (issue 32 point 7): today's payments (London day) by scheme
//! and state, settlement lag, what suspense holds, job failures of the last day, the ledger
//! check's last result, sign-ups waiting at each KYC status, and how outside parties answer.

use crate::domain::london::{day_bound, day_of};
use crate::store::{self, Db};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub struct Health {
    pub since: i64,
    pub payments: Vec<(String, String, i64)>,
    pub settlement: Vec<(String, i64, i64, i64, Option<i64>)>,
    pub suspense: Vec<(String, i64)>,
    pub job_failures: Vec<(String, i64, i64, String)>,
    /// Texts of the last day the SMS provider reported as not reaching the phone.
    pub texts_not_delivered: i64,
    pub ledger: Option<(i64, bool, String)>,
    /// Each outside party's last success and last failure (with why).
    pub outside_parties: Vec<store::provider_health::PartyHealth>,
    pub sign_ups: Vec<(String, i64)>,
}

pub async fn now(db: &Db) -> Result<Health, sqlx::Error> {
    let now = db.now_ms();
    let since = day_bound(&day_of(now), false).unwrap_or(now - DAY_MS);
    Ok(Health {
        since,
        payments: store::health::payments_since(db, since).await?,
        settlement: store::health::settlement_since(db, since).await?,
        suspense: store::health::suspense(db).await?,
        job_failures: store::health::job_failures_since(db, now - DAY_MS).await?,
        texts_not_delivered: store::sms_deliveries::not_delivered_since(db, now - DAY_MS).await?,
        ledger: store::health::check(db, "ledger").await?,
        outside_parties: store::provider_health::all(db).await?,
        sign_ups: store::health::waiting_sign_ups(db).await?,
    })
}
