//! The money movements of the bank, each booked through the ledger with the transaction rows the
//! customer sees, in one database transaction. Nothing else writes balances.

use crate::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use sqlx::AnyConnection;

use super::bank_accounts::BankAccount;
use super::ledger::{self, AccountKind, Booked, LedgerError};
use super::transactions::{self, Acceptor, NewTransaction};
use super::{Backend, Db};
use crate::domain::accounts::entry::{Entry, EntryError};
use crate::domain::accounts::status::AccountStatus;

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
    /// SPEC §3: private or company.
    pub kind: &'a str,
    pub account: Option<&'a str>,
}

/// Both accounts of a movement, their rows locked in one order (by id) whichever way the money
/// goes, so two opposite movements cannot deadlock.
async fn usable_both(
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
async fn usable(
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

fn side(booked: &Booked, ledger_account_id: &str) -> (String, i64, i64) {
    let posting = booked
        .on(ledger_account_id)
        .expect("the entry posts to the account it was booked for");
    (
        booked.entry_id.clone(),
        posting.balance_after,
        posting.account_seq,
    )
}

async fn insert_booked(
    conn: &mut AnyConnection,
    booked: &Booked,
    account: &BankAccount,
    new: &NewTransaction<'_>,
) -> Result<String, sqlx::Error> {
    let (entry, balance, seq) = side(booked, &account.ledger_account_id);
    transactions::insert(conn, new, Some((&entry, balance, seq))).await
}

/// A movement between one customer account and one of the bank's own accounts (a scheme's
/// clearing, fee income): a positive `amount` credits the customer, a negative one debits them.
/// `row` is what the customer sees of it.
async fn against_bank(
    db: &Db,
    account: &BankAccount,
    bank_side: (AccountKind, Option<&str>),
    amount: i64,
    entry_kind: &str,
    row: &NewTransaction<'_>,
) -> Result<String, BookingError> {
    let mut tx = db.begin_write().await?;
    // The bank's own charges (fees) are booked whatever the account's state; money from
    // outside and card payments need an account that is open for business.
    if entry_kind != "fee" {
        usable(&mut tx, db.backend, account).await?;
    }
    let (kind, scope) = bank_side;
    let bank =
        ledger::system_account(&mut tx, row.created_at, kind, scope, account.currency).await?;
    let customer = &account.ledger_account_id;
    let entry = if amount > 0 {
        Entry::transfer(&bank, customer, account.currency, amount)?
    } else {
        Entry::transfer(customer, &bank, account.currency, -amount)?
    };
    let booked = ledger::book(&mut tx, entry_kind, None, &entry, row.created_at).await?;
    let id = insert_booked(&mut tx, &booked, account, row).await?;
    tx.commit().await?;
    Ok(id)
}

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

/// A payment out through a scheme, with the bank's fee. The client's id makes it idempotent: a
/// retry answers the first transaction and books nothing.
#[allow(clippy::too_many_arguments)]
pub async fn outbound(
    db: &Db,
    account: &BankAccount,
    amount: i64,
    fee: i64,
    scheme: &str,
    payee: Party<'_>,
    reference: &str,
    at: i64,
    client_id: Option<&str>,
) -> Result<String, BookingError> {
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
        Ok((id, _)) => {
            tx.commit().await?;
            Ok(id)
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
    Scheme(&'a str),
    OnUs(&'a BankAccount),
}

pub struct TransferBooking<'a> {
    pub from: &'a BankAccount,
    pub to: PayeeSide<'a>,
    pub amount: i64,
    pub fee: i64,
    pub payee: Party<'a>,
    /// The scheme the customer chose, shown on the rows even when the bank settles in-house.
    pub scheme_shown: Option<&'a str>,
    /// How the payee sees the payer, when the payee banks here.
    pub payer_name: &'a str,
    pub reference: &'a str,
    /// The payer's row: pending until the scheme settles, completed when it already has.
    pub status: TransactionStatus,
    pub at: i64,
    pub key: Option<&'a str>,
}

/// Books a transfer with its fee in the caller's database transaction: the payer's row, and
/// the payee's when they bank here. `Duplicate` when the key was booked before (the caller rolls
/// back and answers the first result).
pub async fn transfer_in(
    conn: &mut AnyConnection,
    backend: super::Backend,
    b: &TransferBooking<'_>,
) -> Result<(String, Option<String>), BookingError> {
    let currency = b.from.currency;
    let (credit, scheme) = match b.to {
        PayeeSide::Scheme(scheme) => {
            usable(conn, backend, b.from).await?;
            let clearing = ledger::system_account(
                conn,
                b.at,
                AccountKind::SchemeClearing,
                Some(scheme),
                currency,
            )
            .await?;
            (clearing, scheme)
        }
        PayeeSide::OnUs(to) => {
            if to.currency != currency {
                return Err(BookingError::CurrencyMismatch);
            }
            usable_both(conn, backend, b.from, to).await?;
            (to.ledger_account_id.clone(), "internal")
        }
    };
    let fee_income =
        ledger::system_account(conn, b.at, AccountKind::FeeIncome, None, currency).await?;
    let entry = Entry::payment_out(
        &b.from.ledger_account_id,
        &credit,
        &fee_income,
        currency,
        b.amount,
        b.fee,
    )?;
    let booked = match ledger::book(conn, "outbound_payment", b.key, &entry, b.at).await {
        Ok(booked) => booked,
        Err(LedgerError::Duplicate { .. }) => return Err(BookingError::Duplicate),
        Err(other) => return Err(other.into()),
    };
    let scheme = match b.to {
        PayeeSide::Scheme(_) => scheme,
        // The customer chose the scheme; it is still what the row shows.
        PayeeSide::OnUs(_) => b.scheme_shown.unwrap_or(scheme),
    };
    let payer_row = insert_booked(
        conn,
        &booked,
        b.from,
        &NewTransaction {
            bank_account_id: &b.from.id,
            kind: TransactionType::Transfer,
            status: b.status,
            scheme: Some(scheme),
            currency: currency.code(),
            amount: -b.amount,
            fee: b.fee,
            details: b.reference,
            counterparty_name: Some(b.payee.name),
            counterparty_type: Some(b.payee.kind),
            counterparty_account: b.payee.account,
            created_at: b.at,
            ..Default::default()
        },
    )
    .await?;
    let payee_row = match b.to {
        PayeeSide::OnUs(to) => Some(
            insert_booked(
                conn,
                &booked,
                to,
                &NewTransaction {
                    bank_account_id: &to.id,
                    kind: TransactionType::Transfer,
                    status: TransactionStatus::Completed,
                    scheme: Some(scheme),
                    currency: currency.code(),
                    amount: b.amount,
                    details: b.reference,
                    counterparty_name: Some(b.payer_name),
                    counterparty_type: Some("company"),
                    counterparty_account: Some(&b.from.iban),
                    created_at: b.at,
                    ..Default::default()
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
    scheme: &str,
    amount: i64,
    fee: i64,
    details: &str,
    at: i64,
) -> Result<String, BookingError> {
    let currency = account.currency;
    let clearing = ledger::system_account(
        conn,
        at,
        AccountKind::SchemeClearing,
        Some(scheme),
        currency,
    )
    .await?;
    let fee_income =
        ledger::system_account(conn, at, AccountKind::FeeIncome, None, currency).await?;
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
            bank_account_id: &account.id,
            kind: TransactionType::Refund,
            status: TransactionStatus::Completed,
            scheme: Some(scheme),
            currency: currency.code(),
            amount: total,
            details,
            created_at: at,
            ..Default::default()
        },
    )
    .await?)
}

/// Money between two of the bank's customer accounts in one currency.
pub async fn internal(
    db: &Db,
    from: &BankAccount,
    to: &BankAccount,
    amount: i64,
    reference: &str,
    at: i64,
    client_id: Option<&str>,
) -> Result<String, BookingError> {
    if from.currency != to.currency {
        return Err(BookingError::CurrencyMismatch);
    }
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
        Err(LedgerError::Duplicate { .. }) => {
            tx.rollback().await?;
            return first_result(db, client_id.unwrap_or_default(), &from.id).await;
        }
        Err(other) => return Err(other.into()),
    };
    let base = NewTransaction {
        kind: TransactionType::Transfer,
        status: TransactionStatus::Completed,
        scheme: Some("internal"),
        currency: from.currency.code(),
        details: reference,
        counterparty_type: Some("private"),
        created_at: at,
        ..Default::default()
    };
    let id = insert_booked(
        &mut tx,
        &booked,
        from,
        &NewTransaction {
            bank_account_id: &from.id,
            amount: -amount,
            counterparty_name: Some(&to.name),
            counterparty_account: Some(&to.iban),
            ..base.clone()
        },
    )
    .await?;
    insert_booked(
        &mut tx,
        &booked,
        to,
        &NewTransaction {
            bank_account_id: &to.id,
            amount,
            counterparty_name: Some(&from.name),
            counterparty_account: Some(&from.iban),
            ..base
        },
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// The transaction a retried request first made, on the account it was made from.
async fn first_result(
    db: &Db,
    client_id: &str,
    bank_account_id: &str,
) -> Result<String, BookingError> {
    let mut conn = db.pool.acquire().await?;
    let entry = ledger::entry_for_key(&mut conn, client_id)
        .await?
        .ok_or_else(|| BookingError::Ledger("the first booking is not visible".into()))?;
    let (id,) = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM transactions WHERE entry_id = $1 AND bank_account_id = $2",
    )
    .bind(&entry)
    .bind(bank_account_id)
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// A card payment at a merchant, settled through the card scheme's clearing account.
pub async fn card_purchase(
    db: &Db,
    account: &BankAccount,
    amount: i64,
    acceptor: &Acceptor,
    at: i64,
) -> Result<String, BookingError> {
    let row = card_row(account, -amount, TransactionStatus::Completed, acceptor, at);
    let clearing = (AccountKind::SchemeClearing, Some("card"));
    against_bank(db, account, clearing, -amount, "card_purchase", &row).await
}

/// A card payment the bank refused: the customer sees it, no money moved.
pub async fn declined_card_purchase(
    db: &Db,
    account: &BankAccount,
    amount: i64,
    acceptor: &Acceptor,
    at: i64,
) -> Result<String, BookingError> {
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
        bank_account_id: &account.id,
        kind: TransactionType::CardPurchase,
        status,
        scheme: Some("card"),
        currency: account.currency.code(),
        amount,
        details: &acceptor.name,
        counterparty_name: Some(&acceptor.name),
        counterparty_type: Some("company"),
        acceptor: Some(acceptor),
        created_at: at,
        ..Default::default()
    }
}

/// A fee the bank charges to the account (monthly plan, card, and the like).
pub async fn fee(
    db: &Db,
    account: &BankAccount,
    amount: i64,
    details: &str,
    at: i64,
) -> Result<String, BookingError> {
    let row = NewTransaction {
        bank_account_id: &account.id,
        kind: TransactionType::Fee,
        status: TransactionStatus::Completed,
        currency: account.currency.code(),
        amount: -amount,
        details,
        created_at: at,
        ..Default::default()
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
    amount: i64,
    details: &str,
    at: i64,
) -> Result<String, BookingError> {
    usable(conn, backend, account).await?;
    let bank =
        ledger::system_account(conn, at, AccountKind::Rewards, None, account.currency).await?;
    let entry = Entry::transfer(&bank, &account.ledger_account_id, account.currency, amount)?;
    let booked = ledger::book(conn, "reward", None, &entry, at).await?;
    let row = NewTransaction {
        bank_account_id: &account.id,
        kind: TransactionType::SystemDeposit,
        status: TransactionStatus::Completed,
        currency: account.currency.code(),
        amount,
        details,
        created_at: at,
        ..Default::default()
    };
    Ok(insert_booked(conn, &booked, account, &row).await?)
}

/// A currency exchange between two of one profile's accounts, through the bank's FX position in
/// each currency: the rate is decided by the caller, the ledger only records what moved.
pub async fn convert(
    db: &Db,
    from: &BankAccount,
    to: &BankAccount,
    from_amount: i64,
    to_amount: i64,
    at: i64,
) -> Result<String, BookingError> {
    let mut tx = db.begin_write().await?;
    let conversion = Conversion {
        from,
        to,
        from_amount,
        to_amount,
        key: None,
        at,
    };
    let (id, _) = convert_in(&mut tx, db.backend, &conversion).await?;
    tx.commit().await?;
    Ok(id)
}

/// One conversion: what leaves `from`, what arrives in `to`.
pub struct Conversion<'a> {
    pub from: &'a BankAccount,
    pub to: &'a BankAccount,
    pub from_amount: i64,
    pub to_amount: i64,
    /// The ledger's idempotency key, when the conversion has a client id.
    pub key: Option<&'a str>,
    pub at: i64,
}

/// Books a conversion inside the caller's transaction: both legs in one ledger entry, a
/// transaction row for each account; answers the two rows' ids (from, to).
pub async fn convert_in(
    conn: &mut AnyConnection,
    backend: Backend,
    c: &Conversion<'_>,
) -> Result<(String, String), BookingError> {
    let (from, to) = (c.from, c.to);
    if from.currency == to.currency {
        return Err(BookingError::CurrencyMismatch);
    }
    usable_both(conn, backend, from, to).await?;
    let fx_from =
        ledger::system_account(conn, c.at, AccountKind::FxPosition, None, from.currency).await?;
    let fx_to =
        ledger::system_account(conn, c.at, AccountKind::FxPosition, None, to.currency).await?;
    let entry = Entry::conversion(
        (
            &from.ledger_account_id,
            &fx_from,
            from.currency,
            c.from_amount,
        ),
        (&to.ledger_account_id, &fx_to, to.currency, c.to_amount),
    )?;
    let booked = match ledger::book(conn, "currency_exchange", c.key, &entry, c.at).await {
        Err(LedgerError::Duplicate { .. }) => return Err(BookingError::Duplicate),
        other => other?,
    };
    let details = format!("Exchange {} to {}", from.currency, to.currency);
    let from_id = insert_booked(
        conn,
        &booked,
        from,
        &NewTransaction {
            bank_account_id: &from.id,
            kind: TransactionType::CurrencyExchange,
            status: TransactionStatus::Completed,
            currency: from.currency.code(),
            amount: -c.from_amount,
            conversion_currency: Some(to.currency.code()),
            conversion_amount_total: Some(c.to_amount),
            details: &details,
            created_at: c.at,
            ..Default::default()
        },
    )
    .await?;
    let to_id = insert_booked(
        conn,
        &booked,
        to,
        &NewTransaction {
            bank_account_id: &to.id,
            kind: TransactionType::CurrencyExchange,
            status: TransactionStatus::Completed,
            currency: to.currency.code(),
            amount: c.to_amount,
            conversion_currency: Some(from.currency.code()),
            conversion_amount_total: Some(c.from_amount),
            details: &details,
            created_at: c.at,
            ..Default::default()
        },
    )
    .await?;
    Ok((from_id, to_id))
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
