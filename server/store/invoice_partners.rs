//! Invoicing's contractors and clients of a profile (issue 29; SPEC §7 partners).

use super::Db;
use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::invoices::partner::{Partner, PartnerType};

#[derive(Debug, Clone)]
pub struct StoredPartner {
    pub id: String,
    pub partner: Partner,
}

/// Why a partner could not be kept.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Another partner of the profile has the name.
    #[error("the name is in use")]
    NameTaken,
    /// The id names no partner of this profile.
    #[error("no such partner")]
    NotFound,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

type Row = (
    String,
    String,
    String,
    Option<String>,
    String,
    String,
    Option<String>,
    String,
    String,
    String,
    Option<String>,
);

const COLUMNS: &str = "id, name, type, registration_number, currency, email, vat_number, \
                       country, address1, city, postcode";

fn from_row(
    (
        id,
        name,
        kind,
        registration_number,
        currency,
        email,
        vat_number,
        country,
        address1,
        city,
        postcode,
    ): Row,
) -> Result<StoredPartner, sqlx::Error> {
    let bad = |what: &str| sqlx::Error::ColumnDecode {
        index: what.into(),
        source: format!("unknown {what}").into(),
    };
    Ok(StoredPartner {
        id,
        partner: Partner {
            name,
            kind: PartnerType::parse(&kind).ok_or_else(|| bad("type"))?,
            registration_number,
            currency: Currency::parse(&currency).ok_or_else(|| bad("currency"))?,
            email,
            vat_number,
            country,
            address1,
            city,
            postcode,
        },
    })
}

/// A page of the profile's partners by name (those whose name holds `search`), and the total.
pub async fn page(
    db: &Db,
    profile_id: &ProfileId,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StoredPartner>, i64), sqlx::Error> {
    let pattern = search.map(|s| format!("%{}%", Partner::name_key(s).replace(['%', '_'], "")));
    let filter = "profile_id = $1 AND ($2 IS NULL OR name_key LIKE $2)";
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoice_partners WHERE {filter} ORDER BY name_key, id LIMIT $3 OFFSET $4"
    ))
    .bind(profile_id)
    .bind(pattern.clone())
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let (total,): (i64,) = sqlx::query_as(&format!(
        "SELECT COUNT(*) FROM invoice_partners WHERE {filter}"
    ))
    .bind(profile_id)
    .bind(pattern)
    .fetch_one(&db.pool)
    .await?;
    Ok((
        rows.into_iter().map(from_row).collect::<Result<_, _>>()?,
        total,
    ))
}

/// One of the profile's partners; None for an id of another profile's.
pub async fn find(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<StoredPartner>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM invoice_partners WHERE profile_id = $1 AND id = $2"
    ))
    .bind(profile_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

fn taken(error: sqlx::Error) -> SaveError {
    match error.as_database_error() {
        Some(db_error) if db_error.is_unique_violation() => SaveError::NameTaken,
        _ => error.into(),
    }
}

/// Adds a partner (no id) or replaces one of the profile's; answers its id. The name's
/// uniqueness is the table's: of two saves that race with one name, one is refused.
pub async fn save(
    db: &Db,
    profile_id: &ProfileId,
    id: Option<&str>,
    partner: &Partner,
    now: i64,
) -> Result<String, SaveError> {
    let p = partner;
    let Some(id) = id else {
        let id = uuid::Uuid::now_v7().to_string();
        sqlx::query(
            "INSERT INTO invoice_partners (id, profile_id, name, name_key, type, registration_number, \
             currency, email, vat_number, country, address1, city, postcode, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)",
        )
        .bind(&id)
        .bind(profile_id)
        .bind(&p.name)
        .bind(Partner::name_key(&p.name))
        .bind(p.kind.as_str())
        .bind(&p.registration_number)
        .bind(p.currency.code())
        .bind(&p.email)
        .bind(&p.vat_number)
        .bind(&p.country)
        .bind(&p.address1)
        .bind(&p.city)
        .bind(&p.postcode)
        .bind(now)
        .execute(&db.pool)
        .await
        .map_err(taken)?;
        return Ok(id);
    };
    let done = sqlx::query(
        "UPDATE invoice_partners SET name = $1, name_key = $2, type = $3, registration_number = $4, \
         currency = $5, email = $6, vat_number = $7, country = $8, address1 = $9, city = $10, \
         postcode = $11, updated_at = $12 WHERE id = $13 AND profile_id = $14",
    )
    .bind(&p.name)
    .bind(Partner::name_key(&p.name))
    .bind(p.kind.as_str())
    .bind(&p.registration_number)
    .bind(p.currency.code())
    .bind(&p.email)
    .bind(&p.vat_number)
    .bind(&p.country)
    .bind(&p.address1)
    .bind(&p.city)
    .bind(&p.postcode)
    .bind(now)
    .bind(id)
    .bind(profile_id)
    .execute(&db.pool)
    .await
    .map_err(taken)?;
    if done.rows_affected() == 1 {
        Ok(id.to_string())
    } else {
        Err(SaveError::NotFound)
    }
}

/// What deleting a partner did.
#[derive(Debug, PartialEq, Eq)]
pub enum Deleted {
    Deleted,
    /// The id names no partner of this profile.
    NotFound,
    /// Invoices bill it: it stays, so they keep whom they were for.
    Billed,
}

/// Deletes one of the profile's partners that no invoice bills: the invoices' foreign key
/// refuses it otherwise, however a delete and an invoice's save interleave.
pub async fn delete(db: &Db, profile_id: &ProfileId, id: &str) -> Result<Deleted, sqlx::Error> {
    let done = sqlx::query("DELETE FROM invoice_partners WHERE id = $1 AND profile_id = $2")
        .bind(id)
        .bind(profile_id)
        .execute(&db.pool)
        .await;
    match done {
        Ok(done) if done.rows_affected() == 1 => Ok(Deleted::Deleted),
        Ok(_) => Ok(Deleted::NotFound),
        Err(error)
            if error
                .as_database_error()
                .is_some_and(|e| e.is_foreign_key_violation()) =>
        {
            Ok(Deleted::Billed)
        }
        Err(error) => Err(error),
    }
}
