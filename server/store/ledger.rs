//! Books journal entries (DESIGN.md §5): the entry, its postings and every balance change in the
//! caller's database transaction, so they land together or not at all. A customer account never
//! goes below zero: the balance update itself carries the condition, so concurrent debits are
//! decided by the database's row lock (PostgreSQL) or write lock (SQLite), not by an earlier read.

use sqlx::AnyConnection;

use crate::domain::accounts::entry::Entry;
use crate::domain::accounts::money::Currency;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountKind {
    Customer,
    FeeIncome,
    FxPosition,
    SchemeClearing,
    Suspense,
    /// What the bank pays out in rewards (the card referral programme): an expense.
    Rewards,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Customer => "customer",
            AccountKind::FeeIncome => "fee_income",
            AccountKind::FxPosition => "fx_position",
            AccountKind::SchemeClearing => "scheme_clearing",
            AccountKind::Suspense => "suspense",
            AccountKind::Rewards => "rewards",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    #[error("insufficient funds")]
    InsufficientFunds,
    #[error("ledger account {0} does not exist or is in another currency")]
    WrongAccount(String),
    /// The key was booked before (or by a concurrent transaction that committed first); the
    /// caller's transaction is still usable, and the first entry is found by its key.
    #[error("an entry with this idempotency key exists")]
    Duplicate,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Where one posting left its account.
#[derive(Debug, Clone)]
pub struct BookedPosting {
    pub account_id: String,
    pub balance_after: i64,
    pub account_seq: i64,
}

#[derive(Debug, Clone)]
pub struct Booked {
    pub entry_id: String,
    pub postings: Vec<BookedPosting>,
}

impl Booked {
    pub fn on(&self, account_id: &str) -> Option<&BookedPosting> {
        self.postings.iter().find(|p| p.account_id == account_id)
    }
}

/// Opens a ledger account with a zero balance.
pub async fn open_account(
    conn: &mut AnyConnection,
    now: i64,
    kind: AccountKind,
    code: &str,
    currency: Currency,
) -> Result<String, sqlx::Error> {
    insert_account(conn, now, kind, code, currency, "").await
}

/// A new zero-balance account's row; `then` ends the statement (a conflict clause, or nothing).
async fn insert_account(
    conn: &mut AnyConnection,
    now: i64,
    kind: AccountKind,
    code: &str,
    currency: Currency,
    then: &str,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(&format!(
        "INSERT INTO ledger_accounts (id, kind, code, currency, balance, held, postings_count, created_at) \
         VALUES ($1, $2, $3, $4, 0, 0, 0, $5){then}"
    ))
    .bind(&id)
    .bind(kind.as_str())
    .bind(code)
    .bind(currency.code())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// The bank's own account of a kind and currency (fee income, FX position, suspense), or a
/// scheme's clearing account, opened on first use. `scope` names the scheme for clearing.
pub async fn system_account(
    conn: &mut AnyConnection,
    now: i64,
    kind: AccountKind,
    scope: Option<&str>,
    currency: Currency,
) -> Result<String, sqlx::Error> {
    let [id] = system_accounts(conn, now, [(kind, scope)], currency, 0).await?;
    Ok(id)
}

/// How many rows the bank's accounts that every transfer touches (a scheme's clearing, fee
/// income) are spread over. Each row is locked by a booking until its transaction commits, so
/// with one row every transfer of every customer would wait for the one before; the account's
/// balance is the sum of its rows.
pub const SHARDS: u32 = 16;

/// The row of a spread account that bookings for `key` (a customer's ledger account) use:
/// stable across processes and releases (FNV-1a), so a transfer's return finds the rows its
/// making used.
pub fn shard_of(key: &str) -> u32 {
    let hash = key.bytes().fold(0x811c_9dc5_u32, |hash, byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    });
    hash % SHARDS
}

/// The bank's own accounts of these kinds in one currency, on row `shard` of each (0 is the
/// account's first row, `code`; shard n is `code#n`), each opened on first use, in the order
/// asked; looked up together in one statement.
pub async fn system_accounts<const N: usize>(
    conn: &mut AnyConnection,
    now: i64,
    wanted: [(AccountKind, Option<&str>); N],
    currency: Currency,
    shard: u32,
) -> Result<[String; N], sqlx::Error> {
    let codes: [String; N] = std::array::from_fn(|n| {
        let (kind, scope) = wanted[n];
        let code = match scope {
            Some(scope) => format!("{}:{scope}:{}", kind.as_str(), currency.code()),
            None => format!("{}:{}", kind.as_str(), currency.code()),
        };
        if shard == 0 {
            code
        } else {
            format!("{code}#{shard}")
        }
    });
    // In a write group, ids known committed are not looked up again.
    if let Some(ids) = super::system_ids::known(&codes) {
        return Ok(ids);
    }
    let placeholders: Vec<String> = (1..=codes.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT code, id FROM ledger_accounts WHERE code IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as::<_, (String, String)>(&sql);
    for code in &codes {
        query = query.bind(code);
    }
    // Opened once, used on every booking: looked up first.
    let found = query.fetch_all(&mut *conn).await?;
    super::system_ids::read(&found);
    let mut ids: [String; N] = std::array::from_fn(|_| String::new());
    for (((kind, _), code), id) in wanted.iter().zip(&codes).zip(ids.iter_mut()) {
        *id = match found.iter().find(|(c, _)| c == code) {
            Some((_, found)) => found.clone(),
            None => open_system_account(conn, now, *kind, code, currency).await?,
        };
    }
    Ok(ids)
}

async fn open_system_account(
    conn: &mut AnyConnection,
    now: i64,
    kind: AccountKind,
    code: &str,
    currency: Currency,
) -> Result<String, sqlx::Error> {
    // Another transaction may open it first: its row is the one to use.
    insert_account(
        conn,
        now,
        kind,
        code,
        currency,
        " ON CONFLICT (code) DO NOTHING",
    )
    .await?;
    let (id,) = sqlx::query_as::<_, (String,)>("SELECT id FROM ledger_accounts WHERE code = $1")
        .bind(code)
        .fetch_one(&mut *conn)
        .await?;
    Ok(id)
}

/// Books an entry. With an idempotency key, a second booking under the same key is refused
/// (`Duplicate`), so a retried request never moves money twice.
pub async fn book(
    conn: &mut AnyConnection,
    kind: &str,
    idempotency_key: Option<&str>,
    entry: &Entry,
    booked_at: i64,
) -> Result<Booked, LedgerError> {
    let entry_id = uuid::Uuid::new_v4().to_string();
    let postings = entry.postings();
    // Lock accounts in one order everywhere (by id, byte by byte), so two entries over the same
    // accounts cannot deadlock on PostgreSQL.
    let mut order: Vec<usize> = (0..postings.len()).collect();
    order.sort_by(|a, b| postings[*a].account_id.cmp(&postings[*b].account_id));
    let repeats = order
        .windows(2)
        .any(|w| postings[w[0]].account_id == postings[w[1]].account_id);
    let opening = Opening {
        entry_id: &entry_id,
        kind,
        idempotency_key,
        booked_at,
    };
    // On PostgreSQL the entry's row, the balances and the postings are written by one statement
    // (one round trip while the accounts are locked, instead of one for the entry, one per
    // posting and one for the postings). An account twice in one entry needs its postings one
    // after the other.
    let moved = if super::Backend::of(conn) == super::Backend::Postgres && !repeats {
        book_at_once(conn, &opening, entry, &order).await?
    } else {
        open_entry(conn, &opening).await?;
        post_one_by_one(conn, &entry_id, entry, &order).await?
    };
    let booked = order
        .iter()
        .zip(moved)
        .map(|(index, (balance_after, account_seq))| BookedPosting {
            account_id: postings[*index].account_id.clone(),
            balance_after,
            account_seq,
        })
        .collect();
    Ok(Booked {
        entry_id,
        postings: booked,
    })
}

/// An entry's journal row, to be written under its key.
struct Opening<'a> {
    entry_id: &'a str,
    kind: &'a str,
    idempotency_key: Option<&'a str>,
    booked_at: i64,
}

/// The journal row written on its own (`Duplicate` when the key was booked before).
async fn open_entry(conn: &mut AnyConnection, opening: &Opening<'_>) -> Result<(), LedgerError> {
    // A key booked before inserts nothing; one being booked by a concurrent transaction is
    // waited for, then inserts nothing (PostgreSQL), so no transaction is aborted by it.
    let inserted = sqlx::query(&format!("{OPEN} ON CONFLICT DO NOTHING"))
        .bind(opening.entry_id)
        .bind(opening.kind)
        .bind(opening.idempotency_key)
        .bind(opening.booked_at)
        .execute(&mut *conn)
        .await?;
    if inserted.rows_affected() == 0 {
        return Err(LedgerError::Duplicate);
    }
    Ok(())
}

/// The journal row's INSERT: its id, kind, key and time are `$1` to `$4`.
const OPEN: &str =
    "INSERT INTO journal_entries (id, kind, idempotency_key, booked_at) VALUES ($1, $2, $3, $4)";

/// The statement of [`book_at_once`] for an entry of `postings`: the journal row's id, kind, key
/// and time are `$1` to `$4` (see [`OPEN`]), then come each posting's place, account, currency
/// and amount. Nothing is locked or moved when the key was booked before (`opened` is empty);
/// the accounts are locked by their ids (the primary key, whatever the planner thinks of the
/// values), and each balance moved through the same key. Its rows: how many journal rows were
/// written (0 or 1), then each moved posting's place, balance and account_seq (none when no
/// balance moved).
pub fn book_at_once_sql(postings: usize) -> String {
    let moves: Vec<String> = (0..postings)
        .map(|k| {
            let n = 5 + 4 * k;
            format!(
                "(${}::bigint, ${}::text, ${}::text, ${}::bigint)",
                n,
                n + 1,
                n + 2,
                n + 3
            )
        })
        .collect();
    let ids: Vec<String> = (0..postings).map(|k| format!("${}", 6 + 4 * k)).collect();
    format!(
        "WITH opened AS ({OPEN} ON CONFLICT DO NOTHING RETURNING id), \
         locked AS MATERIALIZED ( \
             SELECT id FROM ledger_accounts WHERE id IN ({ids}) AND EXISTS (SELECT 1 FROM opened) \
             ORDER BY id COLLATE \"C\" FOR UPDATE), \
         moved AS ( \
             UPDATE ledger_accounts a \
             SET balance = a.balance + m.amount, postings_count = a.postings_count + 1 \
             FROM (VALUES {moves}) AS m (seq, account_id, currency, amount), locked l \
             WHERE a.id IN ({ids}) AND a.id = m.account_id AND l.id = a.id \
             AND a.currency = m.currency \
             AND (a.kind <> 'customer' OR m.amount >= 0 OR a.balance + m.amount - a.held >= 0) \
             RETURNING m.seq, m.account_id, m.currency, m.amount, a.balance, a.postings_count), \
         posted AS ( \
             INSERT INTO postings \
             (entry_id, seq, account_id, currency, amount, balance_after, account_seq) \
             SELECT $1, seq, account_id, currency, amount, balance, postings_count FROM moved) \
         SELECT o.written, m.seq, m.balance, m.postings_count \
         FROM (SELECT count(*) AS written FROM opened) o LEFT JOIN moved m ON true",
        ids = ids.join(", "),
        moves = moves.join(", ")
    )
}

/// Each account's balance after its posting and its posting's place, in `order`.
type Moved = Vec<(i64, i64)>;

/// The balances moved and the postings written by one statement per posting and one for the
/// postings (SQLite, where a statement is no round trip, and an entry that posts to one account
/// twice).
async fn post_one_by_one(
    conn: &mut AnyConnection,
    entry_id: &str,
    entry: &Entry,
    order: &[usize],
) -> Result<Moved, LedgerError> {
    let mut moved = Vec::with_capacity(order.len());
    for index in order {
        let posting = &entry.postings()[*index];
        let row = sqlx::query_as::<_, (i64, i64)>(
            "UPDATE ledger_accounts SET balance = balance + $1, postings_count = postings_count + 1 \
             WHERE id = $2 AND currency = $3 \
             AND (kind <> 'customer' OR $1 >= 0 OR balance + $1 - held >= 0) \
             RETURNING balance, postings_count",
        )
        .bind(posting.amount)
        .bind(&posting.account_id)
        .bind(posting.currency.code())
        .fetch_optional(&mut *conn)
        .await?;
        let Some(row) = row else {
            return Err(refusal(conn, &posting.account_id, posting.currency).await?);
        };
        moved.push(row);
    }
    let mut sql = String::from(
        "INSERT INTO postings (entry_id, seq, account_id, currency, amount, balance_after, account_seq) VALUES ",
    );
    for k in 0..order.len() {
        let n = 7 * k;
        if k > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!(
            "(${}, ${}, ${}, ${}, ${}, ${}, ${})",
            n + 1,
            n + 2,
            n + 3,
            n + 4,
            n + 5,
            n + 6,
            n + 7
        ));
    }
    let mut insert = sqlx::query(&sql);
    for (index, (balance_after, account_seq)) in order.iter().zip(&moved) {
        let posting = &entry.postings()[*index];
        insert = insert
            .bind(entry_id)
            .bind(*index as i64)
            .bind(&posting.account_id)
            .bind(posting.currency.code())
            .bind(posting.amount)
            .bind(*balance_after)
            .bind(*account_seq);
    }
    insert.execute(&mut *conn).await?;
    Ok(moved)
}

/// The same in one PostgreSQL statement with the journal row ([`book_at_once_sql`]): the
/// accounts locked in id order (`locked`, a sort under the lock, byte order as in [`book`]), each
/// balance moved under the same condition as one by one, and a posting written for each balance
/// that moved. When a condition fails, fewer balances move than the entry has postings; the
/// first account in `order` that did not move is refused, and the caller's transaction, which
/// must roll back on any error, undoes the rest.
async fn book_at_once(
    conn: &mut AnyConnection,
    opening: &Opening<'_>,
    entry: &Entry,
    order: &[usize],
) -> Result<Moved, LedgerError> {
    let sql = book_at_once_sql(order.len());
    let mut query = sqlx::query_as::<_, (i64, Option<i64>, Option<i64>, Option<i64>)>(&sql)
        .bind(opening.entry_id)
        .bind(opening.kind)
        .bind(opening.idempotency_key)
        .bind(opening.booked_at);
    for index in order {
        let posting = &entry.postings()[*index];
        query = query
            .bind(*index as i64)
            .bind(&posting.account_id)
            .bind(posting.currency.code())
            .bind(posting.amount);
    }
    let rows = query.fetch_all(&mut *conn).await?;
    if rows.first().is_none_or(|(written, ..)| *written == 0) {
        return Err(LedgerError::Duplicate);
    }
    let mut moved = Vec::with_capacity(order.len());
    for index in order {
        let found = rows.iter().find_map(|row| match row {
            (_, Some(seq), Some(balance_after), Some(account_seq)) if *seq == *index as i64 => {
                Some((*balance_after, *account_seq))
            }
            _ => None,
        });
        match found {
            Some(posted) => moved.push(posted),
            None => {
                let posting = &entry.postings()[*index];
                return Err(refusal(conn, &posting.account_id, posting.currency).await?);
            }
        }
    }
    Ok(moved)
}

pub async fn entry_for_key(
    conn: &mut AnyConnection,
    key: &str,
) -> Result<Option<String>, sqlx::Error> {
    Ok(
        sqlx::query_as::<_, (String,)>("SELECT id FROM journal_entries WHERE idempotency_key = $1")
            .bind(key)
            .fetch_optional(&mut *conn)
            .await?
            .map(|(id,)| id),
    )
}

/// Why a balance update matched no row: the account is missing or in another currency, or the
/// debit would take a customer below zero.
async fn refusal(
    conn: &mut AnyConnection,
    account_id: &str,
    currency: Currency,
) -> Result<LedgerError, sqlx::Error> {
    let found = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM ledger_accounts WHERE id = $1 AND currency = $2",
    )
    .bind(account_id)
    .bind(currency.code())
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match found {
        Some(_) => LedgerError::InsufficientFunds,
        None => LedgerError::WrongAccount(account_id.to_string()),
    })
}

/// Reserves money on a customer account (cards' authorisations): the available balance drops,
/// the booked balance does not.
pub async fn place_hold(
    conn: &mut AnyConnection,
    now: i64,
    account_id: &str,
    amount: i64,
    reference: &str,
) -> Result<String, LedgerError> {
    assert!(amount > 0, "a hold reserves a positive amount");
    let updated = sqlx::query(
        "UPDATE ledger_accounts SET held = held + $1 WHERE id = $2 AND balance - held - $1 >= 0",
    )
    .bind(amount)
    .bind(account_id)
    .execute(&mut *conn)
    .await?;
    if updated.rows_affected() != 1 {
        return Err(LedgerError::InsufficientFunds);
    }
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO holds (id, account_id, amount, reference, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&id)
    .bind(account_id)
    .bind(amount)
    .bind(reference)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// Releases an open hold; answers false when it was already released.
pub async fn release_hold(
    conn: &mut AnyConnection,
    now: i64,
    hold_id: &str,
) -> Result<bool, sqlx::Error> {
    let row = sqlx::query_as::<_, (String, i64)>(
        "UPDATE holds SET released_at = $1 WHERE id = $2 AND released_at IS NULL RETURNING account_id, amount",
    )
    .bind(now)
    .bind(hold_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((account_id, amount)) = row else {
        return Ok(false);
    };
    sqlx::query("UPDATE ledger_accounts SET held = held - $1 WHERE id = $2")
        .bind(amount)
        .bind(&account_id)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balance {
    pub booked: i64,
    pub held: i64,
}

impl Balance {
    pub fn available(self) -> i64 {
        self.booked - self.held
    }
}

pub async fn balance(conn: &mut AnyConnection, account_id: &str) -> Result<Balance, sqlx::Error> {
    let (booked, held) =
        sqlx::query_as::<_, (i64, i64)>("SELECT balance, held FROM ledger_accounts WHERE id = $1")
            .bind(account_id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(Balance { booked, held })
}

/// The ledger's invariants (DESIGN.md §5), each broken one described. Empty means sound.
pub async fn check_invariants(conn: &mut AnyConnection) -> Result<Vec<String>, sqlx::Error> {
    let mut broken = Vec::new();
    let unbalanced = sqlx::query_as::<_, (String, String, i64)>(
        "SELECT entry_id, currency, CAST(SUM(amount) AS BIGINT) FROM postings \
         GROUP BY entry_id, currency HAVING SUM(amount) <> 0",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (entry, currency, sum) in unbalanced {
        broken.push(format!("entry {entry}: {currency} postings sum to {sum}"));
    }
    let totals = sqlx::query_as::<_, (String, i64)>(
        "SELECT currency, CAST(SUM(balance) AS BIGINT) FROM ledger_accounts GROUP BY currency HAVING SUM(balance) <> 0",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (currency, sum) in totals {
        broken.push(format!("{currency} balances sum to {sum}, not zero"));
    }
    let cached = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT a.code, a.balance, CAST(COALESCE(SUM(p.amount), 0) AS BIGINT) FROM ledger_accounts a \
         LEFT JOIN postings p ON p.account_id = a.id GROUP BY a.id, a.code, a.balance \
         HAVING a.balance <> COALESCE(SUM(p.amount), 0)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (code, balance, postings) in cached {
        broken.push(format!(
            "{code}: cached balance {balance}, postings sum {postings}"
        ));
    }
    let held = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT a.code, a.held, CAST(COALESCE(SUM(h.amount), 0) AS BIGINT) FROM ledger_accounts a \
         LEFT JOIN holds h ON h.account_id = a.id AND h.released_at IS NULL GROUP BY a.id, a.code, a.held \
         HAVING a.held <> COALESCE(SUM(h.amount), 0)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (code, cached, open) in held {
        broken.push(format!("{code}: held {cached}, open holds {open}"));
    }
    let negative = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT code, balance, held FROM ledger_accounts WHERE kind = 'customer' AND (balance < 0 OR balance - held < 0)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (code, balance, held) in negative {
        broken.push(format!(
            "{code}: customer below zero (balance {balance}, held {held})"
        ));
    }
    let currency = sqlx::query_as::<_, (String, String)>(
        "SELECT p.entry_id, a.code FROM postings p JOIN ledger_accounts a ON a.id = p.account_id \
         WHERE p.currency <> a.currency",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (entry, code) in currency {
        broken.push(format!(
            "entry {entry}: posting to {code} in another currency"
        ));
    }
    let counts = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT a.code, a.postings_count, CAST(COUNT(p.entry_id) AS BIGINT) FROM ledger_accounts a \
         LEFT JOIN postings p ON p.account_id = a.id GROUP BY a.id, a.code, a.postings_count \
         HAVING a.postings_count <> COUNT(p.entry_id)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (code, cached, real) in counts {
        broken.push(format!("{code}: postings_count {cached}, postings {real}"));
    }
    let listed = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT b.iban, b.transactions_count, CAST(COUNT(t.id) AS BIGINT) FROM bank_accounts b \
         LEFT JOIN transactions t ON t.bank_account_id = b.id GROUP BY b.id, b.iban, b.transactions_count \
         HAVING b.transactions_count <> COUNT(t.id)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (iban, cached, real) in listed {
        broken.push(format!(
            "{iban}: transactions_count {cached}, transactions {real}"
        ));
    }
    Ok(broken)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_keeps_its_shard_across_releases() {
        // FNV-1a of "a" is 0xe40c292c: changing the hash would move returns to other rows.
        assert_eq!(shard_of("a"), 0xe40c_292c % SHARDS);
        assert_eq!(shard_of(""), 0x811c_9dc5 % SHARDS);
        let spread: std::collections::BTreeSet<u32> = (0..200)
            .map(|n| shard_of(&format!("account-{n}")))
            .collect();
        assert_eq!(spread.len(), SHARDS as usize, "every row is used");
    }
}
