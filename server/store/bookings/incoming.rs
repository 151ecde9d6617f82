//! Money that arrives from outside: for a customer of the bank, or, when no account has the
//! number it names, into suspense until someone finds whose it is.

use super::{against_bank, BookingError, Party};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind};
use crate::store::transactions::NewTransaction;
use crate::store::Db;

/// A payment arrives from outside through a scheme (UK local, SEPA, SWIFT).
pub async fn inbound(
    db: &Db,
    account: &BankAccount,
    amount: i64,
    scheme: &str,
    payer: Party<'_>,
    reference: &str,
    at: i64,
) -> Result<String, BookingError> {
    let row = NewTransaction {
        bank_account_id: &account.id,
        kind: TransactionType::Transfer,
        status: TransactionStatus::Completed,
        scheme: Some(scheme),
        currency: account.currency.code(),
        amount,
        details: reference,
        counterparty_name: Some(payer.name),
        counterparty_type: Some(payer.kind),
        counterparty_account: payer.account,
        created_at: at,
        ..Default::default()
    };
    let clearing = (AccountKind::SchemeClearing, Some(scheme));
    against_bank(db, account, clearing, amount, "inbound_payment", &row).await
}

/// Money that arrived for an account the bank does not know.
pub struct Unmatched<'a> {
    pub scheme: &'a str,
    pub currency: crate::domain::accounts::money::Currency,
    pub amount: i64,
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
        Some(money.scheme),
        money.currency,
    )
    .await?;
    let suspense = ledger::system_account(
        &mut tx,
        money.at,
        AccountKind::Suspense,
        None,
        money.currency,
    )
    .await?;
    let entry = Entry::transfer(&clearing, &suspense, money.currency, money.amount)?;
    let booked = ledger::book(&mut tx, "suspense", None, &entry, money.at).await?;
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO suspense_items (id, entry_id, scheme, currency, amount, account_text, payer, reference, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(&booked.entry_id)
    .bind(money.scheme)
    .bind(money.currency.code())
    .bind(money.amount)
    .bind(money.account_text)
    .bind(money.payer)
    .bind(money.reference)
    .bind(money.at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}
