//! What the bank charges an account (fees) and pays into one (rewards).

use sqlx::AnyConnection;

use super::{against_bank, insert_booked, minor_in, usable, BookingError};
use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Money;
use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use crate::domain::ids::TransactionId;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind};
use crate::store::transactions::NewTransaction;
use crate::store::{Backend, Db};

/// A fee the bank charges to the account (monthly plan, card, and the like).
pub async fn fee(
    db: &Db,
    account: &BankAccount,
    amount: Money,
    details: &str,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let amount = minor_in(account, amount)?;
    let row = NewTransaction {
        details,
        ..NewTransaction::new(
            &account.id,
            TransactionType::Fee,
            TransactionStatus::Completed,
            account.currency,
            -amount,
            at,
        )
    };
    let income = (AccountKind::FeeIncome, None);
    against_bank(db, account, income, -amount, "fee", &row).await
}

/// A reward the bank pays into the account (the card referral programme), inside the caller's
/// transaction: the caller marks in the same transaction why it was due, so it is paid once.
pub async fn reward_in(
    conn: &mut AnyConnection,
    backend: Backend,
    account: &BankAccount,
    amount: Money,
    details: &str,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let amount = minor_in(account, amount)?;
    usable(conn, backend, account).await?;
    let bank =
        ledger::system_account(conn, at, AccountKind::Rewards, None, account.currency).await?;
    let entry = Entry::transfer(&bank, &account.ledger_account_id, account.currency, amount)?;
    let booked = ledger::book(conn, "reward", None, &entry, at).await?;
    let row = NewTransaction {
        details,
        ..NewTransaction::new(
            &account.id,
            TransactionType::SystemDeposit,
            TransactionStatus::Completed,
            account.currency,
            amount,
            at,
        )
    };
    Ok(insert_booked(conn, &booked, account, &row).await?)
}
