//! Currency exchanges between two of one profile's accounts, through the bank's FX position.

use sqlx::AnyConnection;

use super::{insert_booked, minor_in, usable_both, BookingError};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Money;
use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use crate::domain::ids::TransactionId;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind, LedgerError};
use crate::store::transactions::NewTransaction;
use crate::store::{Backend, Db};

/// A currency exchange between two of one profile's accounts, through the bank's FX position in
/// each currency: the rate is decided by the caller, the ledger only records what moved.
pub async fn convert(
    db: &Db,
    from: &BankAccount,
    to: &BankAccount,
    from_amount: Money,
    to_amount: Money,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let mut tx = db.begin_write().await?;
    let conversion = Conversion {
        from,
        to,
        from_amount,
        to_amount,
        key: None,
        at,
    };
    let (id, _) = convert_in(&mut tx, db.backend, &conversion).await?;
    tx.commit().await?;
    Ok(id)
}

/// One conversion: what leaves `from`, what arrives in `to`.
pub struct Conversion<'a> {
    pub from: &'a BankAccount,
    pub to: &'a BankAccount,
    pub from_amount: Money,
    pub to_amount: Money,
    /// The ledger's idempotency key, when the conversion has a client id.
    pub key: Option<&'a str>,
    pub at: i64,
}

/// Books a conversion inside the caller's transaction: both legs in one ledger entry, a
/// transaction row for each account; answers the two rows' ids (from, to).
pub async fn convert_in(
    conn: &mut AnyConnection,
    backend: Backend,
    c: &Conversion<'_>,
) -> Result<(TransactionId, TransactionId), BookingError> {
    let (from, to) = (c.from, c.to);
    if from.currency == to.currency {
        return Err(BookingError::CurrencyMismatch);
    }
    let (from_amount, to_amount) = (minor_in(from, c.from_amount)?, minor_in(to, c.to_amount)?);
    usable_both(conn, backend, from, to).await?;
    let fx_from =
        ledger::system_account(conn, c.at, AccountKind::FxPosition, None, from.currency).await?;
    let fx_to =
        ledger::system_account(conn, c.at, AccountKind::FxPosition, None, to.currency).await?;
    let entry = Entry::conversion(
        (
            &from.ledger_account_id,
            &fx_from,
            from.currency,
            from_amount,
        ),
        (&to.ledger_account_id, &fx_to, to.currency, to_amount),
    )?;
    let booked = match ledger::book(conn, "currency_exchange", c.key, &entry, c.at).await {
        Err(LedgerError::Duplicate) => return Err(BookingError::Duplicate),
        other => other?,
    };
    let details = format!("Exchange {} to {}", from.currency, to.currency);
    let from_id = insert_booked(
        conn,
        &booked,
        from,
        &NewTransaction {
            conversion_currency: Some(to.currency),
            conversion_amount_total: Some(to_amount),
            details: &details,
            ..NewTransaction::new(
                &from.id,
                TransactionType::CurrencyExchange,
                TransactionStatus::Completed,
                from.currency,
                -from_amount,
                c.at,
            )
        },
    )
    .await?;
    let to_id = insert_booked(
        conn,
        &booked,
        to,
        &NewTransaction {
            conversion_currency: Some(from.currency),
            conversion_amount_total: Some(from_amount),
            details: &details,
            ..NewTransaction::new(
                &to.id,
                TransactionType::CurrencyExchange,
                TransactionStatus::Completed,
                to.currency,
                to_amount,
                c.at,
            )
        },
    )
    .await?;
    Ok((from_id, to_id))
}
