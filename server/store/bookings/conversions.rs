//! Currency exchanges between two of one profile's accounts, through the bank's FX position.

use sqlx::AnyConnection;

use super::{insert_booked, usable_both, BookingError};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
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
    from_amount: i64,
    to_amount: i64,
    at: i64,
) -> Result<String, BookingError> {
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
    pub from_amount: i64,
    pub to_amount: i64,
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
) -> Result<(String, String), BookingError> {
    let (from, to) = (c.from, c.to);
    if from.currency == to.currency {
        return Err(BookingError::CurrencyMismatch);
    }
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
            c.from_amount,
        ),
        (&to.ledger_account_id, &fx_to, to.currency, c.to_amount),
    )?;
    let booked = match ledger::book(conn, "currency_exchange", c.key, &entry, c.at).await {
        Err(LedgerError::Duplicate { .. }) => return Err(BookingError::Duplicate),
        other => other?,
    };
    let details = format!("Exchange {} to {}", from.currency, to.currency);
    let from_id = insert_booked(
        conn,
        &booked,
        from,
        &NewTransaction {
            bank_account_id: &from.id,
            kind: TransactionType::CurrencyExchange,
            status: TransactionStatus::Completed,
            currency: from.currency.code(),
            amount: -c.from_amount,
            conversion_currency: Some(to.currency.code()),
            conversion_amount_total: Some(c.to_amount),
            details: &details,
            created_at: c.at,
            ..Default::default()
        },
    )
    .await?;
    let to_id = insert_booked(
        conn,
        &booked,
        to,
        &NewTransaction {
            bank_account_id: &to.id,
            kind: TransactionType::CurrencyExchange,
            status: TransactionStatus::Completed,
            currency: to.currency.code(),
            amount: c.to_amount,
            conversion_currency: Some(from.currency.code()),
            conversion_amount_total: Some(c.from_amount),
            details: &details,
            created_at: c.at,
            ..Default::default()
        },
    )
    .await?;
    Ok((from_id, to_id))
}
