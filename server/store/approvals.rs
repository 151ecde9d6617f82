//! Approval rules and the transfers that wait for a second approval (issue 13 point 6): their
//! rows. Deciding a request moves it out of `waiting` once, so two approvers cannot both act on
//! it; `services::payments::approvals` holds the use cases.

use sqlx::{AnyConnection, Row};

use super::bank_accounts::BankAccount;
use super::ledger;
use super::Db;
use crate::domain::accounts::money::Currency;
use crate::domain::ids::{AccountId, ProfileId, UserId};
use crate::domain::payments::second_approval::RequestState;

pub async fn rules(db: &Db, profile_id: &ProfileId) -> Result<Vec<(Currency, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, i64)>(
        "SELECT currency, threshold FROM approval_rules WHERE profile_id = $1 ORDER BY currency",
    )
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .map(|(currency, threshold)| Ok((super::named("currency", &currency)?, threshold)))
    .collect()
}

/// Sets (or with `None` removes) the threshold of a currency.
pub async fn set_rule(
    db: &Db,
    profile_id: &ProfileId,
    currency: Currency,
    threshold: Option<i64>,
    by: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("DELETE FROM approval_rules WHERE profile_id = $1 AND currency = $2")
        .bind(profile_id)
        .bind(currency.code())
        .execute(&mut *tx)
        .await?;
    if let Some(threshold) = threshold {
        sqlx::query(
            "INSERT INTO approval_rules (profile_id, currency, threshold, updated_by, updated_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(profile_id)
        .bind(currency.code())
        .bind(threshold)
        .bind(by)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

#[derive(Debug, Clone)]
pub struct RequestRow {
    pub id: String,
    pub request_digest: String,
    pub profile_id: ProfileId,
    pub created_by: UserId,
    pub bank_account_id: AccountId,
    pub currency: Currency,
    pub amount: i64,
    pub fee: i64,
    pub payee_name: String,
    pub body: String,
    pub hold_id: String,
    pub state: RequestState,
    pub created_at: i64,
}

const COLUMNS: &str =
    "id, request_digest, profile_id, created_by, bank_account_id, currency, amount, \
    fee, payee_name, body, hold_id, state, created_at";

fn from_row(row: &sqlx::any::AnyRow) -> Result<RequestRow, sqlx::Error> {
    Ok(RequestRow {
        id: row.try_get(0)?,
        request_digest: row.try_get(1)?,
        profile_id: row.try_get(2)?,
        created_by: row.try_get(3)?,
        bank_account_id: row.try_get(4)?,
        currency: super::named("currency", &row.try_get::<String, _>(5)?)?,
        amount: row.try_get(6)?,
        fee: row.try_get(7)?,
        payee_name: row.try_get(8)?,
        body: row.try_get(9)?,
        hold_id: row.try_get(10)?,
        state: super::named("state", &row.try_get::<String, _>(11)?)?,
        created_at: row.try_get(12)?,
    })
}

pub async fn find(db: &Db, id: &str) -> Result<Option<RequestRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM transfer_requests WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?
    .as_ref()
    .map(from_row)
    .transpose()
}

pub async fn waiting(db: &Db, profile_id: &ProfileId) -> Result<Vec<RequestRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM transfer_requests WHERE profile_id = $1 AND state = 'waiting' ORDER BY created_at, id"
    ))
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

pub struct NewRequest<'a> {
    pub id: &'a str,
    pub request_digest: &'a str,
    pub profile_id: &'a ProfileId,
    pub created_by: &'a UserId,
    pub account: &'a BankAccount,
    pub amount: i64,
    pub fee: i64,
    pub payee_name: &'a str,
    pub body: &'a str,
    pub hold_id: &'a str,
    pub binding: &'a str,
    pub now: i64,
}

/// Writes a waiting request whose hold the caller placed in the same transaction.
pub async fn insert_in(conn: &mut AnyConnection, new: &NewRequest<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO transfer_requests (id, request_digest, profile_id, created_by, bank_account_id, currency, \
         amount, fee, payee_name, body, hold_id, state, created_at, binding) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(new.id)
    .bind(new.request_digest)
    .bind(new.profile_id)
    .bind(new.created_by)
    .bind(&new.account.id)
    .bind(new.account.currency.code())
    .bind(new.amount)
    .bind(new.fee)
    .bind(new.payee_name)
    .bind(new.body)
    .bind(new.hold_id)
    .bind(RequestState::Waiting.as_str())
    .bind(new.now)
    .bind(new.binding)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// What waiting requests of the profile with these very terms hold on the account: the money a
/// second approval of those terms may use.
pub async fn reserved(
    db: &Db,
    profile_id: &ProfileId,
    account_id: &AccountId,
    binding: &str,
) -> Result<i64, sqlx::Error> {
    let (sum,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COALESCE(SUM(amount + fee), 0) AS BIGINT) FROM transfer_requests \
         WHERE profile_id = $1 AND bank_account_id = $2 AND binding = $3 AND state = 'waiting'",
    )
    .bind(profile_id)
    .bind(account_id)
    .bind(binding)
    .fetch_one(&db.pool)
    .await?;
    Ok(sum)
}

/// Moves a waiting request to `approved` or `rejected` and releases its hold, inside the caller's
/// transaction; false when it was not waiting any more.
pub async fn decide_in(
    conn: &mut AnyConnection,
    id: &str,
    to: RequestState,
    by: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE transfer_requests SET state = $2, decided_by = $3, decided_at = $4 WHERE id = $1 AND state = 'waiting'",
    )
    .bind(id)
    .bind(to.as_str())
    .bind(by)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    let (hold,) =
        sqlx::query_as::<_, (String,)>("SELECT hold_id FROM transfer_requests WHERE id = $1")
            .bind(id)
            .fetch_one(&mut *conn)
            .await?;
    ledger::release_hold(conn, now, &hold).await?;
    Ok(true)
}
