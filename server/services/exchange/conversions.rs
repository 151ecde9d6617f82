//! Executing a live quote of a profile, once: both legs go into one ledger entry through the FX
//! position accounts, with the client's id recorded, in one database transaction. A retry (the
//! same id, or the same quote under another id) answers the first conversion.

use crate::domain::ids::ProfileId;
use crate::store::bookings::{self, BookingError, Conversion};
use crate::store::exchanges::{ExchangeRow, QuoteRow};
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum ExchangeError {
    /// The client id was used for another quote.
    #[error("the exchange id was used for another quote")]
    IdReused,
    /// No such quote for this profile.
    #[error("no such quote")]
    UnknownQuote,
    #[error("the quote has expired")]
    Expired,
    #[error("not enough money")]
    InsufficientFunds,
    #[error("the account cannot convert money")]
    AccountNotUsable,
    #[error("booking: {0}")]
    Booking(BookingError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

impl From<BookingError> for ExchangeError {
    fn from(error: BookingError) -> Self {
        match error {
            BookingError::InsufficientFunds => Self::InsufficientFunds,
            BookingError::AccountNotUsable => Self::AccountNotUsable,
            BookingError::Duplicate => Self::IdReused,
            BookingError::Sql(error) => Self::Storage(error),
            other => Self::Booking(other),
        }
    }
}

pub struct Executed {
    pub exchange: ExchangeRow,
    pub quote: QuoteRow,
    /// False when this answers a retry (or a second execution of the same quote).
    pub created: bool,
}

/// A retry answers the first result: the same id with the same quote, or the same quote under
/// another id (a quote converts once, so both ask for the same conversion).
async fn replay(
    db: &Db,
    id: &str,
    quote_id: &str,
    profile_id: &ProfileId,
) -> Result<Option<Executed>, ExchangeError> {
    let found = store::exchanges::earlier(db, id, quote_id).await?;
    if found
        .iter()
        .any(|e| e.profile_id != profile_id || (e.id == id && e.quote_id != quote_id))
    {
        return Err(ExchangeError::IdReused);
    }
    let Some(first) = found.into_iter().find(|e| e.quote_id == quote_id) else {
        return Ok(None);
    };
    let quote = store::exchanges::quote(db, quote_id)
        .await?
        .ok_or(ExchangeError::Storage(sqlx::Error::RowNotFound))?;
    Ok(Some(Executed {
        exchange: first,
        quote,
        created: false,
    }))
}

/// Executes a live quote of the profile once.
pub async fn execute(
    db: &Db,
    id: &str,
    quote_id: &str,
    profile_id: &ProfileId,
    now: i64,
) -> Result<Executed, ExchangeError> {
    if let Some(first) = replay(db, id, quote_id, profile_id).await? {
        return Ok(first);
    }
    let mut tx = db.begin_write().await?;
    match execute_in(&mut tx, db.backend, id, quote_id, profile_id, now).await {
        Ok(executed) => {
            tx.commit().await?;
            Ok(executed)
        }
        Err(error) => {
            tx.rollback().await?;
            // A concurrent execution that won the race: its result is this request's answer.
            match replay(db, id, quote_id, profile_id).await? {
                Some(first) => Ok(first),
                None => Err(error),
            }
        }
    }
}

async fn execute_in(
    conn: &mut sqlx::AnyConnection,
    backend: store::Backend,
    id: &str,
    quote_id: &str,
    profile_id: &ProfileId,
    now: i64,
) -> Result<Executed, ExchangeError> {
    let quote = store::exchanges::quote_for_update_in(conn, backend, quote_id)
        .await?
        .filter(|q| q.profile_id == profile_id)
        .ok_or(ExchangeError::UnknownQuote)?;
    if quote.expires_at <= now {
        return Err(ExchangeError::Expired);
    }
    let own = |account: Option<store::bank_accounts::BankAccount>| {
        account
            .filter(|a| a.profile_id == profile_id)
            .ok_or(ExchangeError::UnknownQuote)
    };
    let from = own(store::bank_accounts::by_id_in(conn, &quote.from_account_id).await?)?;
    let to = own(store::bank_accounts::by_id_in(conn, &quote.to_account_id).await?)?;
    let key = format!("exchange:{quote_id}");
    let (from_transaction_id, to_transaction_id) = bookings::convert_in(
        conn,
        backend,
        &Conversion {
            from: &from,
            to: &to,
            from_amount: quote.from_amount,
            to_amount: quote.to_amount,
            key: Some(&key),
            at: now,
        },
    )
    .await?;
    let exchange = ExchangeRow {
        id: id.to_string(),
        quote_id: quote_id.to_string(),
        profile_id: profile_id.clone(),
        from_transaction_id,
        to_transaction_id,
        created_at: now,
    };
    store::exchanges::insert_in(conn, &exchange).await?;
    Ok(Executed {
        exchange,
        quote,
        created: true,
    })
}
