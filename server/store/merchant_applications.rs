//! A business's application to accept cards (migration 20261210000002): one per profile, moved
//! by the acquirer's decisions with a conditional update, so a decision delivered twice moves it
//! once.

use sqlx::AnyConnection;

use super::{json, named, Db};
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::lending::application::MerchantState;
use crate::domain::lending::merchant::MerchantForm;

#[derive(Debug, Clone)]
pub struct MerchantApplication {
    /// Who applied: told of the acquirer's decisions.
    pub applied_by: UserId,
    pub id: String,
    pub profile_id: ProfileId,
    pub provider: String,
    pub provider_ref: Option<String>,
    pub state: MerchantState,
    pub form: MerchantForm,
    pub note: Option<String>,
    pub redirect_uri: Option<String>,
    pub merchant_id: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    applied_by: String,
    profile_id: String,
    provider: String,
    provider_ref: Option<String>,
    state: String,
    form: String,
    note: Option<String>,
    redirect_uri: Option<String>,
    merchant_id: Option<String>,
    created_at: i64,
    updated_at: i64,
}

const COLUMNS: &str =
    "id, applied_by, profile_id, provider, provider_ref, state, form, note, redirect_uri, \
     merchant_id, created_at, updated_at";

fn from_row(row: Row) -> Result<MerchantApplication, sqlx::Error> {
    Ok(MerchantApplication {
        state: named("state", &row.state)?,
        form: json("form", &row.form)?,
        applied_by: row.applied_by.into(),
        id: row.id,
        profile_id: row.profile_id.into(),
        provider: row.provider,
        provider_ref: row.provider_ref,
        note: row.note,
        redirect_uri: row.redirect_uri,
        merchant_id: row.merchant_id,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

pub async fn of_profile(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
) -> Result<Option<MerchantApplication>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM merchant_applications WHERE profile_id = $1"
    ))
    .bind(profile_id)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(from_row).transpose()
}

pub async fn by_provider_ref(
    conn: &mut AnyConnection,
    provider: &str,
    provider_ref: &str,
) -> Result<Option<MerchantApplication>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM merchant_applications WHERE provider = $1 AND provider_ref = $2"
    ))
    .bind(provider)
    .bind(provider_ref)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(from_row).transpose()
}

/// An application that never reached the acquirer (the process stopped between keeping and
/// sending it) and is older than `before`: gone, so the business may apply again.
pub async fn sweep_untaken(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    before: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM merchant_applications WHERE profile_id = $1 AND provider_ref IS NULL \
         AND created_at < $2",
    )
    .bind(profile_id)
    .bind(before)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A new application, in place of a rejected one of the profile's.
pub async fn insert(
    conn: &mut AnyConnection,
    id: &str,
    profile_id: &ProfileId,
    provider: &str,
    form: &MerchantForm,
    applied_by: &UserId,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM merchant_applications WHERE profile_id = $1 AND state = $2")
        .bind(profile_id)
        .bind(MerchantState::Rejected.as_str())
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO merchant_applications (id, profile_id, provider, state, form, applied_by, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(id)
    .bind(profile_id)
    .bind(provider)
    .bind(MerchantState::Pending.as_str())
    .bind(serde_json::to_string(form).unwrap_or_default())
    .bind(applied_by)
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn set_provider_ref(
    db: &Db,
    id: &str,
    provider_ref: &str,
    redirect_uri: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE merchant_applications SET provider_ref = $1, redirect_uri = $2 WHERE id = $3",
    )
    .bind(provider_ref)
    .bind(redirect_uri)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// An application the acquirer never took.
pub async fn remove(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM merchant_applications WHERE id = $1 AND provider_ref IS NULL")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

pub struct Move<'a> {
    pub id: &'a str,
    pub from: MerchantState,
    pub to: MerchantState,
    /// The acquirer's question or reason (cleared when None).
    pub note: Option<&'a str>,
    pub merchant_id: Option<&'a str>,
    /// The business's answer: the form as sent again.
    pub form: Option<&'a MerchantForm>,
    pub at: i64,
}

/// Only from the state it was read in: answers whether it moved.
pub async fn move_state(conn: &mut AnyConnection, step: &Move<'_>) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE merchant_applications SET state = $1, note = $2, \
         merchant_id = COALESCE($3, merchant_id), form = COALESCE($4, form), updated_at = $5 \
         WHERE id = $6 AND state = $7",
    )
    .bind(step.to.as_str())
    .bind(step.note)
    .bind(step.merchant_id)
    .bind(
        step.form
            .map(|f| serde_json::to_string(f).unwrap_or_default()),
    )
    .bind(step.at)
    .bind(step.id)
    .bind(step.from.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
