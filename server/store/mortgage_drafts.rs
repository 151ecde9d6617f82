//! A business's mortgage application before it is submitted (migration 20261210000003): its
//! basic details and its two finances, each saved on its own.

use super::{json, Db};
use crate::domain::ids::ProfileId;
use crate::domain::lending::mortgage::{BusinessFinances, MortgageBasic, PropertyFinances};

#[derive(Debug, Clone, Default)]
pub struct MortgageDraft {
    pub basic: Option<MortgageBasic>,
    pub business: Option<BusinessFinances>,
    pub property: Option<PropertyFinances>,
}

/// The part a save writes: each its own column.
#[derive(Debug, Clone, Copy)]
pub enum Part {
    Basic,
    Business,
    Property,
}

impl Part {
    fn column(self) -> &'static str {
        match self {
            Part::Basic => "basic",
            Part::Business => "business_finances",
            Part::Property => "property_finances",
        }
    }
}

pub async fn of_profile(db: &Db, profile_id: &ProfileId) -> Result<MortgageDraft, sqlx::Error> {
    let row = sqlx::query_as::<_, (Option<String>, Option<String>, Option<String>)>(
        "SELECT basic, business_finances, property_finances FROM mortgage_drafts WHERE profile_id = $1",
    )
    .bind(profile_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some((basic, business, property)) = row else {
        return Ok(MortgageDraft::default());
    };
    Ok(MortgageDraft {
        basic: basic.as_deref().map(|t| json("basic", t)).transpose()?,
        business: business
            .as_deref()
            .map(|t| json("business_finances", t))
            .transpose()?,
        property: property
            .as_deref()
            .map(|t| json("property_finances", t))
            .transpose()?,
    })
}

/// Keeps one part (checked by the caller), leaving the others as they were.
pub async fn save(
    db: &Db,
    profile_id: &ProfileId,
    part: Part,
    value: &serde_json::Value,
    at: i64,
) -> Result<(), sqlx::Error> {
    let column = part.column();
    sqlx::query(&format!(
        "INSERT INTO mortgage_drafts (profile_id, {column}, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (profile_id) DO UPDATE SET {column} = excluded.{column}, \
         updated_at = excluded.updated_at"
    ))
    .bind(profile_id)
    .bind(value.to_string())
    .bind(at)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The draft is gone once the lender has the application.
pub async fn clear(db: &Db, profile_id: &ProfileId) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM mortgage_drafts WHERE profile_id = $1")
        .bind(profile_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}
