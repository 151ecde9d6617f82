//! Card authorisations from the card network (issue 14 point 4), through the ledger: an approved
//! authorisation holds the money and shows a pending transaction; a capture books it against
//! the card scheme's clearing account; a reversal releases it; a refund credits money back. A
//! declined one shows as declined and moves nothing. Each message is idempotent by the
//! network's id, and each runs in one database transaction with the card's row locked, so
//! concurrent authorisations cannot together pass a daily limit or the balance.

use crate::domain::accounts::kinds::{TransactionStatus, TransactionType};
use sqlx::{AnyConnection, Row};

use super::bookings::BookingError;
use super::ledger::{self, AccountKind, LedgerError};
use super::transactions::{self, Acceptor, NewTransaction};
use super::{Backend, Db};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Currency;
use crate::domain::cards::controls::{self, DeclineReason, Facts, LimitType};
use crate::domain::cards::status::CardStatus;
use crate::domain::london;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    pub id: String,
    pub network_id: String,
    pub card_id: String,
    pub bank_account_id: String,
    pub kind: LimitType,
    pub amount: i64,
    pub currency: String,
    /// pending, captured, reversed, declined, refund.
    pub status: String,
    pub decline_reason: Option<DeclineReason>,
    pub transaction_id: Option<String>,
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
        kind: LimitType::parse(&kind).unwrap_or(LimitType::OnlinePurchase),
        amount: row.try_get(5)?,
        currency: row.try_get(6)?,
        status: row.try_get(7)?,
        decline_reason: reason.as_deref().and_then(DeclineReason::parse),
        transaction_id: row.try_get(9)?,
        acceptor: serde_json::from_str(&acceptor).map_err(|e| sqlx::Error::Decode(e.into()))?,
        created_at: row.try_get(11)?,
    })
}

async fn by_network_id(
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
    by_network_id(&mut conn, network_id).await
}

/// What the card approved of `kind` on the London day `day` (held or captured), in pence: the
/// daily limits count against it.
pub async fn spent_on(
    db: &Db,
    card_id: &str,
    kind: LimitType,
    day: &str,
) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    spent_on_in(&mut conn, card_id, kind, day).await
}

async fn spent_on_in(
    conn: &mut AnyConnection,
    card_id: &str,
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
    card_id: &str,
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

/// An authorisation request from the network.
pub struct Request<'a> {
    pub network_id: &'a str,
    pub card_id: &'a str,
    pub kind: LimitType,
    pub amount: i64,
    pub currency: Currency,
    pub acceptor: &'a Acceptor,
    pub at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    #[error("no such card or authorisation")]
    Unknown,
    #[error("the authorisation is {0}, not pending")]
    NotPending(String),
    #[error("a refund is for a captured payment, up to what is left of it")]
    BadRefund,
    #[error(transparent)]
    Booking(#[from] BookingError),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

impl From<LedgerError> for NetworkError {
    fn from(error: LedgerError) -> Self {
        NetworkError::Booking(error.into())
    }
}

fn row_kind(kind: LimitType) -> TransactionType {
    match kind {
        LimitType::AtmCashWithdrawal => TransactionType::CardWithdrawal,
        _ => TransactionType::CardPurchase,
    }
}

/// Locks the card for the rest of the transaction (SQLite's write transaction holds the whole
/// database already) and reads what the decision needs.
async fn lock_card(
    conn: &mut AnyConnection,
    backend: Backend,
    card_id: &str,
) -> Result<Option<(CardStatus, String, String, String)>, sqlx::Error> {
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
    let Some((status, account_id, expiry)) = row else {
        return Ok(None);
    };
    let (ledger_account_id,) =
        sqlx::query_as::<_, (String,)>("SELECT ledger_account_id FROM bank_accounts WHERE id = $1")
            .bind(&account_id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(Some((
        CardStatus::parse(&status).unwrap_or(CardStatus::Closed),
        account_id,
        ledger_account_id,
        expiry,
    )))
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|e| e.is_unique_violation())
}

/// Decides an authorisation and, when approved, holds the money. A repeat of a message the bank
/// answered before answers the same.
pub async fn authorize(db: &Db, request: &Request<'_>) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    if let Some(done) = by_network_id(&mut tx, request.network_id).await? {
        return Ok(done);
    }
    let (status, account_id, ledger_account_id, expiry) =
        lock_card(&mut tx, db.backend, request.card_id)
            .await?
            .ok_or(NetworkError::Unknown)?;
    let day = london::day_of(request.at);
    let (enabled, daily_limit) = sqlx::query_as::<_, (i64, i64)>(
        "SELECT enabled, daily_limit FROM card_controls WHERE card_id = $1 AND kind = $2",
    )
    .bind(request.card_id)
    .bind(request.kind.as_str())
    .fetch_optional(&mut *tx)
    .await?
    .unwrap_or((0, 0));
    let spent_today = spent_on_in(&mut tx, request.card_id, request.kind, &day).await?;
    let (available, account_status) = sqlx::query_as::<_, (i64, String)>(
        "SELECT l.balance - l.held, a.status FROM ledger_accounts l \
         JOIN bank_accounts a ON a.ledger_account_id = l.id WHERE l.id = $1",
    )
    .bind(&ledger_account_id)
    .fetch_one(&mut *tx)
    .await?;
    // A restricted account uses no card (README "Restrictions"): the holder's, or the Account
    // Owner's of the card's company.
    let (restricted,) = sqlx::query_as::<_, (i64,)>(
        "SELECT COUNT(*) FROM users u WHERE u.kyc_status = 'account_restricted' AND \
         (u.id = (SELECT user_id FROM cards WHERE id = $1) OR u.id IN \
         (SELECT m.user_id FROM profile_members m JOIN cards c ON c.profile_id = m.profile_id \
          WHERE c.id = $1 AND m.role = 'admin'))",
    )
    .bind(request.card_id)
    .fetch_one(&mut *tx)
    .await?;
    let expired = crate::domain::cards::cvv::Expiry::parse_stored(&expiry)
        .is_none_or(|e| !e.is_valid_on(london::today(request.at)));
    let account_usable =
        super::named::<crate::domain::accounts::status::AccountStatus>("status", &account_status)?
            .usable()
            && restricted == 0;
    let mut decision = controls::decide(Facts {
        status: if account_usable {
            status
        } else {
            CardStatus::Inactive
        },
        expired,
        control_on: enabled != 0,
        daily_limit,
        spent_today,
        amount: request.amount,
        // A card in another currency than its account is not issued; the check is still here.
        available: if request.currency.code() == "GBP" {
            available
        } else {
            0
        },
    });
    let id = uuid::Uuid::new_v4().to_string();
    let mut hold_id = None;
    if decision.is_ok() {
        match ledger::place_hold(
            &mut tx,
            &ledger_account_id,
            request.amount,
            &format!("card:{id}"),
        )
        .await
        {
            Ok(hold) => hold_id = Some(hold),
            Err(LedgerError::InsufficientFunds) => decision = Err(DeclineReason::InsufficientFunds),
            Err(other) => return Err(other.into()),
        }
    }
    let details = match request.kind {
        LimitType::AtmCashWithdrawal => format!("Cash withdrawal at {}", request.acceptor.name),
        _ => request.acceptor.name.clone(),
    };
    let transaction_id = transactions::insert(
        &mut tx,
        &NewTransaction {
            bank_account_id: &account_id,
            kind: row_kind(request.kind),
            status: if decision.is_ok() {
                TransactionStatus::Pending
            } else {
                TransactionStatus::Declined
            },
            scheme: Some("card"),
            currency: request.currency.code(),
            amount: -request.amount,
            details: &details,
            counterparty_name: Some(&request.acceptor.name),
            counterparty_type: Some("company"),
            acceptor: Some(request.acceptor),
            card_id: Some(request.card_id),
            created_at: request.at,
            ..Default::default()
        },
        None,
    )
    .await?;
    let inserted = sqlx::query(
        "INSERT INTO card_authorizations (id, network_id, card_id, bank_account_id, kind, amount, \
         currency, status, decline_reason, hold_id, transaction_id, acceptor, day, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(&id)
    .bind(request.network_id)
    .bind(request.card_id)
    .bind(&account_id)
    .bind(request.kind.as_str())
    .bind(request.amount)
    .bind(request.currency.code())
    .bind(if decision.is_ok() {
        "pending"
    } else {
        "declined"
    })
    .bind(decision.err().map(DeclineReason::as_str))
    .bind(hold_id)
    .bind(&transaction_id)
    .bind(serde_json::to_string(request.acceptor).expect("an acceptor serialises"))
    .bind(&day)
    .bind(request.at)
    .execute(&mut *tx)
    .await;
    match inserted {
        Ok(_) => {}
        // The same message twice at once: the first answer stands.
        Err(error) if is_unique_violation(&error) => {
            drop(tx);
            return find(db, request.network_id)
                .await?
                .ok_or(NetworkError::Unknown);
        }
        Err(error) => return Err(error.into()),
    }
    tx.commit().await?;
    find(db, request.network_id)
        .await?
        .ok_or(NetworkError::Unknown)
}

/// The pending authorisation `network_id` names, locked; its hold and the customer's ledger
/// account.
async fn pending(
    conn: &mut AnyConnection,
    backend: Backend,
    network_id: &str,
) -> Result<Result<(Authorization, String, String), Authorization>, NetworkError> {
    let auth = by_network_id(conn, network_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    lock_card(conn, backend, &auth.card_id).await?;
    // Re-read under the lock: another message may have settled it meanwhile.
    let auth = by_network_id(conn, network_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    if auth.status != "pending" {
        return Ok(Err(auth));
    }
    let (hold_id, ledger_account_id) = sqlx::query_as::<_, (String, String)>(
        "SELECT c.hold_id, a.ledger_account_id FROM card_authorizations c \
         JOIN bank_accounts a ON a.id = c.bank_account_id WHERE c.id = $1",
    )
    .bind(&auth.id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Ok((auth, hold_id, ledger_account_id)))
}

async fn set_status(
    conn: &mut AnyConnection,
    id: &str,
    status: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE card_authorizations SET status = $1, settled_at = $2 WHERE id = $3")
        .bind(status)
        .bind(at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The merchant takes the money it was authorised for: the hold becomes a booking against the
/// card scheme's clearing account. Capturing twice books once.
pub async fn capture(db: &Db, network_id: &str, at: i64) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    let (auth, hold_id, ledger_account_id) = match pending(&mut tx, db.backend, network_id).await? {
        Ok(open) => open,
        Err(done) if done.status == "captured" => return Ok(done),
        Err(done) => return Err(NetworkError::NotPending(done.status)),
    };
    let currency: Currency = super::named("currency", &auth.currency)?;
    ledger::release_hold(&mut tx, &hold_id).await?;
    let clearing =
        ledger::system_account(&mut tx, AccountKind::SchemeClearing, Some("card"), currency)
            .await?;
    let entry = Entry::transfer(&ledger_account_id, &clearing, currency, auth.amount)
        .map_err(BookingError::from)?;
    let booked = ledger::book(
        &mut tx,
        row_kind(auth.kind).as_str(),
        Some(&format!("card-capture:{}", auth.id)),
        &entry,
        at,
    )
    .await?;
    let posting = booked
        .on(&ledger_account_id)
        .expect("the entry posts to the customer");
    if let Some(transaction_id) = &auth.transaction_id {
        transactions::settle_pending(
            &mut tx,
            transaction_id,
            TransactionStatus::Completed,
            Some((&booked.entry_id, posting.balance_after, posting.account_seq)),
            at,
        )
        .await?;
    }
    set_status(&mut tx, &auth.id, "captured", at).await?;
    tx.commit().await?;
    find(db, network_id).await?.ok_or(NetworkError::Unknown)
}

/// The merchant lets the authorisation go: the money is free again.
pub async fn reverse(db: &Db, network_id: &str, at: i64) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    let (auth, hold_id, _) = match pending(&mut tx, db.backend, network_id).await? {
        Ok(open) => open,
        Err(done) if done.status == "reversed" => return Ok(done),
        Err(done) => return Err(NetworkError::NotPending(done.status)),
    };
    ledger::release_hold(&mut tx, &hold_id).await?;
    if let Some(transaction_id) = &auth.transaction_id {
        transactions::settle_pending(
            &mut tx,
            transaction_id,
            TransactionStatus::Refunded,
            None,
            at,
        )
        .await?;
    }
    set_status(&mut tx, &auth.id, "reversed", at).await?;
    tx.commit().await?;
    find(db, network_id).await?.ok_or(NetworkError::Unknown)
}

/// The merchant gives money back for a captured payment, at most what is left of it.
pub async fn refund(
    db: &Db,
    network_id: &str,
    original_network_id: &str,
    amount: i64,
    at: i64,
) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    if let Some(done) = by_network_id(&mut tx, network_id).await? {
        return Ok(done);
    }
    let original = by_network_id(&mut tx, original_network_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    let (_, _, ledger_account_id, _) = lock_card(&mut tx, db.backend, &original.card_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    let (refunded,) = sqlx::query_as::<_, (Option<i64>,)>(
        "SELECT CAST(SUM(amount) AS BIGINT) FROM card_authorizations WHERE original_id = $1",
    )
    .bind(&original.id)
    .fetch_one(&mut *tx)
    .await?;
    if original.status != "captured"
        || amount <= 0
        || amount > original.amount - refunded.unwrap_or(0)
    {
        return Err(NetworkError::BadRefund);
    }
    let currency: Currency = super::named("currency", &original.currency)?;
    let clearing =
        ledger::system_account(&mut tx, AccountKind::SchemeClearing, Some("card"), currency)
            .await?;
    let entry = Entry::transfer(&clearing, &ledger_account_id, currency, amount)
        .map_err(BookingError::from)?;
    let booked = ledger::book(
        &mut tx,
        "card_refund",
        Some(&format!("card-refund:{network_id}")),
        &entry,
        at,
    )
    .await?;
    let posting = booked
        .on(&ledger_account_id)
        .expect("the entry posts to the customer");
    let transaction_id = transactions::insert(
        &mut tx,
        &NewTransaction {
            bank_account_id: &original.bank_account_id,
            kind: TransactionType::CardRefund,
            status: TransactionStatus::Completed,
            scheme: Some("card"),
            currency: currency.code(),
            amount,
            details: &format!("Refund from {}", original.acceptor.name),
            counterparty_name: Some(&original.acceptor.name),
            counterparty_type: Some("company"),
            acceptor: Some(&original.acceptor),
            card_id: Some(&original.card_id),
            created_at: at,
            ..Default::default()
        },
        Some((&booked.entry_id, posting.balance_after, posting.account_seq)),
    )
    .await?;
    sqlx::query(
        "INSERT INTO card_authorizations (id, network_id, card_id, bank_account_id, kind, amount, \
         currency, status, original_id, transaction_id, acceptor, day, created_at, settled_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'refund', $8, $9, $10, $11, $12, $12)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(network_id)
    .bind(&original.card_id)
    .bind(&original.bank_account_id)
    .bind(original.kind.as_str())
    .bind(amount)
    .bind(currency.code())
    .bind(&original.id)
    .bind(&transaction_id)
    .bind(serde_json::to_string(&original.acceptor).expect("an acceptor serialises"))
    .bind(london::day_of(at))
    .bind(at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    find(db, network_id).await?.ok_or(NetworkError::Unknown)
}
