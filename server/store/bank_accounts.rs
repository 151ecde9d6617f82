//! Customers' bank accounts (SPEC §3 "Bank account"), each over one customer ledger account.

use sqlx::{AnyConnection, Row};

use super::ledger::{self, AccountKind, Balance};
use super::Db;
use crate::domain::accounts::identifiers;
use crate::domain::accounts::money::Currency;
use crate::domain::accounts::status::AccountStatus;
use crate::domain::ids::{AccountId, ProfileId};
use crate::domain::payments::limits::OwnLimit;

#[derive(Debug, Clone)]
pub struct BankAccount {
    pub id: AccountId,
    pub profile_id: ProfileId,
    pub ledger_account_id: String,
    pub currency: Currency,
    pub status: AccountStatus,
    pub is_primary: bool,
    pub iban: String,
    pub bic: String,
    pub sort_code: Option<String>,
    pub account_number: String,
    pub name: String,
    pub alias: Option<String>,
    pub created_at: i64,
    pub balance: Balance,
}

pub struct NewAccount<'a> {
    pub profile_id: &'a ProfileId,
    pub currency: Currency,
    pub name: &'a str,
    pub is_primary: bool,
    pub status: AccountStatus,
    /// For a pending account: when the background job may make it active.
    pub activates_at: Option<i64>,
    pub created_at: i64,
}

pub(super) const COLUMNS: &str =
    "b.id, b.profile_id, b.ledger_account_id, b.currency, b.status, b.is_primary, b.iban, \
     b.bic, b.sort_code, b.account_number, b.name, b.alias, b.created_at, l.balance, l.held";

fn from_row(row: &sqlx::any::AnyRow) -> Result<BankAccount, sqlx::Error> {
    from_columns(row, 0)
}

/// [`COLUMNS`] read from `row`, starting at column `first`.
fn from_columns(row: &sqlx::any::AnyRow, first: usize) -> Result<BankAccount, sqlx::Error> {
    let at = |n: usize| first + n;
    let currency: String = row.try_get(at(3))?;
    Ok(BankAccount {
        id: row.try_get(at(0))?,
        profile_id: row.try_get(at(1))?,
        ledger_account_id: row.try_get(at(2))?,
        currency: Currency::parse(&currency).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "currency".into(),
            source: format!("unknown currency {currency}").into(),
        })?,
        status: super::named("status", &row.try_get::<String, _>(at(4))?)?,
        is_primary: row.try_get::<i64, _>(at(5))? != 0,
        iban: row.try_get(at(6))?,
        bic: row.try_get(at(7))?,
        sort_code: row.try_get(at(8))?,
        account_number: row.try_get(at(9))?,
        name: row.try_get(at(10))?,
        alias: row.try_get(at(11))?,
        created_at: row.try_get(at(12))?,
        balance: Balance {
            booked: row.try_get(at(13))?,
            held: row.try_get(at(14))?,
        },
    })
}

/// Opens an account and its ledger account in the caller's transaction. GBP accounts get the
/// bank's sort code; every account gets an account number and the IBAN built from it.
pub async fn open(
    conn: &mut AnyConnection,
    new: &NewAccount<'_>,
) -> Result<AccountId, sqlx::Error> {
    let id = AccountId::fresh();
    let ledger_id = ledger::open_account(
        conn,
        new.created_at,
        AccountKind::Customer,
        &format!("customer:{id}"),
        new.currency,
    )
    .await?;
    // A random number can collide with an existing one; a few tries make that vanishingly rare.
    let mut attempts = 0;
    loop {
        attempts += 1;
        let number = identifiers::new_account_number();
        let iban = identifiers::gb_iban(&number);
        let inserted = sqlx::query(
            "INSERT INTO bank_accounts (id, profile_id, ledger_account_id, currency, status, is_primary, iban, bic, \
             sort_code, account_number, name, alias, created_at, activates_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, $12, $13)",
        )
        .bind(&id)
        .bind(new.profile_id)
        .bind(&ledger_id)
        .bind(new.currency.code())
        .bind(new.status.as_str())
        .bind(i64::from(new.is_primary))
        .bind(&iban)
        .bind(identifiers::BIC)
        .bind((new.currency == Currency::Gbp).then_some(identifiers::SORT_CODE))
        .bind(&number)
        .bind(new.name)
        .bind(new.created_at)
        .bind(new.activates_at)
        .execute(&mut *conn)
        .await;
        match inserted {
            Ok(_) => return Ok(id),
            Err(error)
                if attempts < 5
                    && error
                        .as_database_error()
                        .is_some_and(|e| e.is_unique_violation()) => {}
            Err(error) => return Err(error),
        }
    }
}

pub async fn for_profile(db: &Db, profile_id: &ProfileId) -> Result<Vec<BankAccount>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM bank_accounts b JOIN ledger_accounts l ON l.id = b.ledger_account_id \
         WHERE b.profile_id = $1 ORDER BY b.is_primary DESC, b.created_at, b.id"
    ))
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

pub async fn by_id(db: &Db, id: &AccountId) -> Result<Option<BankAccount>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    by_id_in(&mut conn, id).await
}

/// As [`by_id`], in the caller's transaction.
pub async fn by_id_in(
    conn: &mut AnyConnection,
    id: &AccountId,
) -> Result<Option<BankAccount>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM bank_accounts b JOIN ledger_accounts l ON l.id = b.ledger_account_id WHERE b.id = $1"
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// A paying account and what a payment from it is priced and limited by: the profile's own
/// fee for the scheme in the account's currency, its own limits there and its second-approval
/// threshold (each None where operations set none).
#[derive(Debug, Clone)]
pub struct Paying {
    pub account: BankAccount,
    pub own_fee: Option<i64>,
    pub own_limit: Option<OwnLimit>,
    pub threshold: Option<i64>,
}

/// What a paying account is read with besides [`COLUMNS`]: the profile's own fee for the scheme
/// (`$3`), its own limits and its approval threshold, each in the account's currency. `b` is the
/// account; a statement that joins it with others shares this.
pub(super) const PAYING_EXTRAS: &str = "\
     (SELECT f.fee FROM profile_fees f \
       WHERE f.profile_id = b.profile_id AND f.scheme = $3 AND f.currency = b.currency), \
     (SELECT m.per_transfer FROM profile_limits m \
       WHERE m.profile_id = b.profile_id AND m.currency = b.currency), \
     (SELECT m.daily FROM profile_limits m \
       WHERE m.profile_id = b.profile_id AND m.currency = b.currency), \
     (SELECT r.threshold FROM approval_rules r \
       WHERE r.profile_id = b.profile_id AND r.currency = b.currency)";

/// The profile's account `id` as it pays through `scheme`, read in one statement (a transfer's
/// submit reads it first; every round trip it saves is one the payer does not wait for).
pub async fn paying(
    db: &Db,
    id: &AccountId,
    profile_id: &ProfileId,
    scheme: Option<&str>,
) -> Result<Option<Paying>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS}, {PAYING_EXTRAS} \
         FROM bank_accounts b JOIN ledger_accounts l ON l.id = b.ledger_account_id \
         WHERE b.id = $1 AND b.profile_id = $2"
    ))
    .bind(id)
    .bind(profile_id)
    .bind(scheme)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(|row| paying_from(row, 0)).transpose()
}

/// [`COLUMNS`] and [`PAYING_EXTRAS`] read from `row`, starting at column `first`.
pub(super) fn paying_from(row: &sqlx::any::AnyRow, first: usize) -> Result<Paying, sqlx::Error> {
    let at = |n: usize| first + n;
    let own_limit = match (
        row.try_get::<Option<i64>, _>(at(16))?,
        row.try_get::<Option<i64>, _>(at(17))?,
    ) {
        (Some(per_transfer), Some(daily)) => Some(OwnLimit {
            per_transfer,
            daily,
        }),
        _ => None,
    };
    Ok(Paying {
        account: from_columns(row, first)?,
        own_fee: row.try_get(at(15))?,
        own_limit,
        threshold: row.try_get(at(18))?,
    })
}

/// The account a UK sort code and account number name.
pub async fn by_sort_code(
    db: &Db,
    sort_code: &str,
    account_number: &str,
) -> Result<Option<BankAccount>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM bank_accounts b JOIN ledger_accounts l ON l.id = b.ledger_account_id \
         WHERE b.sort_code = $1 AND b.account_number = $2"
    ))
    .bind(sort_code)
    .bind(account_number)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// Whether the profile has an account in the currency that is not closed.
pub async fn has_open_in(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    currency: Currency,
) -> Result<bool, sqlx::Error> {
    let found = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM bank_accounts WHERE profile_id = $1 AND currency = $2 AND status <> 'closed'",
    )
    .bind(profile_id)
    .bind(currency.code())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.is_some())
}

/// Makes pending accounts whose time has come active; answers how many.
pub async fn activate_due(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE bank_accounts SET status = 'active', activates_at = NULL \
         WHERE status = 'pending' AND activates_at IS NOT NULL AND activates_at <= $1",
    )
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected())
}

pub async fn set_status(db: &Db, id: &AccountId, status: AccountStatus) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE bank_accounts SET status = $1 WHERE id = $2")
        .bind(status.as_str())
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The account an IBAN (spaces ignored) or a UK account number names.
pub async fn by_iban_or_number(db: &Db, text: &str) -> Result<Option<BankAccount>, sqlx::Error> {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect::<String>()
        .to_uppercase();
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM bank_accounts b JOIN ledger_accounts l ON l.id = b.ledger_account_id \
         WHERE b.iban = $1 OR b.account_number = $1"
    ))
    .bind(&cleaned)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(from_row).transpose()
}
