//! Sessions of DESIGN.md §4: opaque tokens stored hashed; access 30 minutes, refresh
//! 60 minutes; refresh rotates, and a refresh token presented twice revokes its family.

use super::Db;
use crate::domain::auth::secrets::{digest, new_token};
use crate::domain::ids::UserId;

pub const ACCESS_MS: i64 = 30 * 60 * 1000;
pub const REFRESH_MS: i64 = 60 * 60 * 1000;
/// However often it is refreshed, a log-in lasts at most this long (ASVS 7.3.2).
pub const ABSOLUTE_MS: i64 = 12 * 60 * 60 * 1000;
/// Tokens are long and random, so one fixed context is enough for their hashes.
const CONTEXT: &str = "session";

#[derive(Clone, PartialEq, Eq)]
pub struct Tokens {
    pub session_id: String,
    pub access: String,
    pub refresh: String,
}

/// The tokens are bearer credentials: a log line must never carry them.
impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tokens")
            .field("session_id", &self.session_id)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionUser {
    pub session_id: String,
    pub user_id: UserId,
}

#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    #[error("the refresh token is unknown or revoked")]
    Invalid,
    #[error("the refresh token has expired")]
    Expired,
    /// A rotated token came back: someone holds a copy. The family is revoked.
    #[error("the refresh token was used before; the session is revoked")]
    Reused,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

async fn insert(
    conn: &mut sqlx::AnyConnection,
    user_id: &UserId,
    family_id: &str,
    started_at: i64,
    approved_at: Option<i64>,
    now: i64,
) -> Result<Tokens, sqlx::Error> {
    let ends_at = started_at.saturating_add(ABSOLUTE_MS);
    let tokens = Tokens {
        session_id: uuid::Uuid::new_v4().to_string(),
        access: new_token(),
        refresh: new_token(),
    };
    sqlx::query(
        "INSERT INTO sessions (id, user_id, family_id, access_hash, refresh_hash, access_expires_at, \
         refresh_expires_at, created_at, family_started_at, approved_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&tokens.session_id)
    .bind(user_id)
    .bind(family_id)
    .bind(digest(&tokens.access, CONTEXT))
    .bind(digest(&tokens.refresh, CONTEXT))
    .bind((now + ACCESS_MS).min(ends_at))
    .bind((now + REFRESH_MS).min(ends_at))
    .bind(now)
    .bind(started_at)
    .bind(approved_at)
    .execute(&mut *conn)
    .await?;
    Ok(tokens)
}

/// A new session, the first of its family, after a completed log-in.
pub async fn issue(db: &Db, user_id: &UserId, now: i64) -> Result<Tokens, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    // Completing a log-in is itself an approval with the person's factor.
    insert(
        &mut conn,
        user_id,
        &uuid::Uuid::new_v4().to_string(),
        now,
        Some(now),
        now,
    )
    .await
}

/// The user behind a live access token.
pub async fn authenticate(
    db: &Db,
    access: &str,
    now: i64,
) -> Result<Option<SessionUser>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String, UserId)>(
        "SELECT id, user_id FROM sessions WHERE access_hash = $1 AND revoked_at IS NULL \
         AND rotated_at IS NULL AND access_expires_at > $2",
    )
    .bind(digest(access, CONTEXT))
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(session_id, user_id)| SessionUser {
        session_id,
        user_id,
    }))
}

/// The live session of an access token, its person, and their profiles (each with the
/// currency of its primary account, none before one is open), in one statement: every signed-in
/// page and call starts here. One row per profile, or one without a profile.
pub async fn signed_in(
    db: &Db,
    access: &str,
    now: i64,
) -> Result<Option<SignedInRows>, sqlx::Error> {
    use sqlx::Row;
    let columns = super::users::COLUMNS
        .split(", ")
        .map(|column| format!("u.{column}"))
        .collect::<Vec<_>>()
        .join(", ");
    let rows = sqlx::query(&format!(
        "SELECT s.id, {columns}, p.id, p.type, p.name, m.is_default, m.role, m.rights, \
         (SELECT b.currency FROM bank_accounts b WHERE b.profile_id = p.id AND b.is_primary <> 0 \
          ORDER BY b.created_at, b.id LIMIT 1) \
         FROM sessions s JOIN users u ON u.id = s.user_id \
         LEFT JOIN profile_members m ON m.user_id = u.id \
         LEFT JOIN profiles p ON p.id = m.profile_id \
         WHERE s.access_hash = $1 AND s.revoked_at IS NULL AND s.rotated_at IS NULL \
         AND s.access_expires_at > $2 \
         ORDER BY m.is_default DESC, p.name"
    ))
    .bind(digest(access, CONTEXT))
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let user = super::users::from_row((
        first.try_get(1)?,
        first.try_get(2)?,
        first.try_get(3)?,
        first.try_get(4)?,
        first.try_get(5)?,
        first.try_get(6)?,
        first.try_get(7)?,
        first.try_get(8)?,
    ))?;
    let session = SessionUser {
        session_id: first.try_get(0)?,
        user_id: user.id.clone(),
    };
    let mut profiles = Vec::with_capacity(rows.len());
    for row in &rows {
        let Some(id) = row.try_get::<Option<String>, _>(9)? else {
            continue;
        };
        let kind: String = row.try_get(10)?;
        let role: String = row.try_get(13)?;
        let rights: String = row.try_get(14)?;
        let currency = row
            .try_get::<Option<String>, _>(15)?
            .map(|code| super::named("currency", &code))
            .transpose()?;
        let profile = super::profiles::profile(
            id,
            &kind,
            row.try_get(11)?,
            row.try_get(12)?,
            &role,
            &rights,
        )?;
        profiles.push((profile, currency));
    }
    Ok(Some((session, user, profiles)))
}

/// A signed-in caller as [`signed_in`] reads them.
pub type SignedInRows = (
    SessionUser,
    super::users::UserRow,
    Vec<(
        super::profiles::Profile,
        Option<crate::domain::accounts::money::Currency>,
    )>,
);

/// Exchanges a refresh token for new tokens, once.
pub async fn refresh(db: &Db, refresh: &str, now: i64) -> Result<Tokens, RefreshError> {
    let mut tx = db.begin_write().await?;
    type Row = (
        String,
        String,
        String,
        i64,
        Option<i64>,
        Option<i64>,
        i64,
        Option<i64>,
    );
    let row = sqlx::query_as::<_, Row>(
        "SELECT id, user_id, family_id, refresh_expires_at, rotated_at, revoked_at, \
         COALESCE(family_started_at, created_at), approved_at FROM sessions WHERE refresh_hash = $1",
    )
    .bind(digest(refresh, CONTEXT))
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, user_id, family_id, expires_at, rotated_at, revoked_at, started_at, approved_at)) =
        row
    else {
        return Err(RefreshError::Invalid);
    };
    if revoked_at.is_some() {
        return Err(RefreshError::Invalid);
    }
    if rotated_at.is_some() {
        revoke_family_in(&mut tx, &family_id, now).await?;
        tx.commit().await?;
        return Err(RefreshError::Reused);
    }
    if expires_at <= now || started_at.saturating_add(ABSOLUTE_MS) <= now {
        return Err(RefreshError::Expired);
    }
    // Only one concurrent refresh can rotate the row; the loser sees a reuse.
    let rotated =
        sqlx::query("UPDATE sessions SET rotated_at = $1 WHERE id = $2 AND rotated_at IS NULL")
            .bind(now)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    if rotated.rows_affected() != 1 {
        revoke_family_in(&mut tx, &family_id, now).await?;
        tx.commit().await?;
        return Err(RefreshError::Reused);
    }
    let tokens = insert(
        &mut tx,
        &UserId::from(user_id),
        &family_id,
        started_at,
        approved_at,
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(tokens)
}

async fn revoke_family_in(
    conn: &mut sqlx::AnyConnection,
    family_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(family_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records a fresh approval with the person's factor on this session.
pub async fn approve(db: &Db, session_id: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET approved_at = $1 WHERE id = $2")
        .bind(now)
        .bind(session_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// When this session last approved with the person's factor.
pub async fn approved_at(db: &Db, session_id: &str) -> Result<Option<i64>, sqlx::Error> {
    Ok(
        sqlx::query_as::<_, (Option<i64>,)>("SELECT approved_at FROM sessions WHERE id = $1")
            .bind(session_id)
            .fetch_optional(&db.pool)
            .await?
            .and_then(|(at,)| at),
    )
}

/// Log-out: the session and every rotation of it end.
pub async fn revoke(db: &Db, session_id: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let family = sqlx::query_as::<_, (String,)>("SELECT family_id FROM sessions WHERE id = $1")
        .bind(session_id)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some((family_id,)) = family {
        revoke_family_in(&mut conn, &family_id, now).await?;
    }
    Ok(())
}

/// After a password change: every session of the user ends.
pub async fn revoke_all_for_user(db: &Db, user_id: &UserId, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected())
}
