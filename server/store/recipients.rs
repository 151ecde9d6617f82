//! Recipients of a profile (SPEC §7 Recipients).

use sqlx::Row;

use super::Db;
use crate::domain::accounts::money::Currency;
use crate::domain::ids::ProfileId;
use crate::domain::payments::payee::Scheme;
use crate::domain::payments::payee_account::{AccountFields, PayeeAccount};
use crate::domain::payments::recipient::{PayeeType, Recipient, SwiftAddress};

#[derive(Debug, Clone)]
pub struct StoredRecipient {
    pub id: String,
    pub recipient: Recipient,
}

const COLUMNS: &str = "id, scheme, name, type, alias, iban, uk_sort_code, uk_account_number, bic, \
                       routing_code, reference, currency, swift_address";

fn from_row(row: &sqlx::any::AnyRow) -> Result<StoredRecipient, sqlx::Error> {
    let text = |i: usize| row.try_get::<String, _>(i);
    let maybe = |i: usize| row.try_get::<Option<String>, _>(i);
    let bad = |what: &str| sqlx::Error::ColumnDecode {
        index: what.into(),
        source: format!("unknown {what}").into(),
    };
    let scheme = Scheme::parse(&text(1)?).ok_or_else(|| bad("scheme"))?;
    let (iban, sort_code, number, bic, routing) =
        (maybe(5)?, maybe(6)?, maybe(7)?, maybe(8)?, maybe(9)?);
    let address = maybe(12)?
        .map(|json| super::json::<SwiftAddress>("swift_address", &json))
        .transpose()?;
    let fields = AccountFields {
        iban: iban.as_deref(),
        uk_sort_code: sort_code.as_deref(),
        uk_account_number: number.as_deref(),
        bic: bic.as_deref(),
        routing_code: routing.as_deref(),
    };
    // A row whose columns make no account of its scheme is damaged: refused, never guessed.
    let account =
        PayeeAccount::from_fields(scheme, fields, address).ok_or_else(|| bad("account"))?;
    Ok(StoredRecipient {
        id: text(0)?,
        recipient: Recipient {
            name: text(2)?,
            kind: PayeeType::parse(&text(3)?).ok_or_else(|| bad("type"))?,
            alias: maybe(4)?,
            reference: maybe(10)?,
            currency: Currency::parse(&text(11)?).ok_or_else(|| bad("currency"))?,
            account,
        },
    })
}

/// A page of the profile's recipients by name, with the total count.
pub async fn page(
    db: &Db,
    profile_id: &ProfileId,
    search: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<(Vec<StoredRecipient>, i64), sqlx::Error> {
    let pattern = search.map(|s| format!("%{}%", s.to_lowercase().replace(['%', '_'], "")));
    let filter = "profile_id = $1 AND ($2 IS NULL OR LOWER(name) LIKE $2 OR LOWER(COALESCE(alias, '')) LIKE $2)";
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM recipients WHERE {filter} ORDER BY LOWER(name), id LIMIT $3 OFFSET $4"
    ))
    .bind(profile_id)
    .bind(pattern.clone())
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let (total,): (i64,) =
        sqlx::query_as(&format!("SELECT COUNT(*) FROM recipients WHERE {filter}"))
            .bind(profile_id)
            .bind(pattern)
            .fetch_one(&db.pool)
            .await?;
    Ok((rows.iter().map(from_row).collect::<Result<_, _>>()?, total))
}

pub async fn find(
    db: &Db,
    profile_id: &ProfileId,
    id: &str,
) -> Result<Option<StoredRecipient>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM recipients WHERE id = $1 AND profile_id = $2"
    ))
    .bind(id)
    .bind(profile_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(from_row).transpose()
}

/// Adds a recipient (no id) or replaces one of the profile's (an id); answers its id, or None
/// when the id names no recipient of this profile.
pub async fn upsert(
    db: &Db,
    profile_id: &ProfileId,
    id: Option<&str>,
    r: &Recipient,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let address = r
        .account
        .address()
        .map(|a| serde_json::to_string(a).unwrap_or_default());
    let fields = r.account.fields();
    match id {
        Some(id) => {
            let done = sqlx::query(
                "UPDATE recipients SET scheme = $1, name = $2, type = $3, alias = $4, iban = $5, uk_sort_code = $6, \
                 uk_account_number = $7, bic = $8, routing_code = $9, reference = $10, currency = $11, \
                 swift_address = $12, updated_at = $13 WHERE id = $14 AND profile_id = $15",
            )
            .bind(r.scheme().as_str())
            .bind(&r.name)
            .bind(r.kind.as_str())
            .bind(&r.alias)
            .bind(fields.iban)
            .bind(fields.uk_sort_code)
            .bind(fields.uk_account_number)
            .bind(fields.bic)
            .bind(fields.routing_code)
            .bind(&r.reference)
            .bind(r.currency.code())
            .bind(address)
            .bind(now)
            .bind(id)
            .bind(profile_id)
            .execute(&db.pool)
            .await?;
            Ok((done.rows_affected() == 1).then(|| id.to_string()))
        }
        None => {
            let id = uuid::Uuid::now_v7().to_string();
            sqlx::query(
                "INSERT INTO recipients (id, profile_id, scheme, name, type, alias, iban, uk_sort_code, uk_account_number, \
                 bic, routing_code, reference, currency, swift_address, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15)",
            )
            .bind(&id)
            .bind(profile_id)
            .bind(r.scheme().as_str())
            .bind(&r.name)
            .bind(r.kind.as_str())
            .bind(&r.alias)
            .bind(fields.iban)
            .bind(fields.uk_sort_code)
            .bind(fields.uk_account_number)
            .bind(fields.bic)
            .bind(fields.routing_code)
            .bind(&r.reference)
            .bind(r.currency.code())
            .bind(address)
            .bind(now)
            .execute(&db.pool)
            .await?;
            Ok(Some(id))
        }
    }
}

pub async fn delete(db: &Db, profile_id: &ProfileId, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM recipients WHERE id = $1 AND profile_id = $2")
        .bind(id)
        .bind(profile_id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}
