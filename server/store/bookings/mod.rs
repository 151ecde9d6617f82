//! The money movements of the bank, each booked through the ledger with the transaction rows the
//! customer sees, in one database transaction. Nothing else writes balances.
//!
//! One file per kind of movement: money arriving (`incoming`), transfers out and between
//! customers (`transfers`), card payments (`cards`), the bank's charges and rewards (`charges`),
//! conversions (`conversions`). This file holds what they share: the error, the parties, the
//! in-transaction account check and the row that goes with a booking.

mod cards;
mod charges;
mod conversions;
mod incoming;
mod lending;
mod suspense;
mod transfers;

pub use cards::{card_purchase, declined_card_purchase};
pub use charges::{fee, reward_in};
pub use conversions::{convert, convert_in, Conversion};
pub use incoming::{inbound, inbound_in, to_suspense, to_suspense_in, Unmatched};
pub use lending::{advance, Advance};
pub use suspense::{refused_return_in, release_to_account_in, return_in};
pub use transfers::{
    internal, outbound, transfer_in, transfer_returned, PayeeSide, TransferBooking,
};

use sqlx::AnyConnection;

use super::bank_accounts::BankAccount;
use super::ledger::{self, AccountKind, Booked, LedgerError};
use super::transactions::{self, NewTransaction};
use super::{Backend, Db};
use crate::domain::accounts::entry::{Entry, EntryError};
use crate::domain::accounts::money::Money;
use crate::domain::accounts::status::AccountStatus;
use crate::domain::ids::{AccountId, TransactionId};
use crate::domain::payments::recipient::PayeeType;

#[derive(Debug, thiserror::Error)]
pub enum BookingError {
    #[error("insufficient funds")]
    InsufficientFunds,
    #[error("the account cannot move money in its status")]
    AccountNotUsable,
    #[error("the accounts are in different currencies")]
    CurrencyMismatch,
    #[error(transparent)]
    Entry(#[from] EntryError),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
    #[error("ledger: {0}")]
    Ledger(String),
    /// The idempotency key was booked before.
    #[error("booked before under the same key")]
    Duplicate,
}

impl From<LedgerError> for BookingError {
    fn from(error: LedgerError) -> Self {
        match error {
            LedgerError::InsufficientFunds => BookingError::InsufficientFunds,
            LedgerError::Sql(e) => BookingError::Sql(e),
            other => BookingError::Ledger(other.to_string()),
        }
    }
}

/// The other side of a payment: who paid in, or who is paid.
#[derive(Debug, Clone, Copy)]
pub struct Party<'a> {
    pub name: &'a str,
    pub kind: PayeeType,
    pub account: Option<&'a str>,
}

/// Both accounts of a movement, their rows locked in one order (by id) whichever way the money
/// goes, so two opposite movements cannot deadlock.
pub(super) async fn usable_both(
    conn: &mut AnyConnection,
    backend: Backend,
    a: &BankAccount,
    b: &BankAccount,
) -> Result<(), BookingError> {
    let (first, second) = if a.id <= b.id { (a, b) } else { (b, a) };
    usable(conn, backend, first).await?;
    usable(conn, backend, second).await
}

/// The domain's rule (only an active account moves money), applied to the account's status as
/// it stands inside the booking's transaction: on PostgreSQL the row is locked until the booking
/// commits, and SQLite's write transaction holds the whole database. An account suspended a
/// moment before cannot slip a payment through on a status read earlier.
pub(super) async fn usable(
    conn: &mut AnyConnection,
    backend: Backend,
    account: &BankAccount,
) -> Result<(), BookingError> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let status = sqlx::query_as::<_, (String,)>(&format!(
        "SELECT status FROM bank_accounts WHERE id = $1{lock}"
    ))
    .bind(&account.id)
    .fetch_optional(&mut *conn)
    .await?;
    match status {
        Some((status,)) if super::named::<AccountStatus>("status", &status)?.usable() => Ok(()),
        _ => Err(BookingError::AccountNotUsable),
    }
}

/// An amount booked on `account`: it must be counted in the account's currency.
pub(super) fn minor_in(account: &BankAccount, amount: Money) -> Result<i64, BookingError> {
    if amount.currency == account.currency {
        Ok(amount.minor)
    } else {
        Err(BookingError::CurrencyMismatch)
    }
}

pub(super) fn side(booked: &Booked, ledger_account_id: &str) -> (String, i64, i64) {
    let posting = booked
        .on(ledger_account_id)
        .expect("the entry posts to the account it was booked for");
    (
        booked.entry_id.clone(),
        posting.balance_after,
        posting.account_seq,
    )
}

pub(super) async fn insert_booked(
    conn: &mut AnyConnection,
    booked: &Booked,
    account: &BankAccount,
    new: &NewTransaction<'_>,
) -> Result<TransactionId, sqlx::Error> {
    let (entry, balance, seq) = side(booked, &account.ledger_account_id);
    transactions::insert(conn, new, Some((&entry, balance, seq))).await
}

/// The row of `account`'s side of `booked`, for the caller to write.
pub(super) fn booked_row<'a>(
    booked: &Booked,
    account: &BankAccount,
    new: NewTransaction<'a>,
) -> transactions::Unwritten<'a> {
    let (entry, balance, seq) = side(booked, &account.ledger_account_id);
    transactions::Unwritten::new(new, Some((&entry, balance, seq)))
}

/// A movement between one customer account and one of the bank's own accounts (a scheme's
/// clearing, fee income): a positive `amount` credits the customer, a negative one debits them.
/// `row` is what the customer sees of it.
pub(super) async fn against_bank(
    db: &Db,
    account: &BankAccount,
    bank_side: (AccountKind, Option<&str>),
    amount: i64,
    entry_kind: &str,
    row: &NewTransaction<'_>,
) -> Result<TransactionId, BookingError> {
    let mut tx = db.begin_write().await?;
    let id = against_bank_in(
        &mut tx, db.backend, account, bank_side, amount, entry_kind, row,
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// As [`against_bank`], in the caller's transaction.
pub(super) async fn against_bank_in(
    conn: &mut AnyConnection,
    backend: Backend,
    account: &BankAccount,
    bank_side: (AccountKind, Option<&str>),
    amount: i64,
    entry_kind: &str,
    row: &NewTransaction<'_>,
) -> Result<TransactionId, BookingError> {
    // The bank's own charges (fees) are booked whatever the account's state; money from
    // outside and card payments need an account that is open for business.
    if entry_kind != "fee" {
        usable(conn, backend, account).await?;
    }
    let (kind, scope) = bank_side;
    let bank = ledger::system_account(conn, row.created_at, kind, scope, account.currency).await?;
    let customer = &account.ledger_account_id;
    let entry = if amount > 0 {
        Entry::transfer(&bank, customer, account.currency, amount)?
    } else {
        Entry::transfer(customer, &bank, account.currency, -amount)?
    };
    let booked = ledger::book(conn, entry_kind, None, &entry, row.created_at).await?;
    Ok(insert_booked(conn, &booked, account, row).await?)
}

/// The transaction a retried request first made, on the account it was made from.
pub(super) async fn first_result(
    db: &Db,
    client_id: &str,
    bank_account_id: &AccountId,
) -> Result<TransactionId, BookingError> {
    let mut conn = db.pool.acquire().await?;
    let entry = ledger::entry_for_key(&mut conn, client_id)
        .await?
        .ok_or_else(|| BookingError::Ledger("the first booking is not visible".into()))?;
    let (id,) = sqlx::query_as::<_, (TransactionId,)>(
        "SELECT id FROM transactions WHERE entry_id = $1 AND bank_account_id = $2",
    )
    .bind(&entry)
    .bind(bank_account_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}
