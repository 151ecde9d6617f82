//! The data-access layer: one set of portable SQL over `sqlx::Any`, serving SQLite (the
//! embedded default) and PostgreSQL. Placeholders are `$1…`, which both accept.

pub mod acquirer_refunds;
pub mod approvals;
pub mod audit;
pub mod bank_accounts;
pub mod bookings;
pub mod card_authorizations;
pub mod cards;
pub mod chat_messages;
pub mod codes;
pub mod cop_registrations;
pub mod credit_notes;
pub mod customers;
pub mod documents;
pub mod email_verifications;
pub mod exchanges;
pub mod factored_invoices;
pub mod features;
pub mod group_commit;
pub mod health;
pub mod identity_checks;
mod ids;
pub mod invitations;
pub mod invoice_partners;
pub mod invoice_payments;
pub mod invoices;
pub mod ledger;
pub mod loan_applications;
pub mod merchant_applications;
pub mod mfa;
pub mod mortgage_drafts;
pub mod onboardings;
pub mod outbox;
pub mod passkeys;
pub mod password_resets;
pub mod payee_checks;
pub mod policy_acceptances;
mod pool_check;
pub mod profile_fees;
pub mod profile_limits;
pub mod profiles;
pub mod promos;
pub mod provider_health;
pub mod rail_events;
pub mod rate_limits;
pub mod recipients;
pub mod referrals;
pub mod registration_fees;
pub mod reread;
pub mod reset_requests;
pub mod reviews;
pub mod sessions;
pub mod short_links;
pub mod sms_deliveries;
pub mod staff;
pub mod staff_audit;
pub mod staff_proposals;
pub mod support_inbox;
pub mod support_messages;
pub mod suspense;
pub mod system_events;
mod system_ids;
pub mod team;
pub mod transactions;
pub mod transfer_day_totals;
pub mod transfers;
pub mod users;

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::AnyPool;

use crate::domain::clock::Clock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The database a connection talks to, for a statement written one way for each (a caller
    /// that has the `Db` at hand reads `Db::backend` instead).
    pub fn of(conn: &sqlx::AnyConnection) -> Self {
        match conn.backend_name() {
            "PostgreSQL" => Backend::Postgres,
            _ => Backend::Sqlite,
        }
    }
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// The bank's "now" (`domain::clock`): what every stamp, expiry and due time is read from,
    /// carried with the database handle so every layer and job of one bank shares it.
    pub clock: Clock,
    /// The operators' flag overrides and the promo campaigns as last read (`reread.rs`),
    /// shared by the process.
    pub(crate) feature_overrides: reread::Reread<features::Overrides>,
    pub(crate) promos: reread::Reread<Vec<crate::domain::engagement::promos::Campaign>>,
    /// The write groups in flight (`group_commit`), shared by the process.
    pub(crate) groups: group_commit::Groups,
    /// The bank's own ledger accounts' ids the groups know committed (`system_ids`).
    pub(crate) system_ids: system_ids::SystemIds,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("unsupported database URL (use sqlite:// or postgres://)")]
    UnsupportedUrl,
    #[error("could not create the database folder: {0}")]
    Folder(#[from] std::io::Error),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// The shared migrations and, merged in by version, the few only one backend can express (its
/// search index: a trigram index on PostgreSQL, an FTS5 table on SQLite). One list, so sqlx
/// still refuses a database that has a migration this build does not know.
fn migrator(backend: Backend) -> sqlx::migrate::Migrator {
    let shared = sqlx::migrate!("./migrations");
    let own = match backend {
        Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
        Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
    };
    let mut migrations: Vec<_> = shared.iter().chain(own.iter()).cloned().collect();
    migrations.sort_by_key(|migration| migration.version);
    sqlx::migrate::Migrator {
        migrations: migrations.into(),
        ..shared
    }
}

impl Db {
    /// Connects, creating the SQLite file and its folder when needed, and applies migrations.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err(StoreError::UnsupportedUrl);
        };
        let url = match backend {
            Backend::Sqlite => sqlite_url(url)?,
            Backend::Postgres => url.to_string(),
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 8 } else { 16 })
            .acquire_timeout(Duration::from_secs(5))
            // Not every connection handed out is pinged first (`pool_check`).
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if pool_check::wanted(meta.idle_for) {
                        sqlx::Connection::ping(conn).await?;
                    }
                    Ok(true)
                })
            })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Readers do not block the writer; a busy writer is waited for, not failed.
                        sqlx::query("PRAGMA journal_mode = WAL")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA busy_timeout = 5000")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA foreign_keys = ON")
                            .execute(&mut *conn)
                            .await?;
                        sqlx::query("PRAGMA synchronous = NORMAL")
                            .execute(&mut *conn)
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        migrator(backend).run(&pool).await?;
        Ok(Self {
            pool,
            backend,
            clock: Clock::system(),
            feature_overrides: Default::default(),
            promos: Default::default(),
            groups: Default::default(),
            system_ids: Default::default(),
        })
    }

    /// A transaction that reads and then writes. SQLite takes the write lock up front, so two
    /// such transactions queue instead of failing when the reader tries to become a writer;
    /// PostgreSQL's row locks do the same job inside the statements.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// Now, in milliseconds since the epoch, as this bank's clock tells it.
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }

    /// True when the database answers a trivial query.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// True for the errors a failover or restart causes: the connection lost or refused, the
/// server shutting down or starting, or a transaction sent to a node that is still a standby.
/// The API answers them 503 with `Retry-After`; a write group hands them on as such. Every away
/// error a request meets is classified here before it is answered, so this is also where the
/// pool learns to check its other connections for a while (`pool_check`).
pub fn database_away(error: &sqlx::Error) -> bool {
    let away = match error {
        sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            // 08: connection exception; 57P01–57P03: shutdown, crash, cannot connect now;
            // 25006: read-only transaction (a standby, or a primary being demoted).
            code.starts_with("08") || code.starts_with("57P") || code == "25006"
        }),
        _ => false,
    };
    if away {
        pool_check::away_seen();
    }
    away
}

/// `sqlite://./data/bank.db` -> the same with `mode=rwc`, after creating `./data`.
fn sqlite_url(url: &str) -> Result<String, StoreError> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let file = path.split('?').next().unwrap_or_default();
    if !file.is_empty() && file != ":memory:" {
        if let Some(parent) = std::path::Path::new(file).parent() {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent)?;
            }
        }
    }
    Ok(if url.contains('?') {
        url.to_string()
    } else {
        format!("{url}?mode=rwc")
    })
}

/// A stored name read as its type: a value this code does not know (a damaged row, a newer
/// version's) is a decode error of the query, never quietly some default.
pub fn named<T: crate::domain::Named>(column: &str, text: &str) -> Result<T, sqlx::Error> {
    T::from_name(text).ok_or_else(|| sqlx::Error::ColumnDecode {
        index: column.to_string(),
        source: format!("{text:?} is not a {}", T::TYPE).into(),
    })
}

/// Column `index` read as a name ([`named`]) without copying it out of the row first: a page of
/// fifty transactions has some three hundred such columns, each of which would otherwise be a
/// string allocated only to be matched and dropped.
pub fn named_at<T: crate::domain::Named>(
    row: &sqlx::any::AnyRow,
    index: usize,
    column: &str,
) -> Result<T, sqlx::Error> {
    named(column, sqlx::Row::try_get::<&str, _>(row, index)?)
}

/// [`named_at`] for a column that may be NULL.
pub fn named_opt_at<T: crate::domain::Named>(
    row: &sqlx::any::AnyRow,
    index: usize,
    column: &str,
) -> Result<Option<T>, sqlx::Error> {
    sqlx::Row::try_get::<Option<&str>, _>(row, index)?
        .map(|text| named(column, text))
        .transpose()
}

/// A member's rights as stored: SPEC §6's `section:level` texts in one column, `;` between them.
pub fn rights_list(stored: &str) -> Vec<String> {
    stored
        .split(';')
        .filter(|r| !r.is_empty())
        .map(str::to_string)
        .collect()
}

/// A stored JSON document read as its type: one that does not read (a damaged row) is a decode
/// error of the query, never quietly an empty value. Fields a newer type added take their
/// `#[serde(default)]`.
pub fn json<T: serde::de::DeserializeOwned>(column: &str, text: &str) -> Result<T, sqlx::Error> {
    serde_json::from_str(text).map_err(|error| sqlx::Error::ColumnDecode {
        index: column.to_string(),
        source: error.into(),
    })
}

#[cfg(test)]
mod tests {
    use crate::domain::accounts::status::AccountStatus;

    #[test]
    fn a_stored_document_that_does_not_read_is_an_error() {
        let read = |text: &str| super::json::<Vec<String>>("value", text);
        assert_eq!(read(r#"["a"]"#).unwrap(), vec!["a".to_string()]);
        let error = read("{broken").unwrap_err();
        assert!(error.to_string().contains("value"), "{error}");
    }

    #[test]
    fn an_unknown_stored_name_is_an_error() {
        assert_eq!(
            super::named::<AccountStatus>("status", "active").unwrap(),
            AccountStatus::Active
        );
        let error = super::named::<AccountStatus>("status", "frozen").unwrap_err();
        assert!(
            error
                .to_string()
                .contains("\"frozen\" is not a AccountStatus"),
            "{error}"
        );
    }
}
