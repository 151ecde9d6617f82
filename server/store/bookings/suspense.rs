//! Money leaving suspense (issue 32 point 3), each in the caller's transaction, the one that
//! records the second member's approval: credited to the customer it was for, with the row
//! they see as an incoming payment from the payer, or sent back through the scheme it came by.
//! Both are booked under the item's release key, so it leaves suspense once.

use sqlx::AnyConnection;

use super::{insert_booked, usable, BookingError};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};
use crate::domain::backoffice::suspense::{release_key, SuspenseItem};
use crate::domain::ids::TransactionId;
use crate::domain::Named;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind, Booked};
use crate::store::transactions::NewTransaction;
use crate::store::Backend;

async fn book(
    conn: &mut AnyConnection,
    item: &SuspenseItem,
    to: &str,
    at: i64,
) -> Result<Booked, BookingError> {
    let suspense =
        ledger::system_account(conn, at, AccountKind::Suspense, None, item.currency).await?;
    let entry = Entry::transfer(&suspense, to, item.currency, item.amount)?;
    match ledger::book(
        conn,
        "suspense_release",
        Some(&release_key(&item.id)),
        &entry,
        at,
    )
    .await
    {
        Err(ledger::LedgerError::Duplicate) => Err(BookingError::Duplicate),
        other => Ok(other?),
    }
}

/// Credits the item to `account` (which must be open for business and in its currency);
/// answers the customer's transaction and the entry's id.
pub async fn release_to_account_in(
    conn: &mut AnyConnection,
    backend: Backend,
    item: &SuspenseItem,
    account: &BankAccount,
    at: i64,
) -> Result<(TransactionId, String), BookingError> {
    if account.currency != item.currency {
        return Err(BookingError::CurrencyMismatch);
    }
    usable(conn, backend, account).await?;
    let booked = book(conn, item, &account.ledger_account_id, at).await?;
    let row = NewTransaction {
        scheme: TransactionScheme::from_name(&item.scheme),
        details: &item.reference,
        counterparty_name: Some(&item.payer),
        ..NewTransaction::new(
            &account.id,
            TransactionType::Transfer,
            TransactionStatus::Completed,
            account.currency,
            item.amount,
            at,
        )
    };
    let id = insert_booked(conn, &booked, account, &row).await?;
    Ok((id, booked.entry_id))
}

/// Sends the item back to the payer through the clearing of the scheme it came by; answers the
/// entry's id.
pub async fn return_in(
    conn: &mut AnyConnection,
    item: &SuspenseItem,
    at: i64,
) -> Result<String, BookingError> {
    let clearing = clearing_of(conn, item, at).await?;
    Ok(book(conn, item, &clearing, at).await?.entry_id)
}

/// The clearing of the scheme (or acquirer) the item came by.
async fn clearing_of(
    conn: &mut AnyConnection,
    item: &SuspenseItem,
    at: i64,
) -> Result<String, sqlx::Error> {
    ledger::system_account(
        conn,
        at,
        AccountKind::SchemeClearing,
        Some(&item.scheme),
        item.currency,
    )
    .await
}

/// A return the payer's side refused (a card refund the acquirer declined): the money comes
/// back from the clearing into suspense as a new item, saying why, for operations to act on
/// again. Booked once per returned item; answers the new item's id.
pub async fn refused_return_in(
    conn: &mut AnyConnection,
    item: &SuspenseItem,
    reason: &str,
    at: i64,
) -> Result<String, BookingError> {
    let clearing = clearing_of(conn, item, at).await?;
    let suspense =
        ledger::system_account(conn, at, AccountKind::Suspense, None, item.currency).await?;
    let entry = Entry::transfer(&clearing, &suspense, item.currency, item.amount)?;
    let key = format!("return-refused:{}", item.id);
    let booked = match ledger::book(conn, "suspense", Some(&key), &entry, at).await {
        Err(ledger::LedgerError::Duplicate) => return Err(BookingError::Duplicate),
        other => other?,
    };
    // What the payment was, without the reason of an earlier refusal.
    let payment = item.reference.split(" (").next().unwrap_or(&item.reference);
    let reference = format!("{payment} (refund refused: {reason})");
    let again = crate::store::suspense::NewItem {
        origin: item.origin,
        scheme: &item.scheme,
        amount: crate::domain::accounts::money::Money::new(item.amount, item.currency),
        account_text: &item.account_text,
        payer: &item.payer,
        reference: &reference,
        user_id: item.user_id.as_deref(),
    };
    Ok(crate::store::suspense::keep_in(conn, &again, &booked.entry_id, at).await?)
}
