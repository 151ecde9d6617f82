//! One-time codes (log-in approvals, sign-up e-mails) are checked at most `MAX_WRONG` times,
//! also when many guesses arrive at once: each check first claims an attempt with one atomic
//! statement that carries the limit, so the database row decides, not an earlier read.

use sqlx::AnyConnection;

use crate::domain::auth::mfa::{self, Status, MAX_WRONG};

/// The tables that hold codes; each has `id, code_hash, status, attempts, expires_at`.
#[derive(Clone, Copy)]
pub enum CodeTable {
    Mfa,
    EmailVerification,
}

impl CodeTable {
    fn name(self) -> &'static str {
        match self {
            Self::Mfa => "mfa_requests",
            Self::EmailVerification => "email_verifications",
        }
    }
}

/// Claims one check of the code of request `id`: answers the attempts counted so far (this one
/// included) and the stored hash, or None when the request is no longer open to a check
/// (expired, used, failed, or out of attempts).
pub async fn claim_attempt(
    conn: &mut AnyConnection,
    table: CodeTable,
    id: &str,
    now: i64,
) -> Result<Option<(i64, String)>, sqlx::Error> {
    claim_attempt_with(conn, table, id, now, "").await
}

/// As [`claim_attempt`], the row answering `also` (", column, …") after the attempts and the
/// hash: a caller that needs the request's own columns reads them with the claim.
pub async fn claim_attempt_with<T>(
    conn: &mut AnyConnection,
    table: CodeTable,
    id: &str,
    now: i64,
    also: &str,
) -> Result<Option<T>, sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    sqlx::query_as::<_, T>(&format!(
        "UPDATE {} SET attempts = attempts + 1 \
         WHERE id = $1 AND status = 'pending' AND attempts < $2 AND expires_at > $3 \
         RETURNING attempts, code_hash{also}",
        table.name()
    ))
    .bind(id)
    .bind(MAX_WRONG)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await
}

/// Why a request could not be checked: its status as a reader sees it. A pending request with
/// no attempts left is failed.
pub async fn closed_status(
    conn: &mut AnyConnection,
    table: CodeTable,
    id: &str,
    now: i64,
) -> Result<Status, sqlx::Error> {
    let row = sqlx::query_as::<_, (String, i64)>(&format!(
        "SELECT status, expires_at FROM {} WHERE id = $1",
        table.name()
    ))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(match row {
        Some((status, expires_at)) => closed(&status, expires_at, now),
        None => Status::Failed,
    })
}

/// The status of a request a check could not claim, from its stored status: a pending one left
/// unclaimed has no attempts left, so it is failed.
pub fn closed(stored: &str, expires_at: i64, now: i64) -> Status {
    match mfa::effective(Status::stored(stored), expires_at, now) {
        Status::Pending => Status::Failed,
        other => other,
    }
}

/// Closes a request whose last attempt was wrong.
pub async fn fail(conn: &mut AnyConnection, table: CodeTable, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE {} SET status = 'failed' WHERE id = $1 AND status = 'pending'",
        table.name()
    ))
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
