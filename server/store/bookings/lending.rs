//! Money a lender pays in for an approved loan or factoring advance (issue 30 point 8): an
//! incoming UK payment from the lender, booked in the caller's transaction (the one that moves
//! the application to approved) under a key of the application's, so it is paid in once however
//! often the lender's decision arrives.

use sqlx::AnyConnection;

use super::{insert_booked, minor_in, usable, BookingError};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Money;
use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use crate::domain::ids::TransactionId;
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::recipient::PayeeType;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind, LedgerError};
use crate::store::transactions::NewTransaction;
use crate::store::Backend;

/// The lender's payment, as the customer sees it on the account and the statement.
pub struct Advance<'a> {
    pub account: &'a BankAccount,
    pub amount: Money,
    pub lender: &'a str,
    pub reference: &'a str,
    /// Unique per application: a second booking under it is refused as a duplicate.
    pub key: &'a str,
    pub at: i64,
}

pub async fn advance(
    conn: &mut AnyConnection,
    backend: Backend,
    money: &Advance<'_>,
) -> Result<TransactionId, BookingError> {
    let account = money.account;
    let amount = minor_in(account, money.amount)?;
    usable(conn, backend, account).await?;
    let scheme = Scheme::Local;
    let clearing = ledger::system_account(
        conn,
        money.at,
        AccountKind::SchemeClearing,
        Some(scheme.as_str()),
        account.currency,
    )
    .await?;
    let entry = Entry::transfer(
        &clearing,
        &account.ledger_account_id,
        account.currency,
        amount,
    )?;
    let booked = match ledger::book(conn, "loan_advance", Some(money.key), &entry, money.at).await {
        Err(LedgerError::Duplicate) => return Err(BookingError::Duplicate),
        other => other?,
    };
    let row = NewTransaction {
        scheme: Some(scheme.into()),
        details: money.reference,
        counterparty_name: Some(money.lender),
        counterparty_type: Some(PayeeType::Company),
        ..NewTransaction::new(
            &account.id,
            TransactionType::Transfer,
            TransactionStatus::Completed,
            account.currency,
            amount,
            money.at,
        )
    };
    Ok(insert_booked(conn, &booked, account, &row).await?)
}
