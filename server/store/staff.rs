//! The bank's staff (migration 20261210000014): members, their passkeys, passkey ceremonies
//! under way and sessions. Tokens are stored hashed, as the customers' are.

use super::{named, Db};
use crate::domain::auth::secrets::{digest, new_token};
use crate::domain::backoffice::staff::{self, StaffMember, StaffRole};

const CONTEXT: &str = "staff";

type Row = (String, String, String, Option<i64>, Option<i64>);

const COLUMNS: &str = "id, email, role, enrolled_at, disabled_at";

fn member((id, email, role, enrolled_at, disabled_at): Row) -> Result<StaffMember, sqlx::Error> {
    Ok(StaffMember {
        id,
        email,
        role: named::<StaffRole>("role", &role)?,
        enrolled_at,
        disabled_at,
    })
}

/// A new member and their one-time enrolment token; None when the email is staff already.
pub async fn add(
    db: &Db,
    email: &str,
    role: StaffRole,
    now: i64,
) -> Result<Option<(StaffMember, String)>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    add_in(&mut conn, email, role, now).await
}

/// As [`add`], in the caller's transaction.
pub async fn add_in(
    conn: &mut sqlx::AnyConnection,
    email: &str,
    role: StaffRole,
    now: i64,
) -> Result<Option<(StaffMember, String)>, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let token = new_token();
    let added = sqlx::query(
        "INSERT INTO staff (id, email, role, created_at, enrolment_hash, enrolment_expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (email) DO NOTHING",
    )
    .bind(&id)
    .bind(email)
    .bind(role.as_str())
    .bind(now)
    .bind(digest(&token, CONTEXT))
    .bind(now + staff::ENROLMENT_MS)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if added == 0 {
        return Ok(None);
    }
    let member = StaffMember {
        id,
        email: email.to_string(),
        role,
        enrolled_at: None,
        disabled_at: None,
    };
    Ok(Some((member, token)))
}

/// Every member, by email.
pub async fn all(db: &Db) -> Result<Vec<StaffMember>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM staff ORDER BY email"))
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(member)
        .collect()
}

/// Disables a member and ends their sessions, in the caller's transaction; false when they were
/// disabled already or do not exist.
pub async fn disable_in(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let disabled =
        sqlx::query("UPDATE staff SET disabled_at = $1 WHERE id = $2 AND disabled_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    if disabled.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("UPDATE staff_sessions SET ended_at = $1 WHERE staff_id = $2 AND ended_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<StaffMember>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM staff WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .map(member)
        .transpose()
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<StaffMember>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!("SELECT {COLUMNS} FROM staff WHERE email = $1"))
        .bind(email)
        .fetch_optional(&db.pool)
        .await?
        .map(member)
        .transpose()
}

/// The member an unused, unexpired enrolment token belongs to.
pub async fn by_enrolment(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<StaffMember>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM staff WHERE enrolment_hash = $1 AND enrolment_expires_at > $2 \
         AND enrolled_at IS NULL AND disabled_at IS NULL"
    ))
    .bind(digest(token, CONTEXT))
    .bind(now)
    .fetch_optional(&db.pool)
    .await?
    .map(member)
    .transpose()
}

/// Uses the enrolment token and keeps the member's first passkey, together; false when the
/// token was used meanwhile (a second tab), and then nothing is kept.
pub async fn enrol(
    db: &Db,
    staff_id: &str,
    token: &str,
    credential_id: &str,
    passkey: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let used = sqlx::query(
        "UPDATE staff SET enrolled_at = $1, enrolment_hash = NULL WHERE id = $2 \
         AND enrolment_hash = $3 AND enrolled_at IS NULL",
    )
    .bind(now)
    .bind(staff_id)
    .bind(digest(token, CONTEXT))
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if used == 0 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO staff_passkeys (id, staff_id, passkey, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(credential_id)
    .bind(staff_id)
    .bind(passkey)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// The member's passkeys as the WebAuthn library stored them.
pub async fn passkeys(db: &Db, staff_id: &str) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String)>(
        "SELECT id, passkey FROM staff_passkeys WHERE staff_id = $1 ORDER BY created_at",
    )
    .bind(staff_id)
    .fetch_all(&db.pool)
    .await
}

/// A passkey after a log-in (its signature counter moved).
pub async fn update_passkey(
    db: &Db,
    credential_id: &str,
    passkey: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE staff_passkeys SET passkey = $1, used_at = $2 WHERE id = $3")
        .bind(passkey)
        .bind(now)
        .bind(credential_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Keeps a ceremony's state; answers its id.
pub async fn start_ceremony(
    db: &Db,
    staff_id: &str,
    purpose: &str,
    state: &str,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query(
        "INSERT INTO staff_ceremonies (id, staff_id, purpose, state, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&id)
    .bind(staff_id)
    .bind(purpose)
    .bind(state)
    .bind(now + staff::CEREMONY_MS)
    .execute(&db.pool)
    .await?;
    Ok(id)
}

/// Takes a ceremony of `purpose` once, while it is fresh: its member and state.
pub async fn take_ceremony(
    db: &Db,
    id: &str,
    purpose: &str,
    now: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    let taken = sqlx::query(
        "UPDATE staff_ceremonies SET used_at = $1 WHERE id = $2 AND purpose = $3 \
         AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(id)
    .bind(purpose)
    .execute(&db.pool)
    .await?
    .rows_affected();
    if taken == 0 {
        return Ok(None);
    }
    sqlx::query_as::<_, (String, String)>(
        "SELECT staff_id, state FROM staff_ceremonies WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// A new session for the member; answers its token (the cookie's value).
pub async fn open_session(db: &Db, staff_id: &str, now: i64) -> Result<String, sqlx::Error> {
    let token = new_token();
    sqlx::query(
        "INSERT INTO staff_sessions (id, staff_id, token_hash, created_at, last_seen_at, \
         expires_at) VALUES ($1, $2, $3, $4, $4, $5)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(staff_id)
    .bind(digest(&token, CONTEXT))
    .bind(now)
    .bind(now + staff::SESSION_MS)
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// The active member behind a live session token, the session kept alive by this request;
/// None for an unknown, ended, expired or idle session, or a member disabled since.
pub async fn authenticate(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<StaffMember>, sqlx::Error> {
    let touched = sqlx::query(
        "UPDATE staff_sessions SET last_seen_at = $1 WHERE token_hash = $2 AND ended_at IS NULL \
         AND expires_at > $1 AND last_seen_at > $3",
    )
    .bind(now)
    .bind(digest(token, CONTEXT))
    .bind(now - staff::IDLE_MS)
    .execute(&db.pool)
    .await?
    .rows_affected();
    if touched == 0 {
        return Ok(None);
    }
    let row = sqlx::query_as::<_, Row>(
        "SELECT s.id, s.email, s.role, s.enrolled_at, s.disabled_at FROM staff s \
         JOIN staff_sessions t ON t.staff_id = s.id WHERE t.token_hash = $1",
    )
    .bind(digest(token, CONTEXT))
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(member).transpose()?.filter(StaffMember::active))
}

/// Ends a session; the member it belonged to, when it was live.
pub async fn end_session(db: &Db, token: &str, now: i64) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String,)>(
        "SELECT staff_id FROM staff_sessions WHERE token_hash = $1 AND ended_at IS NULL",
    )
    .bind(digest(token, CONTEXT))
    .fetch_optional(&db.pool)
    .await?;
    sqlx::query(
        "UPDATE staff_sessions SET ended_at = $1 WHERE token_hash = $2 AND ended_at IS NULL",
    )
    .bind(now)
    .bind(digest(token, CONTEXT))
    .execute(&db.pool)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Moves a session's clocks, for tests of its limits.
pub async fn age_sessions(db: &Db, staff_id: &str, by_ms: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE staff_sessions SET created_at = created_at - $1, last_seen_at = last_seen_at - $1, \
         expires_at = expires_at - $1 WHERE staff_id = $2",
    )
    .bind(by_ms)
    .bind(staff_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}
