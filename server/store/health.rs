//! The bank's health as the back office's dashboard reads it (issue 32 point 7): payments by
//! scheme and state, settlement lag, suspense, job failures, the ledger check, waiting sign-ups.

use super::Db;

/// A background job's failed run, kept for the dashboard (a run that worked writes nothing).
pub async fn job_failed(db: &Db, job: &str, error: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO job_failures (id, job, error, created_at) VALUES ($1, $2, $3, $4)")
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(job)
        .bind(error)
        .bind(db.now_ms())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A periodic check's result (the ledger's invariants), replacing the one before.
pub async fn checked(db: &Db, name: &str, ok: bool, detail: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO health_checks (name, ran_at, ok, detail) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (name) DO UPDATE SET ran_at = $2, ok = $3, detail = $4",
    )
    .bind(name)
    .bind(db.now_ms())
    .bind(i64::from(ok))
    .bind(detail)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Claims a periodic check's run for this process: true when it last ran at or before `due`
/// (or never), so of a fleet's processes one runs each check in each period.
pub async fn claim(db: &Db, name: &str, now: i64, due: i64) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query(
        "INSERT INTO health_checks (name, ran_at, ok, detail) VALUES ($1, $2, 1, 'not run yet') \
         ON CONFLICT (name) DO UPDATE SET ran_at = $2 WHERE health_checks.ran_at <= $3",
    )
    .bind(name)
    .bind(now)
    .bind(due)
    .execute(&db.pool)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// A check's last result: (when, sound, detail).
pub async fn check(db: &Db, name: &str) -> Result<Option<(i64, bool, String)>, sqlx::Error> {
    let row = sqlx::query_as::<_, (i64, i64, String)>(
        "SELECT ran_at, ok, detail FROM health_checks WHERE name = $1",
    )
    .bind(name)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(at, ok, detail)| (at, ok != 0, detail)))
}

/// Transfers made since `since`, by scheme and status: (scheme, status, count).
pub async fn payments_since(
    db: &Db,
    since: i64,
) -> Result<Vec<(String, String, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, String, i64)>(
        "SELECT scheme, status, CAST(COUNT(*) AS BIGINT) FROM transfers WHERE created_at >= $1 \
         GROUP BY scheme, status ORDER BY scheme, status",
    )
    .bind(since)
    .fetch_all(&db.pool)
    .await
}

/// Settlement since `since`, by scheme: (scheme, settled count, average and longest wait in
/// ms, oldest still pending as its creation time).
pub async fn settlement_since(
    db: &Db,
    since: i64,
) -> Result<Vec<(String, i64, i64, i64, Option<i64>)>, sqlx::Error> {
    sqlx::query_as::<_, (String, i64, i64, i64, Option<i64>)>(
        "SELECT scheme, \
         CAST(COUNT(settled_at) AS BIGINT), \
         CAST(COALESCE(AVG(settled_at - created_at), 0) AS BIGINT), \
         CAST(COALESCE(MAX(settled_at - created_at), 0) AS BIGINT), \
         CAST(MIN(CASE WHEN status = 'pending' THEN created_at END) AS BIGINT) \
         FROM transfers WHERE created_at >= $1 OR status = 'pending' GROUP BY scheme ORDER BY scheme",
    )
    .bind(since)
    .fetch_all(&db.pool)
    .await
}

/// What suspense holds, by currency (minor units).
pub async fn suspense(db: &Db) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, i64)>(
        "SELECT currency, CAST(SUM(balance) AS BIGINT) FROM ledger_accounts WHERE kind = 'suspense' \
         GROUP BY currency ORDER BY currency",
    )
    .fetch_all(&db.pool)
    .await
}

/// Jobs that failed since `since`: (job, failures, last failure, its error).
pub async fn job_failures_since(
    db: &Db,
    since: i64,
) -> Result<Vec<(String, i64, i64, String)>, sqlx::Error> {
    sqlx::query_as::<_, (String, i64, i64, String)>(
        "SELECT f.job, CAST(COUNT(*) AS BIGINT), MAX(f.created_at), \
         (SELECT error FROM job_failures l WHERE l.job = f.job ORDER BY l.created_at DESC LIMIT 1) \
         FROM job_failures f WHERE f.created_at >= $1 GROUP BY f.job ORDER BY f.job",
    )
    .bind(since)
    .fetch_all(&db.pool)
    .await
}

/// People at each KYC status short of an open account: (status, count).
pub async fn waiting_sign_ups(db: &Db) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as::<_, (String, i64)>(
        "SELECT kyc_status, CAST(COUNT(*) AS BIGINT) FROM users \
         WHERE kyc_status NOT IN ('completed', 'account_restricted', 'rejected') \
         GROUP BY kyc_status ORDER BY kyc_status",
    )
    .fetch_all(&db.pool)
    .await
}
