//! Short links on the bank's own domain (SPEC §7 POST /v2/short-links/take): `/s/{code}` leads to
//! a path of the bank (migration 20261210000009).

use super::Db;

/// The code of the short link to `target` (a path of the bank), made on first use: one code per
/// target, so asking twice answers the same link.
pub async fn take(db: &Db, target: &str, now: i64) -> Result<String, sqlx::Error> {
    for _ in 0..5 {
        if let Some((code,)) =
            sqlx::query_as::<_, (String,)>("SELECT code FROM short_links WHERE target = $1")
                .bind(target)
                .fetch_optional(&db.pool)
                .await?
        {
            return Ok(code);
        }
        // A concurrent first call for the same target, or (rarely) a code taken: read again.
        sqlx::query(
            "INSERT INTO short_links (code, target, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(crate::domain::engagement::referrals::new_code().to_lowercase())
        .bind(target)
        .bind(now)
        .execute(&db.pool)
        .await?;
    }
    Err(sqlx::Error::RowNotFound)
}

/// Where `/s/{code}` leads, if the code is one of the bank's.
pub async fn target(db: &Db, code: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT target FROM short_links WHERE code = $1")
        .bind(code)
        .fetch_optional(&db.pool)
        .await
}
