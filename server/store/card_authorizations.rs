//! Card authorisations from the card network (issue 14 point 4): their rows, and the facts an
//! authorisation is decided on, read inside the caller's transaction with the card's row
//! locked. `services::cards::authorizations` holds the use cases.

use crate::domain::ids::{AccountId, CardId, TransactionId};
use sqlx::{AnyConnection, Row};

use super::transactions::Acceptor;
use super::{Backend, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::accounts::status::AccountStatus;
use crate::domain::cards::authorization::AuthorizationStatus;
use crate::domain::cards::controls::{DeclineReason, LimitType};
use crate::domain::cards::status::CardStatus;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    pub id: String,
    pub network_id: String,
    pub card_id: CardId,
    pub bank_account_id: AccountId,
    pub kind: LimitType,
    pub amount: i64,
    pub currency: Currency,
    pub status: AuthorizationStatus,
    pub decline_reason: Option<DeclineReason>,
    pub transaction_id: Option<TransactionId>,
    pub acceptor: Acceptor,
    pub created_at: i64,
}

const COLUMNS: &str = "id, network_id, card_id, bank_account_id, kind, amount, currency, status, \
    decline_reason, transaction_id, acceptor, created_at";

fn from_row(row: &sqlx::any::AnyRow) -> Result<Authorization, sqlx::Error> {
    let kind: String = row.try_get(4)?;
    let reason: Option<String> = row.try_get(8)?;
    let acceptor: String = row.try_get(10)?;
    Ok(Authorization {
        id: row.try_get(0)?,
        network_id: row.try_get(1)?,
        card_id: row.try_get(2)?,
        bank_account_id: row.try_get(3)?,
        kind: super::named("kind", &kind)?,
        amount: row.try_get(5)?,
        currency: super::named("currency", &row.try_get::<String, _>(6)?)?,
        status: super::named("status", &row.try_get::<String, _>(7)?)?,
        decline_reason: reason
            .as_deref()
            .map(|r| super::named("decline_reason", r))
            .transpose()?,
        transaction_id: row.try_get(9)?,
        acceptor: serde_json::from_str(&acceptor).map_err(|e| sqlx::Error::Decode(e.into()))?,
        created_at: row.try_get(11)?,
    })
}

pub async fn by_network_id_in(
    conn: &mut AnyConnection,
    network_id: &str,
) -> Result<Option<Authorization>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM card_authorizations WHERE network_id = $1"
    ))
    .bind(network_id)
    .fetch_optional(&mut *conn)
    .await?
    .map(|row| from_row(&row))
    .transpose()
}

pub async fn find(db: &Db, network_id: &str) -> Result<Option<Authorization>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    by_network_id_in(&mut conn, network_id).await
}

/// What the card approved of `kind` on the London day `day` (held or captured), in pence: the
/// daily limits count against it.
pub async fn spent_on(
    db: &Db,
    card_id: &CardId,
    kind: LimitType,
    day: &str,
) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    spent_on_in(&mut conn, card_id, kind, day).await
}

pub async fn spent_on_in(
    conn: &mut AnyConnection,
    card_id: &CardId,
    kind: LimitType,
    day: &str,
) -> Result<i64, sqlx::Error> {
    let (total,) = sqlx::query_as::<_, (Option<i64>,)>(
        "SELECT CAST(SUM(amount) AS BIGINT) FROM card_authorizations \
         WHERE card_id = $1 AND kind = $2 AND day = $3 AND status IN ('pending', 'captured')",
    )
    .bind(card_id)
    .bind(kind.as_str())
    .bind(day)
    .fetch_one(&mut *conn)
    .await?;
    Ok(total.unwrap_or(0))
}

/// The open holds of a card (SPEC §3 "Card authorization hold"), newest first.
pub async fn holds(
    db: &Db,
    card_id: &CardId,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Authorization>, i64), sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM card_authorizations WHERE card_id = $1 AND status = 'pending' \
         ORDER BY created_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
    ))
    .bind(card_id)
    .fetch_all(&db.pool)
    .await?;
    let (total,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM card_authorizations \
         WHERE card_id = $1 AND status = 'pending'",
    )
    .bind(card_id)
    .fetch_one(&db.pool)
    .await?;
    Ok((rows.iter().map(from_row).collect::<Result<_, _>>()?, total))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Authorization>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM card_authorizations WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?
    .map(|row| from_row(&row))
    .transpose()
}

/// A card's row, locked for the rest of the caller's transaction (SQLite's write transaction
/// holds the whole database already), with what a decision needs of it and its account.
pub struct LockedCard {
    pub status: CardStatus,
    pub bank_account_id: AccountId,
    pub ledger_account_id: String,
    pub expiry: String,
}

pub async fn lock_card_in(
    conn: &mut AnyConnection,
    backend: Backend,
    card_id: &CardId,
) -> Result<Option<LockedCard>, sqlx::Error> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let row = sqlx::query_as::<_, (String, String, String)>(&format!(
        "SELECT status, bank_account_id, expiry FROM cards WHERE id = $1{lock}"
    ))
    .bind(card_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((status, bank_account_id, expiry)) = row else {
        return Ok(None);
    };
    let (ledger_account_id,) =
        sqlx::query_as::<_, (String,)>("SELECT ledger_account_id FROM bank_accounts WHERE id = $1")
            .bind(&bank_account_id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(Some(LockedCard {
        status: super::named("status", &status)?,
        bank_account_id: bank_account_id.into(),
        ledger_account_id,
        expiry,
    }))
}

/// The card's control of `kind`: whether it is on, and its daily limit in pence (off and zero
/// when the card has none).
pub async fn control_in(
    conn: &mut AnyConnection,
    card_id: &CardId,
    kind: LimitType,
) -> Result<(bool, i64), sqlx::Error> {
    let row = sqlx::query_as::<_, (i64, i64)>(
        "SELECT enabled, daily_limit FROM card_controls WHERE card_id = $1 AND kind = $2",
    )
    .bind(card_id)
    .bind(kind.as_str())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map_or((false, 0), |(enabled, limit)| (enabled != 0, limit)))
}

/// The available balance (booked − holds) and status of the card's account.
pub async fn account_in(
    conn: &mut AnyConnection,
    ledger_account_id: &str,
) -> Result<(i64, AccountStatus), sqlx::Error> {
    let (available, status) = sqlx::query_as::<_, (i64, String)>(
        "SELECT l.balance - l.held, a.status FROM ledger_accounts l \
         JOIN bank_accounts a ON a.ledger_account_id = l.id WHERE l.id = $1",
    )
    .bind(ledger_account_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok((available, super::named("status", &status)?))
}

/// Whether the card's holder, or an Account Owner of its company, is restricted (README
/// "Restrictions": a restricted account uses no card).
pub async fn holder_restricted_in(
    conn: &mut AnyConnection,
    card_id: &CardId,
) -> Result<bool, sqlx::Error> {
    let (restricted,) = sqlx::query_as::<_, (i64,)>(
        "SELECT COUNT(*) FROM users u WHERE u.kyc_status = 'account_restricted' AND \
         (u.id = (SELECT user_id FROM cards WHERE id = $1) OR u.id IN \
         (SELECT m.user_id FROM profile_members m JOIN cards c ON c.profile_id = m.profile_id \
          WHERE c.id = $1 AND m.role = 'admin'))",
    )
    .bind(card_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(restricted > 0)
}

/// An authorisation or a refund as it is written.
pub struct NewAuthorization<'a> {
    pub id: &'a str,
    pub network_id: &'a str,
    pub card_id: &'a CardId,
    pub bank_account_id: &'a AccountId,
    pub kind: LimitType,
    pub amount: i64,
    pub currency: Currency,
    pub status: AuthorizationStatus,
    pub decline_reason: Option<DeclineReason>,
    pub hold_id: Option<&'a str>,
    /// The captured payment a refund gives money back for.
    pub original_id: Option<&'a str>,
    pub transaction_id: &'a TransactionId,
    pub acceptor: &'a Acceptor,
    /// The London day (`yyyy-MM-dd`) the daily limits count it on.
    pub day: &'a str,
    pub at: i64,
    pub settled_at: Option<i64>,
}

pub async fn insert_in(
    conn: &mut AnyConnection,
    new: &NewAuthorization<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO card_authorizations (id, network_id, card_id, bank_account_id, kind, amount, \
         currency, status, decline_reason, hold_id, original_id, transaction_id, acceptor, day, \
         created_at, settled_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
    )
    .bind(new.id)
    .bind(new.network_id)
    .bind(new.card_id)
    .bind(new.bank_account_id)
    .bind(new.kind.as_str())
    .bind(new.amount)
    .bind(new.currency.code())
    .bind(new.status.as_str())
    .bind(new.decline_reason.map(DeclineReason::as_str))
    .bind(new.hold_id)
    .bind(new.original_id)
    .bind(new.transaction_id)
    .bind(serde_json::to_string(new.acceptor).expect("an acceptor serialises"))
    .bind(new.day)
    .bind(new.at)
    .bind(new.settled_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// An approved authorisation's hold, and the ledger account it holds money on.
pub async fn hold_in(conn: &mut AnyConnection, id: &str) -> Result<(String, String), sqlx::Error> {
    sqlx::query_as::<_, (String, String)>(
        "SELECT c.hold_id, a.ledger_account_id FROM card_authorizations c \
         JOIN bank_accounts a ON a.id = c.bank_account_id WHERE c.id = $1",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await
}

pub async fn set_status_in(
    conn: &mut AnyConnection,
    id: &str,
    status: AuthorizationStatus,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE card_authorizations SET status = $1, settled_at = $2 WHERE id = $3")
        .bind(status.as_str())
        .bind(at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// What has been refunded of a captured payment so far, in pence.
pub async fn refunded_in(conn: &mut AnyConnection, original_id: &str) -> Result<i64, sqlx::Error> {
    let (refunded,) = sqlx::query_as::<_, (Option<i64>,)>(
        "SELECT CAST(SUM(amount) AS BIGINT) FROM card_authorizations WHERE original_id = $1",
    )
    .bind(original_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(refunded.unwrap_or(0))
}
