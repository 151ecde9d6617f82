//! Confirmation of Payee checks (issue 33 point 2): written when a payer's name for a UK account
//! is checked, read when a transfer names the check it was reviewed with.

use sqlx::Row;

use super::Db;
use crate::domain::ids::ProfileId;
use crate::domain::payments::payee_check::{PayeeCheckResult, Verdict};
use crate::domain::payments::recipient::PayeeType;

#[derive(Debug, Clone)]
pub struct PayeeCheckRow {
    pub id: String,
    pub sort_code: String,
    pub account_number: String,
    pub name: String,
    pub payee_type: PayeeType,
    pub verdict: Verdict,
    pub created_at: i64,
}

pub struct NewCheck<'a> {
    pub id: &'a str,
    pub profile_id: &'a ProfileId,
    pub sort_code: &'a str,
    pub account_number: &'a str,
    pub name: &'a str,
    pub payee_type: PayeeType,
    pub verdict: &'a Verdict,
    pub answered_by: &'a str,
    pub now: i64,
}

pub async fn insert(db: &Db, new: &NewCheck<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payee_checks (id, profile_id, sort_code, account_number, name, payee_type, \
         result, held_name, held_type, answered_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(new.id)
    .bind(new.profile_id)
    .bind(new.sort_code)
    .bind(new.account_number)
    .bind(new.name)
    .bind(new.payee_type.as_str())
    .bind(new.verdict.result.as_str())
    .bind(new.verdict.name.as_deref())
    .bind(new.verdict.account_type.map(PayeeType::as_str))
    .bind(new.answered_by)
    .bind(new.now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

const COLUMNS: &str =
    "id, sort_code, account_number, name, payee_type, result, held_name, held_type, created_at";

fn from_row(row: &sqlx::any::AnyRow) -> Result<PayeeCheckRow, sqlx::Error> {
    let held_type: Option<String> = row.try_get(7)?;
    Ok(PayeeCheckRow {
        id: row.try_get(0)?,
        sort_code: row.try_get(1)?,
        account_number: row.try_get(2)?,
        name: row.try_get(3)?,
        payee_type: super::named("payee_type", &row.try_get::<String, _>(4)?)?,
        verdict: Verdict {
            result: super::named::<PayeeCheckResult>("result", &row.try_get::<String, _>(5)?)?,
            name: row.try_get(6)?,
            account_type: held_type
                .map(|t| super::named("held_type", &t))
                .transpose()?,
        },
        created_at: row.try_get(8)?,
    })
}

/// A check the profile made.
pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<PayeeCheckRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payee_checks WHERE id = $1 AND profile_id = $2"
    ))
    .bind(id)
    .bind(profile_id)
    .fetch_optional(&db.pool)
    .await?
    .as_ref()
    .map(from_row)
    .transpose()
}

/// The check a transfer was sent with.
pub async fn find(db: &Db, id: &str) -> Result<Option<PayeeCheckRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM payee_checks WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .as_ref()
        .map(from_row)
        .transpose()
}
