//! The owner names the bank registers with ClearBank for its sterling accounts, so ClearBank
//! answers other banks' Confirmation of Payee checks about them (issue 33 point 2).

use super::Db;

/// A sterling account whose registration is missing or out of date.
#[derive(Debug, Clone)]
pub struct Due {
    pub bank_account_id: String,
    pub iban: String,
    /// The holder as the bank's own records have it: the profile's name and type.
    pub owner_name: String,
    pub profile_type: String,
    pub virtual_account_id: Option<String>,
    pub attempts: i64,
}

/// Open sterling accounts not registered as their holder is now, due at `now`.
pub async fn due(db: &Db, now: i64, at_most: i64) -> Result<Vec<Due>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, String, String, String, Option<String>, Option<i64>)>(
        "SELECT a.id, a.iban, p.name, p.type, r.virtual_account_id, r.attempts \
         FROM bank_accounts a JOIN profiles p ON p.id = a.profile_id \
         LEFT JOIN cop_registrations r ON r.bank_account_id = a.id \
         WHERE a.currency = 'GBP' AND a.status = 'active' \
         AND (r.bank_account_id IS NULL OR r.registered_name IS NULL \
              OR r.registered_name <> p.name OR r.owner_type <> p.type) \
         AND (r.next_attempt_at IS NULL OR r.next_attempt_at <= $1) \
         ORDER BY a.id LIMIT $2",
    )
    .bind(now)
    .bind(at_most)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, iban, name, kind, virtual_id, attempts)| Due {
            bank_account_id: id,
            iban,
            owner_name: name,
            profile_type: kind,
            virtual_account_id: virtual_id,
            attempts: attempts.unwrap_or(0),
        })
        .collect())
}

/// ClearBank's id of the account, once found.
pub async fn found(
    db: &Db,
    bank_account_id: &str,
    virtual_account_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO cop_registrations (bank_account_id, virtual_account_id, updated_at) \
         VALUES ($1, $2, $3) ON CONFLICT (bank_account_id) \
         DO UPDATE SET virtual_account_id = $2, updated_at = $3",
    )
    .bind(bank_account_id)
    .bind(virtual_account_id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The name and type ClearBank now holds for the account.
pub async fn registered(
    db: &Db,
    bank_account_id: &str,
    name: &str,
    owner_type: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE cop_registrations SET registered_name = $1, owner_type = $2, attempts = 0, \
         last_error = NULL, updated_at = $3 WHERE bank_account_id = $4",
    )
    .bind(name)
    .bind(owner_type)
    .bind(now)
    .bind(bank_account_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Not done this time: tried again at `at`.
pub async fn retry_at(
    db: &Db,
    bank_account_id: &str,
    at: i64,
    error: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO cop_registrations (bank_account_id, attempts, next_attempt_at, last_error, updated_at) \
         VALUES ($1, 1, $2, $3, $4) ON CONFLICT (bank_account_id) \
         DO UPDATE SET attempts = cop_registrations.attempts + 1, next_attempt_at = $2, last_error = $3, updated_at = $4",
    )
    .bind(bank_account_id)
    .bind(at)
    .bind(error)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(())
}
