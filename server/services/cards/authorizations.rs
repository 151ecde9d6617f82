//! Card payments from the card network (issue 14 point 4), through the ledger: an approved
//! authorisation holds the money and shows a pending transaction; a capture books it against
//! the card scheme's clearing account; a reversal releases it; a refund credits money back. A
//! declined one shows as declined and moves nothing. Each message is idempotent by the
//! network's id, and each runs in one database transaction with the card's row locked, so
//! concurrent authorisations cannot together pass a daily limit or the balance.

use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Currency;
use crate::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};
use crate::domain::cards::authorization::{self, AuthorizationStatus};
use crate::domain::cards::controls::{self, DeclineReason, Facts, LimitType};
use crate::domain::cards::cvv::Expiry;
use crate::domain::cards::status::CardStatus;
use crate::domain::ids::CardId;
use crate::domain::london;
use crate::domain::payments::recipient::PayeeType;
use crate::store::bookings::BookingError;
pub use crate::store::card_authorizations::Authorization;
use crate::store::card_authorizations::{self as rows, NewAuthorization};
use crate::store::ledger::{self, AccountKind, LedgerError};
use crate::store::transactions::{self, Acceptor, NewTransaction};
use crate::store::{self, Db};

/// An authorisation request from the network.
pub struct Request<'a> {
    pub network_id: &'a str,
    pub card_id: &'a CardId,
    pub kind: LimitType,
    pub amount: i64,
    pub currency: Currency,
    pub acceptor: &'a Acceptor,
    pub at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum NetworkError {
    #[error("no such card or authorisation")]
    Unknown,
    #[error("the authorisation is {0}, not pending")]
    NotPending(AuthorizationStatus),
    #[error("a refund is for a captured payment, up to what is left of it")]
    BadRefund,
    #[error(transparent)]
    Booking(#[from] BookingError),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

impl From<LedgerError> for NetworkError {
    fn from(error: LedgerError) -> Self {
        NetworkError::Booking(error.into())
    }
}

fn is_unique_violation(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|e| e.is_unique_violation())
}

async fn answer(db: &Db, network_id: &str) -> Result<Authorization, NetworkError> {
    rows::find(db, network_id)
        .await?
        .ok_or(NetworkError::Unknown)
}

/// Decides an authorisation and, when approved, holds the money. A repeat of a message the bank
/// answered before answers the same.
pub async fn authorize(db: &Db, request: &Request<'_>) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    if let Some(done) = rows::by_network_id_in(&mut tx, request.network_id).await? {
        return Ok(done);
    }
    let card = rows::lock_card_in(&mut tx, db.backend, request.card_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    let day = london::day_of(request.at);
    let (control_on, daily_limit) =
        rows::control_in(&mut tx, request.card_id, request.kind).await?;
    let spent_today = rows::spent_on_in(&mut tx, request.card_id, request.kind, &day).await?;
    let (available, account_status) = rows::account_in(&mut tx, &card.ledger_account_id).await?;
    let restricted = rows::holder_restricted_in(&mut tx, request.card_id).await?;
    let expired = Expiry::parse_stored(&card.expiry)
        .is_none_or(|e| !e.is_valid_on(london::today(request.at)));
    let mut decision = controls::decide(Facts {
        status: if account_status.usable() && !restricted {
            card.status
        } else {
            CardStatus::Inactive
        },
        expired,
        control_on,
        daily_limit,
        spent_today,
        amount: request.amount,
        // A card in another currency than its account is not issued; the check is still here.
        available: if request.currency == Currency::Gbp {
            available
        } else {
            0
        },
    });
    let id = uuid::Uuid::new_v4().to_string();
    let mut hold_id = None;
    if decision.is_ok() {
        match ledger::place_hold(
            &mut tx,
            request.at,
            &card.ledger_account_id,
            request.amount,
            &format!("card:{id}"),
        )
        .await
        {
            Ok(hold) => hold_id = Some(hold),
            Err(LedgerError::InsufficientFunds) => decision = Err(DeclineReason::InsufficientFunds),
            Err(other) => return Err(other.into()),
        }
    }
    let transaction_id = transactions::insert(
        &mut tx,
        &NewTransaction {
            scheme: Some(TransactionScheme::Card),
            details: &authorization::details(request.kind, &request.acceptor.name),
            counterparty_name: Some(&request.acceptor.name),
            counterparty_type: Some(PayeeType::Company),
            acceptor: Some(request.acceptor),
            card_id: Some(request.card_id),
            ..NewTransaction::new(
                &card.bank_account_id,
                authorization::row_kind(request.kind),
                if decision.is_ok() {
                    TransactionStatus::Pending
                } else {
                    TransactionStatus::Declined
                },
                request.currency,
                -request.amount,
                request.at,
            )
        },
        None,
    )
    .await?;
    let inserted = rows::insert_in(
        &mut tx,
        &NewAuthorization {
            id: &id,
            network_id: request.network_id,
            card_id: request.card_id,
            bank_account_id: &card.bank_account_id,
            kind: request.kind,
            amount: request.amount,
            currency: request.currency,
            status: if decision.is_ok() {
                AuthorizationStatus::Pending
            } else {
                AuthorizationStatus::Declined
            },
            decline_reason: decision.err(),
            hold_id: hold_id.as_deref(),
            original_id: None,
            transaction_id: &transaction_id,
            acceptor: request.acceptor,
            day: &day,
            at: request.at,
            settled_at: None,
        },
    )
    .await;
    match inserted {
        Ok(()) => {}
        // The same message twice at once: the first answer stands.
        Err(error) if is_unique_violation(&error) => {
            drop(tx);
            return answer(db, request.network_id).await;
        }
        Err(error) => return Err(error.into()),
    }
    tx.commit().await?;
    answer(db, request.network_id).await
}

/// A pending authorisation with its hold and the customer's ledger account.
struct Open {
    auth: Authorization,
    hold_id: String,
    ledger_account_id: String,
}

/// The authorisation `network_id` names, with its card locked: open when it is still pending,
/// else as it was settled.
async fn pending(
    conn: &mut sqlx::AnyConnection,
    backend: store::Backend,
    network_id: &str,
) -> Result<Result<Open, Authorization>, NetworkError> {
    let auth = rows::by_network_id_in(conn, network_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    rows::lock_card_in(conn, backend, &auth.card_id).await?;
    // Re-read under the lock: another message may have settled it meanwhile.
    let auth = rows::by_network_id_in(conn, network_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    if auth.status != AuthorizationStatus::Pending {
        return Ok(Err(auth));
    }
    let (hold_id, ledger_account_id) = rows::hold_in(conn, &auth.id).await?;
    Ok(Ok(Open {
        auth,
        hold_id,
        ledger_account_id,
    }))
}

/// The merchant takes the money it was authorised for: the hold becomes a booking against the
/// card scheme's clearing account. Capturing twice books once.
pub async fn capture(db: &Db, network_id: &str, at: i64) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    let open = match pending(&mut tx, db.backend, network_id).await? {
        Ok(open) => open,
        Err(done) if done.status == AuthorizationStatus::Captured => return Ok(done),
        Err(done) => return Err(NetworkError::NotPending(done.status)),
    };
    let auth = &open.auth;
    ledger::release_hold(&mut tx, at, &open.hold_id).await?;
    let clearing = ledger::system_account(
        &mut tx,
        at,
        AccountKind::SchemeClearing,
        Some("card"),
        auth.currency,
    )
    .await?;
    let entry = Entry::transfer(
        &open.ledger_account_id,
        &clearing,
        auth.currency,
        auth.amount,
    )
    .map_err(BookingError::from)?;
    let booked = ledger::book(
        &mut tx,
        authorization::row_kind(auth.kind).as_str(),
        Some(&format!("card-capture:{}", auth.id)),
        &entry,
        at,
    )
    .await?;
    let posting = booked
        .on(&open.ledger_account_id)
        .expect("the entry posts to the customer");
    if let Some(transaction_id) = &auth.transaction_id {
        transactions::settle_pending(
            &mut tx,
            transaction_id,
            TransactionStatus::Completed,
            Some((&booked.entry_id, posting.balance_after, posting.account_seq)),
            at,
        )
        .await?;
    }
    rows::set_status_in(&mut tx, &auth.id, AuthorizationStatus::Captured, at).await?;
    tx.commit().await?;
    answer(db, network_id).await
}

/// The merchant lets the authorisation go: the money is free again.
pub async fn reverse(db: &Db, network_id: &str, at: i64) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    let open = match pending(&mut tx, db.backend, network_id).await? {
        Ok(open) => open,
        Err(done) if done.status == AuthorizationStatus::Reversed => return Ok(done),
        Err(done) => return Err(NetworkError::NotPending(done.status)),
    };
    ledger::release_hold(&mut tx, at, &open.hold_id).await?;
    if let Some(transaction_id) = &open.auth.transaction_id {
        transactions::settle_pending(
            &mut tx,
            transaction_id,
            TransactionStatus::Refunded,
            None,
            at,
        )
        .await?;
    }
    rows::set_status_in(&mut tx, &open.auth.id, AuthorizationStatus::Reversed, at).await?;
    tx.commit().await?;
    answer(db, network_id).await
}

/// The merchant gives money back for a captured payment, at most what is left of it.
pub async fn refund(
    db: &Db,
    network_id: &str,
    original_network_id: &str,
    amount: i64,
    at: i64,
) -> Result<Authorization, NetworkError> {
    let mut tx = db.begin_write().await?;
    if let Some(done) = rows::by_network_id_in(&mut tx, network_id).await? {
        return Ok(done);
    }
    let original = rows::by_network_id_in(&mut tx, original_network_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    let card = rows::lock_card_in(&mut tx, db.backend, &original.card_id)
        .await?
        .ok_or(NetworkError::Unknown)?;
    let refunded = rows::refunded_in(&mut tx, &original.id).await?;
    if !authorization::refund_allowed(original.status, original.amount, refunded, amount) {
        return Err(NetworkError::BadRefund);
    }
    let currency = original.currency;
    let clearing = ledger::system_account(
        &mut tx,
        at,
        AccountKind::SchemeClearing,
        Some("card"),
        currency,
    )
    .await?;
    let entry = Entry::transfer(&clearing, &card.ledger_account_id, currency, amount)
        .map_err(BookingError::from)?;
    let booked = ledger::book(
        &mut tx,
        "card_refund",
        Some(&format!("card-refund:{network_id}")),
        &entry,
        at,
    )
    .await?;
    let posting = booked
        .on(&card.ledger_account_id)
        .expect("the entry posts to the customer");
    let transaction_id = transactions::insert(
        &mut tx,
        &NewTransaction {
            scheme: Some(TransactionScheme::Card),
            details: &format!("Refund from {}", original.acceptor.name),
            counterparty_name: Some(&original.acceptor.name),
            counterparty_type: Some(PayeeType::Company),
            acceptor: Some(&original.acceptor),
            card_id: Some(&original.card_id),
            ..NewTransaction::new(
                &original.bank_account_id,
                TransactionType::CardRefund,
                TransactionStatus::Completed,
                currency,
                amount,
                at,
            )
        },
        Some((&booked.entry_id, posting.balance_after, posting.account_seq)),
    )
    .await?;
    rows::insert_in(
        &mut tx,
        &NewAuthorization {
            id: &uuid::Uuid::new_v4().to_string(),
            network_id,
            card_id: &original.card_id,
            bank_account_id: &original.bank_account_id,
            kind: original.kind,
            amount,
            currency,
            status: AuthorizationStatus::Refund,
            decline_reason: None,
            hold_id: None,
            original_id: Some(&original.id),
            transaction_id: &transaction_id,
            acceptor: &original.acceptor,
            day: &london::day_of(at),
            at,
            settled_at: Some(at),
        },
    )
    .await?;
    tx.commit().await?;
    answer(db, network_id).await
}

/// The open holds of a card, newest first, a page of them, and how many there are.
pub async fn holds(
    db: &Db,
    card_id: &CardId,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Authorization>, i64), sqlx::Error> {
    rows::holds(db, card_id, limit, offset).await
}

/// One authorisation of the card by its id.
pub async fn of_card(
    db: &Db,
    card_id: &CardId,
    id: &str,
) -> Result<Option<Authorization>, sqlx::Error> {
    Ok(rows::by_id(db, id.trim())
        .await?
        .filter(|auth| auth.card_id == card_id))
}
