//! Card payments at merchants, settled through the card scheme's clearing account.

use super::{against_bank, minor_in, BookingError};
use crate::domain::accounts::money::Money;
use crate::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};
use crate::domain::ids::TransactionId;
use crate::domain::payments::recipient::PayeeType;
use crate::store::bank_accounts::BankAccount;
use crate::store::ledger::AccountKind;
use crate::store::transactions::{self, Acceptor, NewTransaction};
use crate::store::Db;

/// A card payment at a merchant, settled through the card scheme's clearing account.
pub async fn card_purchase(
    db: &Db,
    account: &BankAccount,
    amount: Money,
    acceptor: &Acceptor,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let amount = minor_in(account, amount)?;
    let row = card_row(account, -amount, TransactionStatus::Completed, acceptor, at);
    let clearing = (AccountKind::SchemeClearing, Some("card"));
    against_bank(db, account, clearing, -amount, "card_purchase", &row).await
}

/// A card payment the bank refused: the customer sees it, no money moved.
pub async fn declined_card_purchase(
    db: &Db,
    account: &BankAccount,
    amount: Money,
    acceptor: &Acceptor,
    at: i64,
) -> Result<TransactionId, BookingError> {
    let amount = minor_in(account, amount)?;
    let mut conn = db.pool.acquire().await?;
    Ok(transactions::insert(
        &mut conn,
        &card_row(account, -amount, TransactionStatus::Declined, acceptor, at),
        None,
    )
    .await?)
}

fn card_row<'a>(
    account: &'a BankAccount,
    amount: i64,
    status: TransactionStatus,
    acceptor: &'a Acceptor,
    at: i64,
) -> NewTransaction<'a> {
    NewTransaction {
        scheme: Some(TransactionScheme::Card),
        details: &acceptor.name,
        counterparty_name: Some(&acceptor.name),
        counterparty_type: Some(PayeeType::Company),
        acceptor: Some(acceptor),
        ..NewTransaction::new(
            &account.id,
            TransactionType::CardPurchase,
            status,
            account.currency,
            amount,
            at,
        )
    }
}
