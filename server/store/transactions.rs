//! The customer's view of money movements (SPEC §3 "Transaction"): one row per account touched,
//! written by `bookings` together with the journal entry it shows.

use futures_util::StreamExt;
use sqlx::{AnyConnection, Row};

use super::Db;
use crate::domain::accounts::money::Currency;
use crate::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};
use crate::domain::ids::{AccountId, CardId, TransactionId};
use crate::domain::paging::Paging;
use crate::domain::payments::recipient::PayeeType;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Acceptor {
    pub name: String,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub website: Option<String>,
    pub categories: Vec<String>,
    /// Grams of CO2 the purchase is estimated to have caused.
    pub co2emissions: Option<i64>,
    #[serde(rename = "logoUri")]
    pub logo_uri: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Transaction {
    pub id: TransactionId,
    pub bank_account_id: AccountId,
    pub entry_id: Option<String>,
    pub kind: TransactionType,
    pub status: TransactionStatus,
    pub scheme: Option<TransactionScheme>,
    pub currency: Currency,
    pub amount: i64,
    pub fee: i64,
    pub amount_total: i64,
    pub conversion_currency: Option<Currency>,
    pub conversion_amount_total: Option<i64>,
    pub details: String,
    pub counterparty_name: Option<String>,
    pub counterparty_type: Option<PayeeType>,
    pub counterparty_account: Option<String>,
    pub acceptor: Option<Acceptor>,
    pub balance_after: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone)]
pub struct NewTransaction<'a> {
    pub bank_account_id: &'a AccountId,
    pub kind: TransactionType,
    pub status: TransactionStatus,
    pub scheme: Option<TransactionScheme>,
    pub currency: Currency,
    pub amount: i64,
    pub fee: i64,
    pub conversion_currency: Option<Currency>,
    pub conversion_amount_total: Option<i64>,
    pub details: &'a str,
    pub counterparty_name: Option<&'a str>,
    pub counterparty_type: Option<PayeeType>,
    pub counterparty_account: Option<&'a str>,
    pub acceptor: Option<&'a Acceptor>,
    /// The card it was made with.
    pub card_id: Option<&'a CardId>,
    pub created_at: i64,
}

impl<'a> NewTransaction<'a> {
    /// A row with what every row has; the optional parts (scheme, fee, counterparty, card…) are
    /// set with struct update syntax. No currency is assumed: each row names its own.
    pub fn new(
        bank_account_id: &'a AccountId,
        kind: TransactionType,
        status: TransactionStatus,
        currency: Currency,
        amount: i64,
        created_at: i64,
    ) -> Self {
        Self {
            bank_account_id,
            kind,
            status,
            scheme: None,
            currency,
            amount,
            fee: 0,
            conversion_currency: None,
            conversion_amount_total: None,
            details: "",
            counterparty_name: None,
            counterparty_type: None,
            counterparty_account: None,
            acceptor: None,
            card_id: None,
            created_at,
        }
    }
}

const COLUMNS: &str =
    "id, bank_account_id, entry_id, type, status, scheme, currency, amount, fee, amount_total, \
     conversion_currency, conversion_amount_total, details, counterparty_name, counterparty_type, \
     counterparty_account, acceptor, balance_after, created_at";

fn from_row(row: &sqlx::any::AnyRow) -> Result<Transaction, sqlx::Error> {
    Ok(Transaction {
        id: row.try_get(0)?,
        bank_account_id: row.try_get(1)?,
        entry_id: row.try_get(2)?,
        kind: super::named_at(row, 3, "type")?,
        status: super::named_at(row, 4, "status")?,
        scheme: super::named_opt_at(row, 5, "scheme")?,
        currency: super::named_at(row, 6, "currency")?,
        amount: row.try_get(7)?,
        fee: row.try_get(8)?,
        amount_total: row.try_get(9)?,
        conversion_currency: super::named_opt_at(row, 10, "conversion_currency")?,
        conversion_amount_total: row.try_get(11)?,
        details: row.try_get(12)?,
        counterparty_name: row.try_get(13)?,
        counterparty_type: super::named_opt_at(row, 14, "counterparty_type")?,
        counterparty_account: row.try_get(15)?,
        acceptor: row
            .try_get::<Option<&str>, _>(16)?
            .map(|text| super::json("acceptor", text))
            .transpose()?,
        balance_after: row.try_get(17)?,
        created_at: row.try_get(18)?,
    })
}

/// Writes the row for one account's side of a movement. `booked` is the entry and where it left
/// the account's balance; a declined movement has none.
pub async fn insert(
    conn: &mut AnyConnection,
    new: &NewTransaction<'_>,
    booked: Option<(&str, i64, i64)>,
) -> Result<TransactionId, sqlx::Error> {
    let unwritten = Unwritten::new(new.clone(), booked);
    unwritten.insert(conn).await?;
    Ok(unwritten.id)
}

/// A row for one account's side of a movement with its id chosen and every value known, not yet
/// written: another statement can carry its INSERT ([`Unwritten::insert_sql`], as a transfer's
/// does on PostgreSQL), and [`Unwritten::row`] is the row as it is written, so no caller reads it
/// back.
pub struct Unwritten<'a> {
    id: TransactionId,
    new: NewTransaction<'a>,
    /// The entry, the balance after it and the posting's place on the account.
    booked: Option<(String, i64, i64)>,
    /// What the keyword search matches (`transactions_search_trgm`, the FTS5 table on SQLite).
    search_text: String,
}

impl<'a> Unwritten<'a> {
    pub fn new(new: NewTransaction<'a>, booked: Option<(&str, i64, i64)>) -> Self {
        let search_text = [
            new.counterparty_name.unwrap_or_default(),
            new.details,
            new.acceptor.map(|a| a.name.as_str()).unwrap_or_default(),
        ]
        .join(" ")
        .to_lowercase();
        Self {
            id: TransactionId::fresh(),
            new,
            booked: booked.map(|(entry, balance, seq)| (entry.to_string(), balance, seq)),
            search_text,
        }
    }

    pub fn id(&self) -> &TransactionId {
        &self.id
    }

    /// The row's INSERT, its 22 values numbered from `$first` as [`Unwritten::bind`] binds them.
    pub fn insert_sql(first: usize) -> String {
        let values: Vec<String> = (first..first + 22).map(|n| format!("${n}")).collect();
        format!(
            "INSERT INTO transactions ({COLUMNS}, account_seq, search_text, card_id) VALUES ({})",
            values.join(", ")
        )
    }

    pub fn bind<'q>(
        &'q self,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        let (new, booked) = (&self.new, self.booked.as_ref());
        query
            .bind(&self.id)
            .bind(new.bank_account_id)
            .bind(booked.map(|b| b.0.as_str()))
            .bind(new.kind.as_str())
            .bind(new.status.as_str())
            .bind(new.scheme.map(TransactionScheme::as_str))
            .bind(new.currency.code())
            .bind(new.amount)
            .bind(new.fee)
            .bind(self.amount_total())
            .bind(new.conversion_currency.map(Currency::code))
            .bind(new.conversion_amount_total)
            .bind(new.details)
            .bind(new.counterparty_name)
            .bind(new.counterparty_type.map(PayeeType::as_str))
            .bind(new.counterparty_account)
            .bind(
                new.acceptor
                    .map(|a| serde_json::to_string(a).unwrap_or_default()),
            )
            .bind(booked.map(|b| b.1))
            .bind(new.created_at)
            .bind(booked.map(|b| b.2))
            .bind(self.search_text.as_str())
            .bind(new.card_id)
    }

    /// Writes the row on its own. The account's transactions_count moves with it, by a trigger
    /// (the migrations named transactions_count_trigger).
    pub async fn insert(&self, conn: &mut AnyConnection) -> Result<Transaction, sqlx::Error> {
        let sql = Self::insert_sql(1);
        self.bind(sqlx::query(&sql)).execute(&mut *conn).await?;
        Ok(self.row())
    }

    /// The row as written (and as [`by_id`] reads it).
    pub fn row(&self) -> Transaction {
        let new = &self.new;
        Transaction {
            id: self.id.clone(),
            bank_account_id: new.bank_account_id.clone(),
            entry_id: self.booked.as_ref().map(|b| b.0.clone()),
            kind: new.kind,
            status: new.status,
            scheme: new.scheme,
            currency: new.currency,
            amount: new.amount,
            fee: new.fee,
            amount_total: self.amount_total(),
            conversion_currency: new.conversion_currency,
            conversion_amount_total: new.conversion_amount_total,
            details: new.details.to_string(),
            counterparty_name: new.counterparty_name.map(str::to_string),
            counterparty_type: new.counterparty_type,
            counterparty_account: new.counterparty_account.map(str::to_string),
            acceptor: new.acceptor.cloned(),
            balance_after: self.booked.as_ref().map(|b| b.1),
            created_at: new.created_at,
        }
    }

    /// The balance moves by the amount and the fee together.
    fn amount_total(&self) -> i64 {
        self.new.amount - self.new.fee
    }
}

/// SPEC §7 transactions fetch: one account's transactions, newest first, filtered.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub bank_account_id: AccountId,
    pub types: Vec<String>,
    /// Inclusive bounds in epoch milliseconds.
    pub from: Option<i64>,
    pub to: Option<i64>,
    pub keyword: Option<String>,
    /// Only what this card paid.
    pub card_id: Option<CardId>,
}

pub struct Page {
    pub results: Vec<Transaction>,
    /// How many match: exact, or when `capped` a lower bound (the matches counted).
    pub total: i64,
    /// More transactions match than `total`: a filtered count stops after `COUNTED` matches
    /// beyond the page, so a search in a long history costs a page's worth of reading.
    pub capped: bool,
}

/// How many matches past the page's start a filtered count reads before it stops. Counting the
/// 143,000 of a million transactions that name a coffee chain took a quarter to a third of a
/// second on PostgreSQL with or without a trigram index (every match is read); a thousand take a
/// few milliseconds, and are more than a person scrolls through.
pub const COUNTED: i64 = 1000;

/// How the keyword reaches the rows: through the search index (PostgreSQL's trigram index is
/// chosen by its planner; SQLite's FTS5 table is joined in front, which pays when the matches are
/// few) or by reading the account's rows newest first (which pays when they are many).
#[derive(Clone, Copy, PartialEq)]
enum Keyword {
    Indexed,
    Scanned,
}

/// The FROM and WHERE clauses and their values; `$1` is always the account.
fn conditions(
    filter: &Filter,
    backend: super::Backend,
    keyword_by: Keyword,
) -> (String, String, Vec<FilterValue>) {
    let mut from = String::from("transactions");
    let mut sql = String::from("bank_account_id = $1");
    let mut values = vec![FilterValue::Text(filter.bank_account_id.to_string())];
    if !filter.types.is_empty() {
        let mut marks = Vec::new();
        for kind in &filter.types {
            values.push(FilterValue::Text(kind.clone()));
            marks.push(format!("${}", values.len()));
        }
        sql.push_str(&format!(" AND type IN ({})", marks.join(", ")));
    }
    if let Some(card_id) = &filter.card_id {
        values.push(FilterValue::Text(card_id.to_string()));
        sql.push_str(&format!(" AND card_id = ${}", values.len()));
    }
    if let Some(from) = filter.from {
        values.push(FilterValue::Int(from));
        sql.push_str(&format!(" AND created_at >= ${}", values.len()));
    }
    if let Some(to) = filter.to {
        values.push(FilterValue::Int(to));
        sql.push_str(&format!(" AND created_at <= ${}", values.len()));
    }
    if let Some(keyword) = search_keyword(filter) {
        // FTS5's trigrams find keywords of three characters or more; shorter ones are read.
        if backend == super::Backend::Sqlite
            && keyword_by == Keyword::Indexed
            && keyword.chars().count() >= 3
        {
            // A phrase of the keyword's trigrams: exactly the rows containing it. CROSS JOIN keeps
            // SQLite from walking the account first and probing the matches.
            from = "transactions_search CROSS JOIN transactions \
                    ON transactions.id = transactions_search.transaction_id"
                .to_string();
            values.push(FilterValue::Text(format!(
                "\"{}\"",
                keyword.replace('"', "\"\"")
            )));
            sql.push_str(&format!(" AND transactions_search MATCH ${}", values.len()));
        } else {
            // LIKE's own wildcards in the keyword match themselves.
            let escaped = keyword
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            values.push(FilterValue::Text(format!("%{escaped}%")));
            sql.push_str(&format!(
                " AND search_text LIKE ${} ESCAPE '\\'",
                values.len()
            ));
        }
    }
    (from, sql, values)
}

/// The keyword as the rows' search text holds it (lower case), when there is one.
fn search_keyword(filter: &Filter) -> Option<String> {
    filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_lowercase)
}

enum FilterValue {
    Text(String),
    Int(i64),
}

fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    values: &'q [FilterValue],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for value in values {
        query = match value {
            FilterValue::Text(text) => query.bind(text.as_str()),
            FilterValue::Int(number) => query.bind(*number),
        };
    }
    query
}

pub async fn fetch(db: &Db, filter: &Filter, paging: Paging) -> Result<Page, sqlx::Error> {
    let order = format!(
        "ORDER BY created_at DESC, id DESC LIMIT {} OFFSET {}",
        paging.limit(),
        paging.offset()
    );
    let list = |columns: &str, from: &str, conditions: &str| {
        format!("SELECT {columns} FROM {from} WHERE {conditions} {order}")
    };
    let (from, conditions, values) = self::conditions(filter, db.backend, Keyword::Indexed);
    // Unfiltered, the account's counter answers; counting a long history on every first page
    // would cost a scan of its index. It comes with the page's rows, in the same statement (and
    // so the same snapshot); only a page past the end, which has no rows, asks for it alone.
    if values.len() == 1 {
        let rows = bind_all(
            sqlx::query(&list(
                &format!(
                    "{COLUMNS}, (SELECT a.transactions_count FROM bank_accounts a WHERE a.id = $1) \
                     AS account_total"
                ),
                &from,
                &conditions,
            )),
            &values,
        )
        .fetch_all(&db.pool)
        .await?;
        let total = match rows.first() {
            Some(row) => row.try_get::<i64, _>("account_total")?,
            None => {
                sqlx::query_as::<_, (i64,)>(
                    "SELECT transactions_count FROM bank_accounts WHERE id = $1",
                )
                .bind(filter.bank_account_id.as_str())
                .fetch_one(&db.pool)
                .await?
                .0
            }
        };
        return page(&rows, total, false);
    }
    // Filtered: the newest matches up to the page's start and COUNTED more, counted, and the
    // page taken from them. Not prepared for reuse, so PostgreSQL plans each search for its own
    // keyword: a rare word is best found through the trigram index, a common one by walking the
    // account newest first, and a generic plan cannot tell which it has. Ordered, so a filter
    // whose matches all lie in the past is never read by a scan that hopes to meet them soon.
    //
    // SQLite takes its matches from the FTS5 table unordered (ordering would sort them all):
    // when they are more than the count reaches, the page is found by walking the account.
    let reach = paging.offset() + COUNTED;
    let ordered = db.backend == super::Backend::Postgres;
    let matched = |columns: &str| {
        format!(
            "SELECT {columns} FROM {from} WHERE {conditions} {} LIMIT {}",
            if ordered {
                "ORDER BY created_at DESC, id DESC"
            } else {
                ""
            },
            reach + 1
        )
    };
    let counted: i64 = bind_all(
        sqlx::query(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM ({}) AS matched",
            matched(if ordered { "created_at, id" } else { "1" })
        )),
        &values,
    )
    .persistent(false)
    .fetch_one(&db.pool)
    .await?
    .try_get(0)?;
    let capped = counted > reach;
    if ordered || !capped {
        let rows = bind_all(
            sqlx::query(&format!(
                "SELECT * FROM ({}) AS matched {order}",
                matched(COLUMNS)
            )),
            &values,
        )
        .persistent(false)
        .fetch_all(&db.pool)
        .await?;
        return page(&rows, counted.min(reach), capped);
    }
    let (from, conditions, values) = self::conditions(filter, db.backend, Keyword::Scanned);
    let rows = bind_all(sqlx::query(&list(COLUMNS, &from, &conditions)), &values)
        .persistent(false)
        .fetch_all(&db.pool)
        .await?;
    page(&rows, reach, true)
}

fn page(rows: &[sqlx::any::AnyRow], total: i64, capped: bool) -> Result<Page, sqlx::Error> {
    Ok(Page {
        results: rows.iter().map(from_row).collect::<Result<_, _>>()?,
        total,
        capped,
    })
}

/// Books a pending row (a card payment held until it is captured) with its entry, as of `at`:
/// the booking date, so the statement's running balance follows the ledger's order. Answers
/// false when the row was not pending any more.
pub async fn settle_pending(
    conn: &mut AnyConnection,
    id: &str,
    status: TransactionStatus,
    booked: Option<(&str, i64, i64)>,
    at: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE transactions SET status = $1, entry_id = $2, balance_after = $3, account_seq = $4, \
         created_at = $5 WHERE id = $6 AND status = 'pending'",
    )
    .bind(status.as_str())
    .bind(booked.map(|b| b.0))
    .bind(booked.map(|b| b.1))
    .bind(booked.map(|b| b.2))
    .bind(at)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn by_id(db: &Db, id: &TransactionId) -> Result<Option<Transaction>, sqlx::Error> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM transactions WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(from_row).transpose()
}

/// A statement's frame in one statement: the account's balance just before `from` and at the
/// end of `to` (each the running balance of its last booked transaction earlier than that, or
/// zero), and how many booked transactions lie between (inclusive bounds, epoch milliseconds).
pub async fn statement_frame(
    db: &Db,
    bank_account_id: &AccountId,
    from: i64,
    to: i64,
) -> Result<(i64, i64, i64), sqlx::Error> {
    sqlx::query_as::<_, (i64, i64, i64)>(
        "SELECT \
         COALESCE((SELECT balance_after FROM transactions WHERE bank_account_id = $1 \
           AND created_at < $2 AND balance_after IS NOT NULL \
           ORDER BY created_at DESC, account_seq DESC LIMIT 1), 0), \
         COALESCE((SELECT balance_after FROM transactions WHERE bank_account_id = $1 \
           AND created_at < $3 AND balance_after IS NOT NULL \
           ORDER BY created_at DESC, account_seq DESC LIMIT 1), 0), \
         CAST((SELECT COUNT(*) FROM transactions WHERE bank_account_id = $1 \
           AND created_at >= $2 AND created_at < $3 AND balance_after IS NOT NULL) AS BIGINT)",
    )
    .bind(bank_account_id)
    .bind(from)
    .bind(to + 1)
    .fetch_one(&db.pool)
    .await
}

/// The booked transactions of a statement period, oldest first. They arrive through a small
/// channel from a task reading the database row by row, so a long period never sits in memory
/// at once and a slow download slows the reading down.
pub fn booked_between(
    db: &Db,
    bank_account_id: AccountId,
    from: i64,
    to: i64,
) -> tokio::sync::mpsc::Receiver<Result<Transaction, sqlx::Error>> {
    let (sender, receiver) = tokio::sync::mpsc::channel(256);
    let pool = db.pool.clone();
    tokio::spawn(async move {
        let sql = format!(
            "SELECT {COLUMNS} FROM transactions WHERE bank_account_id = $1 AND created_at >= $2 \
             AND created_at <= $3 AND balance_after IS NOT NULL ORDER BY created_at, account_seq"
        );
        let mut rows = sqlx::query(&sql)
            .bind(bank_account_id)
            .bind(from)
            .bind(to)
            .fetch(&pool);
        while let Some(row) = rows.next().await {
            let item = row.and_then(|row| from_row(&row));
            let failed = item.is_err();
            if sender.send(item).await.is_err() || failed {
                break;
            }
        }
    });
    receiver
}

/// Money booked into an account from `from` on (ms): when and how much, oldest first.
pub async fn money_in_since(
    db: &Db,
    bank_account_id: &AccountId,
    from: i64,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (i64, i64)>(
        "SELECT created_at, amount FROM transactions WHERE bank_account_id = $1 \
         AND created_at >= $2 AND amount > 0 AND balance_after IS NOT NULL ORDER BY created_at",
    )
    .bind(bank_account_id)
    .bind(from)
    .fetch_all(&db.pool)
    .await
}
