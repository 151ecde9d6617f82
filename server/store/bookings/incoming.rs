//! Money that arrives from outside: for a customer of the bank, or, when no account has the
//! number it names, into suspense until someone finds whose it is.

use sqlx::AnyConnection;

use super::{against_bank_in, minor_in, BookingError, Party};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Money;
use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use crate::domain::backoffice::suspense::SuspenseOrigin;
use crate::domain::ids::TransactionId;
use crate::domain::payments::payee::Scheme;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind};
use crate::store::suspense;
use crate::store::transactions::NewTransaction;
use crate::store::{Backend, Db};

/// A payment arrives from outside through a scheme (UK local, SEPA, SWIFT).
pub async fn inbound(
    db: &Db,
    account: &BankAccount,
    amount: Money,
    scheme: Scheme,
    payer: Party<'_>,
    reference: &str,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let mut tx = db.begin_write().await?;
    let id = inbound_in(
        &mut tx, db.backend, account, amount, scheme, payer, reference, at,
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// As [`inbound`], in the caller's transaction (a rail's notification is recorded in the same
/// one, so the money arrives once).
#[allow(clippy::too_many_arguments)]
pub async fn inbound_in(
    conn: &mut AnyConnection,
    backend: Backend,
    account: &BankAccount,
    amount: Money,
    scheme: Scheme,
    payer: Party<'_>,
    reference: &str,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let amount = minor_in(account, amount)?;
    let row = inbound_row(account, amount, scheme, &payer, reference, at);
    let clearing = (AccountKind::SchemeClearing, Some(scheme.as_str()));
    against_bank_in(
        conn,
        backend,
        account,
        clearing,
        amount,
        "inbound_payment",
        &row,
    )
    .await
}

fn inbound_row<'a>(
    account: &'a BankAccount,
    amount: i64,
    scheme: Scheme,
    payer: &Party<'a>,
    reference: &'a str,
    at: i64,
) -> NewTransaction<'a> {
    NewTransaction {
        scheme: Some(scheme.into()),
        details: reference,
        counterparty_name: Some(payer.name),
        counterparty_type: Some(payer.kind),
        counterparty_account: payer.account,
        ..NewTransaction::new(
            &account.id,
            TransactionType::Transfer,
            TransactionStatus::Completed,
            account.currency,
            amount,
            at,
        )
    }
}

/// Money that arrived for an account the bank does not know.
pub struct Unmatched<'a> {
    pub scheme: Scheme,
    pub amount: Money,
    pub account_text: &'a str,
    pub payer: &'a str,
    pub reference: &'a str,
    pub at: i64,
}

/// Books unmatched money from the scheme's clearing account into suspense, with a record of
/// what arrived, and answers the record's id.
pub async fn to_suspense(db: &Db, money: &Unmatched<'_>) -> Result<String, BookingError> {
    let mut tx = db.begin_write().await?;
    let id = to_suspense_in(&mut tx, money).await?;
    tx.commit().await?;
    Ok(id)
}

/// As [`to_suspense`], in the caller's transaction.
pub async fn to_suspense_in(
    conn: &mut AnyConnection,
    money: &Unmatched<'_>,
) -> Result<String, BookingError> {
    let clearing = ledger::system_account(
        conn,
        money.at,
        AccountKind::SchemeClearing,
        Some(money.scheme.as_str()),
        money.amount.currency,
    )
    .await?;
    let suspense = ledger::system_account(
        conn,
        money.at,
        AccountKind::Suspense,
        None,
        money.amount.currency,
    )
    .await?;
    let entry = Entry::transfer(
        &clearing,
        &suspense,
        money.amount.currency,
        money.amount.minor,
    )?;
    let booked = ledger::book(conn, "suspense", None, &entry, money.at).await?;
    let item = suspense::NewItem {
        origin: SuspenseOrigin::UnknownAccount,
        scheme: money.scheme.as_str(),
        amount: money.amount,
        account_text: money.account_text,
        payer: money.payer,
        reference: money.reference,
        user_id: None,
    };
    Ok(suspense::keep_in(conn, &item, &booked.entry_id, money.at).await?)
}
