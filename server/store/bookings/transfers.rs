//! Transfers: out through a scheme with the bank's fee, straight to another customer of the
//! bank, and back again when a scheme returns one.

use sqlx::AnyConnection;

use super::{
    booked_row, first_result, insert_booked, minor_in, usable, usable_both, BookingError, Party,
};
use crate::domain::accounts::entry::{Entry, EntryError};
use crate::domain::accounts::money::Money;
use crate::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};
use crate::domain::ids::TransactionId;
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::recipient::PayeeType;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::{self, AccountKind, LedgerError};
use crate::store::transactions::{NewTransaction, Unwritten};
use crate::store::Db;

/// A payment out through a scheme, with the bank's fee. The client's id makes it idempotent: a
/// retry answers the first transaction and books nothing.
#[allow(clippy::too_many_arguments)]
pub async fn outbound(
    db: &Db,
    account: &BankAccount,
    amount: Money,
    fee: Money,
    scheme: Scheme,
    payee: Party<'_>,
    reference: &str,
    at: i64,
    client_id: Option<&str>,
) -> Result<TransactionId, BookingError> {
    let mut tx = db.begin_write().await?;
    let booked = transfer_in(
        &mut tx,
        db.backend,
        &TransferBooking {
            from: account,
            to: PayeeSide::Scheme(scheme),
            amount,
            fee,
            payee,
            scheme_shown: None,
            payer_name: &account.name,
            reference,
            status: TransactionStatus::Completed,
            at,
            key: client_id,
        },
    )
    .await;
    match booked {
        Ok((row, _)) => {
            row.insert(&mut tx).await?;
            tx.commit().await?;
            Ok(row.id().clone())
        }
        Err(BookingError::Duplicate) => {
            tx.rollback().await?;
            first_result(db, client_id.unwrap_or_default(), &account.id).await
        }
        Err(other) => Err(other),
    }
}

/// Where a transfer's money goes when it leaves the payer: into a scheme's clearing account, or
/// straight to another customer of this bank.
#[derive(Debug, Clone, Copy)]
pub enum PayeeSide<'a> {
    Scheme(Scheme),
    OnUs(&'a BankAccount),
}

pub struct TransferBooking<'a> {
    pub from: &'a BankAccount,
    pub to: PayeeSide<'a>,
    pub amount: Money,
    pub fee: Money,
    pub payee: Party<'a>,
    /// The scheme the customer chose, shown on the rows even when the bank settles in-house.
    pub scheme_shown: Option<Scheme>,
    /// How the payee sees the payer, when the payee banks here.
    pub payer_name: &'a str,
    pub reference: &'a str,
    /// The payer's row: pending until the scheme settles, completed when it already has.
    pub status: TransactionStatus,
    pub at: i64,
    pub key: Option<&'a str>,
}

/// Books a transfer with its fee in the caller's database transaction, with the payee's row when
/// they bank here, and answers the payer's row for the caller to write (`Unwritten::insert`, or
/// carried by the transfer's own insert) before its transaction commits. `Duplicate` when the key
/// was booked before (the caller rolls back and answers the first result).
pub async fn transfer_in<'a>(
    conn: &mut AnyConnection,
    backend: super::Backend,
    b: &TransferBooking<'a>,
) -> Result<(Unwritten<'a>, Option<TransactionId>), BookingError> {
    let currency = b.from.currency;
    let (amount, fee) = (minor_in(b.from, b.amount)?, minor_in(b.from, b.fee)?);
    // The bank's rows this payer's bookings use: every transfer credits them, so each payer
    // account has its own of the spread rows (its return uses the same ones).
    let shard = ledger::shard_of(&b.from.ledger_account_id);
    // The bank's rows are looked up before the payer's account is locked, so the profile's
    // concurrent transfers wait for each other over fewer statements.
    let (credit, fee_income, scheme) = match b.to {
        PayeeSide::Scheme(scheme) => {
            let wanted = [
                (AccountKind::SchemeClearing, Some(scheme.as_str())),
                (AccountKind::FeeIncome, None),
            ];
            let [clearing, fee_income] =
                ledger::system_accounts(conn, b.at, wanted, currency, shard).await?;
            (clearing, fee_income, TransactionScheme::from(scheme))
        }
        PayeeSide::OnUs(to) => {
            if to.currency != currency {
                return Err(BookingError::CurrencyMismatch);
            }
            let wanted = [(AccountKind::FeeIncome, None)];
            let [fee_income] = ledger::system_accounts(conn, b.at, wanted, currency, shard).await?;
            (
                to.ledger_account_id.clone(),
                fee_income,
                TransactionScheme::Internal,
            )
        }
    };
    let entry = Entry::payment_out(
        &b.from.ledger_account_id,
        &credit,
        &fee_income,
        currency,
        amount,
        fee,
    )?;
    match b.to {
        PayeeSide::Scheme(_) => usable(conn, backend, b.from).await?,
        PayeeSide::OnUs(to) => usable_both(conn, backend, b.from, to).await?,
    }
    // The entry's row, its postings and the balances in one statement on PostgreSQL.
    let booked = match ledger::book(conn, "outbound_payment", b.key, &entry, b.at).await {
        Ok(booked) => booked,
        Err(LedgerError::Duplicate) => return Err(BookingError::Duplicate),
        Err(other) => return Err(other.into()),
    };
    let scheme = match b.to {
        PayeeSide::Scheme(_) => scheme,
        // The customer chose the scheme; it is still what the row shows.
        PayeeSide::OnUs(_) => b.scheme_shown.map_or(scheme, TransactionScheme::from),
    };
    let payer_row = booked_row(
        &booked,
        b.from,
        NewTransaction {
            scheme: Some(scheme),
            fee,
            details: b.reference,
            counterparty_name: Some(b.payee.name),
            counterparty_type: Some(b.payee.kind),
            counterparty_account: b.payee.account,
            ..NewTransaction::new(
                &b.from.id,
                TransactionType::Transfer,
                b.status,
                currency,
                -amount,
                b.at,
            )
        },
    );
    let payee_row = match b.to {
        PayeeSide::OnUs(to) => Some(
            insert_booked(
                conn,
                &booked,
                to,
                &NewTransaction {
                    scheme: Some(scheme),
                    details: b.reference,
                    counterparty_name: Some(b.payer_name),
                    counterparty_type: Some(PayeeType::Company),
                    counterparty_account: Some(&b.from.iban),
                    ..NewTransaction::new(
                        &to.id,
                        TransactionType::Transfer,
                        TransactionStatus::Completed,
                        currency,
                        amount,
                        b.at,
                    )
                },
            )
            .await?,
        ),
        PayeeSide::Scheme(_) => None,
    };
    Ok((payer_row, payee_row))
}

/// A transfer the scheme sent back: the amount leaves the clearing account and the fee the
/// bank's income, both back to the payer, in the caller's transaction. Booked whatever the
/// account's state: the money is the customer's.
pub async fn transfer_returned(
    conn: &mut AnyConnection,
    account: &BankAccount,
    scheme: Scheme,
    amount: Money,
    fee: Money,
    details: &str,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let (amount, fee) = (minor_in(account, amount)?, minor_in(account, fee)?);
    let currency = account.currency;
    let wanted = [
        (AccountKind::SchemeClearing, Some(scheme.as_str())),
        (AccountKind::FeeIncome, None),
    ];
    let shard = ledger::shard_of(&account.ledger_account_id);
    let [clearing, fee_income] = ledger::system_accounts(conn, at, wanted, currency, shard).await?;
    let entry = Entry::payment_out(
        &account.ledger_account_id,
        &clearing,
        &fee_income,
        currency,
        amount,
        fee,
    )?
    .reversal()?;
    let booked = ledger::book(conn, "payment_return", None, &entry, at).await?;
    let total = amount.checked_add(fee).ok_or(EntryError::Overflow)?;
    Ok(insert_booked(
        conn,
        &booked,
        account,
        &NewTransaction {
            scheme: Some(scheme.into()),
            details,
            ..NewTransaction::new(
                &account.id,
                TransactionType::Refund,
                TransactionStatus::Completed,
                currency,
                total,
                at,
            )
        },
    )
    .await?)
}

/// Money between two of the bank's customer accounts in one currency.
pub async fn internal(
    db: &Db,
    from: &BankAccount,
    to: &BankAccount,
    amount: Money,
    reference: &str,
    at: i64,
    client_id: Option<&str>,
) -> Result<TransactionId, BookingError> {
    if from.currency != to.currency {
        return Err(BookingError::CurrencyMismatch);
    }
    let amount = minor_in(from, amount)?;
    let mut tx = db.begin_write().await?;
    usable_both(&mut tx, db.backend, from, to).await?;
    let entry = Entry::transfer(
        &from.ledger_account_id,
        &to.ledger_account_id,
        from.currency,
        amount,
    )?;
    let booked = match ledger::book(&mut tx, "internal_transfer", client_id, &entry, at).await {
        Ok(booked) => booked,
        Err(LedgerError::Duplicate) => {
            tx.rollback().await?;
            return first_result(db, client_id.unwrap_or_default(), &from.id).await;
        }
        Err(other) => return Err(other.into()),
    };
    let id = insert_booked(
        &mut tx,
        &booked,
        from,
        &internal_side(from, -amount, to, reference, at),
    )
    .await?;
    let payee_row = internal_side(to, amount, from, reference, at);
    insert_booked(&mut tx, &booked, to, &payee_row).await?;
    tx.commit().await?;
    Ok(id)
}

/// One side of a movement between two customers: each sees the other as its counterparty.
fn internal_side<'a>(
    account: &'a BankAccount,
    amount: i64,
    other: &'a BankAccount,
    reference: &'a str,
    at: i64,
) -> NewTransaction<'a> {
    NewTransaction {
        scheme: Some(TransactionScheme::Internal),
        details: reference,
        counterparty_type: Some(PayeeType::Private),
        counterparty_name: Some(&other.name),
        counterparty_account: Some(&other.iban),
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
