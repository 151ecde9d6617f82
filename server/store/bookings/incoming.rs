//! Money that arrives from outside: for a customer of the bank, or, when no account has the
//! number it names, into suspense until someone finds whose it is.

use super::{against_bank, minor_in, BookingError, Party};
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
use crate::store::Db;

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
    let amount = minor_in(account, amount)?;
    let row = NewTransaction {
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
    };
    let clearing = (AccountKind::SchemeClearing, Some(scheme.as_str()));
    against_bank(db, account, clearing, amount, "inbound_payment", &row).await
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
    let clearing = ledger::system_account(
        &mut tx,
        money.at,
        AccountKind::SchemeClearing,
        Some(money.scheme.as_str()),
        money.amount.currency,
    )
    .await?;
    let suspense = ledger::system_account(
        &mut tx,
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
    let booked = ledger::book(&mut tx, "suspense", None, &entry, money.at).await?;
    let item = suspense::NewItem {
        origin: SuspenseOrigin::UnknownAccount,
        scheme: money.scheme.as_str(),
        amount: money.amount,
        account_text: money.account_text,
        payer: money.payer,
        reference: money.reference,
        user_id: None,
    };
    let id = suspense::keep_in(&mut tx, &item, &booked.entry_id, money.at).await?;
    tx.commit().await?;
    Ok(id)
}
