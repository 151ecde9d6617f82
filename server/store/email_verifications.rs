//! Sign-up e-mail codes and the registration token a verified code earns.

use super::codes::{self, CodeTable};
use super::Db;
use crate::domain::auth::mfa::{self, Check, Status};
use crate::domain::auth::secrets::{digest, new_token, same};

/// A sign-up code lives ten minutes: long enough to switch to the mailbox and back.
pub const CODE_MS: i64 = 10 * 60 * 1000;
/// The verified e-mail may be used to create the account for an hour.
pub const TOKEN_MS: i64 = 60 * 60 * 1000;
const TOKEN_CONTEXT: &str = "registration";

/// Stores a new code for `email`; earlier pending codes for it stop working.
pub async fn create(db: &Db, email: &str, code: &str, now: i64) -> Result<(), sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "UPDATE email_verifications SET status = 'expired' WHERE email = $1 AND status = 'pending'",
    )
    .bind(email)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO email_verifications (id, email, code_hash, status, attempts, expires_at, created_at) \
         VALUES ($1, $2, $3, 'pending', 0, $4, $5)",
    )
    .bind(&id)
    .bind(email)
    .bind(digest(code, &id))
    .bind(now + CODE_MS)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// What checking a code came to; an accepted code carries the new registration token.
pub enum Verified {
    Token(String),
    Rejected(Check),
    /// No code was ever sent to this address.
    Unknown,
}

/// Checks `code` against the newest code sent to `email`. The attempt is claimed first with one
/// statement that holds the limit (store/codes.rs), so concurrent guesses cannot check more than
/// five codes, and a right code earns one registration token only.
pub async fn verify(db: &Db, email: &str, code: &str, now: i64) -> Result<Verified, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let row = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM email_verifications WHERE email = $1 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(email)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id,)) = row else {
        return Ok(Verified::Unknown);
    };
    let table = CodeTable::EmailVerification;
    let Some((attempts, code_hash)) = codes::claim_attempt(&mut tx, table, &id, now).await? else {
        let closed = codes::closed_status(&mut tx, table, &id, now).await?;
        tx.commit().await?;
        return Ok(Verified::Rejected(Check::Closed(closed)));
    };
    let outcome = match mfa::judge(attempts, same(&digest(code, &id), &code_hash)) {
        Check::Accepted => {
            let token = new_token();
            let verified = sqlx::query(
                "UPDATE email_verifications SET status = 'verified', token_hash = $1, token_expires_at = $2 \
                 WHERE id = $3 AND status = 'pending'",
            )
            .bind(digest(&token, TOKEN_CONTEXT))
            .bind(now + TOKEN_MS)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
            if verified.rows_affected() == 1 {
                Verified::Token(token)
            } else {
                Verified::Rejected(Check::Closed(Status::Utilized))
            }
        }
        wrong @ Check::Wrong { failed, .. } => {
            if failed {
                codes::fail(&mut tx, table, &id).await?;
            }
            Verified::Rejected(wrong)
        }
        closed => Verified::Rejected(closed),
    };
    tx.commit().await?;
    Ok(outcome)
}

/// The e-mail a live registration token was issued for.
pub async fn email_for_token(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String,)>(
        "SELECT email FROM email_verifications WHERE token_hash = $1 AND status = 'verified' \
         AND token_expires_at > $2",
    )
    .bind(digest(token, TOKEN_CONTEXT))
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(email,)| email))
}

/// Whether a registration token could be spent now: checked before any costly work (the
/// password hash) so that bogus tokens cost the bank nothing.
pub async fn token_is_live(db: &Db, token: &str, now: i64) -> Result<bool, sqlx::Error> {
    let row = sqlx::query_as::<_, (i64,)>(
        "SELECT 1 FROM email_verifications WHERE token_hash = $1 AND status = 'verified' \
         AND token_expires_at > $2",
    )
    .bind(digest(token, TOKEN_CONTEXT))
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}

/// Spends a registration token inside the transaction that creates the account, so one
/// verified e-mail makes one account even when the form is sent twice.
pub async fn spend_token(
    tx: &mut sqlx::AnyConnection,
    token: &str,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let hash = digest(token, TOKEN_CONTEXT);
    let row = sqlx::query_as::<_, (String,)>(
        "SELECT email FROM email_verifications WHERE token_hash = $1 AND status = 'verified' \
         AND token_expires_at > $2",
    )
    .bind(&hash)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((email,)) = row else {
        return Ok(None);
    };
    let done = sqlx::query(
        "UPDATE email_verifications SET status = 'utilized' WHERE token_hash = $1 AND status = 'verified'",
    )
    .bind(&hash)
    .execute(&mut *tx)
    .await?;
    Ok((done.rows_affected() == 1).then_some(email))
}
