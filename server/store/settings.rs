use super::Db;
use crate::domain::engagement::settings::Setting;

/// All stored settings; a known name that was never stored reads as an empty list.
pub async fn all(db: &Db) -> Result<Vec<Setting>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, String)>("SELECT name, value FROM settings")
        .fetch_all(&db.pool)
        .await?;
    crate::domain::engagement::settings::NAMES
        .iter()
        .map(|name| {
            let value = match rows.iter().find(|(n, _)| n == name) {
                Some((_, stored)) => super::json::<Vec<String>>("value", stored)?,
                None => Vec::new(),
            };
            Ok(Setting {
                name: name.to_string(),
                value,
            })
        })
        .collect()
}

pub async fn put(db: &Db, setting: &Setting) -> Result<(), sqlx::Error> {
    let value =
        serde_json::to_string(&setting.value).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    sqlx::query(
        "INSERT INTO settings (name, value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(&setting.name)
    .bind(value)
    .bind(db.now_ms())
    .execute(&db.pool)
    .await?;
    Ok(())
}
