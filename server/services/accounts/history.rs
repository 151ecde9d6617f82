//! What an account's history answers: a page of its transactions, the transfer behind a row,
//! and a statement's balances and rows. Reads only; the caller has checked that the account is
//! the selected profile's.

use crate::domain::ids::{AccountId, TransactionId};
use crate::domain::paging::Paging;
use crate::store::{self, Db};

pub use crate::store::transactions::{Acceptor, Filter, Page, Transaction};
pub use crate::store::transfers::TransferRow;

pub async fn page(db: &Db, filter: &Filter, paging: Paging) -> Result<Page, sqlx::Error> {
    store::transactions::fetch(db, filter, paging).await
}

/// The transfer a payer's row stands for, with its attachments (id, file name).
pub async fn sent_transfer(
    db: &Db,
    transaction_id: &TransactionId,
) -> Result<Option<(TransferRow, Vec<(String, String)>)>, sqlx::Error> {
    let Some(transfer) = transfer_of(db, transaction_id).await? else {
        return Ok(None);
    };
    let attachments = store::transfers::attachments(db, &transfer.id).await?;
    Ok(Some((transfer, attachments)))
}

/// The transfer a payer's transaction row shows, without its attachments (its ISO 20022
/// messages are on the row).
pub async fn transfer_of(
    db: &Db,
    transaction_id: &TransactionId,
) -> Result<Option<TransferRow>, sqlx::Error> {
    store::transfers::by_transaction(db, transaction_id).await
}

/// A statement's frame: the balance before `from`, the balance at the end of `to`, and how many
/// booked rows lie between (inclusive bounds, epoch milliseconds).
pub struct StatementFrame {
    pub opening: i64,
    pub closing: i64,
    pub line_count: i64,
}

pub async fn statement_frame(
    db: &Db,
    account_id: &AccountId,
    from: i64,
    to: i64,
) -> Result<StatementFrame, sqlx::Error> {
    let (opening, closing, line_count) =
        store::transactions::statement_frame(db, account_id, from, to).await?;
    Ok(StatementFrame {
        opening,
        closing,
        line_count,
    })
}

/// The booked rows between `from` and `to`, oldest first, streamed as the database reads them.
pub fn statement_rows(
    db: &Db,
    account_id: AccountId,
    from: i64,
    to: i64,
) -> tokio::sync::mpsc::Receiver<Result<Transaction, sqlx::Error>> {
    store::transactions::booked_between(db, account_id, from, to)
}
