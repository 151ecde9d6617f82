//! The queue of password-reset requests (issue 15), in the database so every process of a fleet
//! shares it and a killed one loses nothing. A request is leased for a while, done, then
//! deleted; a lease that runs out (the process died) makes it due again: the person may get the
//! link twice, never not at all.

use super::{Backend, Db};

/// How long a worker has to send a link before another may.
const LEASE_MS: i64 = 60_000;

pub struct Request {
    pub id: String,
    pub email: String,
    pub ip: String,
}

pub async fn push(db: &Db, email: &str, ip: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO reset_requests (id, email, ip, created_at) VALUES ($1, $2, $3, $4)")
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(email)
        .bind(ip)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The oldest request nobody holds, leased to the caller.
pub async fn lease(db: &Db, now: i64) -> Result<Option<Request>, sqlx::Error> {
    // A plain read first: with nothing due, no write lock is taken (SQLite has only one).
    let any = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM reset_requests WHERE leased_until <= $1 LIMIT 1",
    )
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    if any.is_none() {
        return Ok(None);
    }
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let mut tx = db.begin_write().await?;
    let due = sqlx::query_as::<_, (String, String, String)>(&format!(
        "SELECT id, email, ip FROM reset_requests WHERE leased_until <= $1 \
         ORDER BY created_at, id LIMIT 1{lock}"
    ))
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((id, email, ip)) = due else {
        tx.rollback().await?;
        return Ok(None);
    };
    sqlx::query("UPDATE reset_requests SET leased_until = $1 WHERE id = $2")
        .bind(now + LEASE_MS)
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(Request { id, email, ip }))
}

/// A request carried out.
pub async fn done(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM reset_requests WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}
