//! A business's applications to a lender (migration 20261210000001): kept when made, moved by
//! the lender's decisions with a conditional update, so two deliveries of one decision move it
//! once.

use sqlx::AnyConnection;

use super::{json, named, Db};
use crate::domain::ids::{ProfileId, TransactionId, UserId};
use crate::domain::lending::application::{LoanState, Product};

#[derive(Debug, Clone)]
pub struct LoanApplication {
    /// Who applied: told of the lender's decisions.
    pub applied_by: UserId,
    pub id: String,
    pub profile_id: ProfileId,
    pub product: Product,
    pub provider: String,
    pub provider_ref: Option<String>,
    pub state: LoanState,
    pub reason: Option<String>,
    pub amount: i64,
    pub term_months: i64,
    pub form: serde_json::Value,
    pub shared: Option<serde_json::Value>,
    pub redirect_uri: Option<String>,
    pub offered_amount: Option<i64>,
    pub paid_amount: Option<i64>,
    pub paid_transaction_id: Option<TransactionId>,
    pub applied_day: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The row as stored (text and integers), read by name.
#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    applied_by: String,
    profile_id: String,
    product: String,
    provider: String,
    provider_ref: Option<String>,
    state: String,
    reason: Option<String>,
    amount: i64,
    term_months: i64,
    form: String,
    shared: Option<String>,
    redirect_uri: Option<String>,
    offered_amount: Option<i64>,
    paid_amount: Option<i64>,
    paid_transaction_id: Option<String>,
    applied_day: String,
    created_at: i64,
    updated_at: i64,
}

const COLUMNS: &str = "id, applied_by, profile_id, product, provider, provider_ref, state, \
     reason, amount, term_months, form, shared, redirect_uri, \
     offered_amount, paid_amount, paid_transaction_id, applied_day, created_at, updated_at";

fn from_row(row: Row) -> Result<LoanApplication, sqlx::Error> {
    Ok(LoanApplication {
        product: named("product", &row.product)?,
        state: named("state", &row.state)?,
        form: json("form", &row.form)?,
        shared: row
            .shared
            .as_deref()
            .map(|s| json("shared", s))
            .transpose()?,
        applied_by: row.applied_by.into(),
        id: row.id,
        profile_id: row.profile_id.into(),
        provider: row.provider,
        provider_ref: row.provider_ref,
        reason: row.reason,
        amount: row.amount,
        term_months: row.term_months,
        redirect_uri: row.redirect_uri,
        offered_amount: row.offered_amount,
        paid_amount: row.paid_amount,
        paid_transaction_id: row.paid_transaction_id.map(TransactionId::from),
        applied_day: row.applied_day,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

/// What an application is made of when it is kept.
pub struct NewApplication<'a> {
    pub id: &'a str,
    pub profile_id: &'a ProfileId,
    pub product: Product,
    pub provider: &'a str,
    pub amount: i64,
    pub term_months: u32,
    pub form: &'a serde_json::Value,
    pub shared: Option<&'a serde_json::Value>,
    pub applied_by: &'a UserId,
    pub applied_day: &'a str,
    pub at: i64,
}

pub async fn insert(conn: &mut AnyConnection, new: &NewApplication<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO loan_applications (id, profile_id, product, provider, state, amount, \
         term_months, form, shared, applied_by, applied_day, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)",
    )
    .bind(new.id)
    .bind(new.profile_id)
    .bind(new.product.as_str())
    .bind(new.provider)
    .bind(LoanState::Applied.as_str())
    .bind(new.amount)
    .bind(i64::from(new.term_months))
    .bind(new.form.to_string())
    .bind(new.shared.map(|s| s.to_string()))
    .bind(new.applied_by)
    .bind(new.applied_day)
    .bind(new.at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The lender's id for the application and where the person continues with it.
pub async fn set_provider_ref(
    db: &Db,
    id: &str,
    provider_ref: &str,
    redirect_uri: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE loan_applications SET provider_ref = $1, redirect_uri = $2 WHERE id = $3")
        .bind(provider_ref)
        .bind(redirect_uri)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// An application the lender never took: nothing of it is kept.
pub async fn remove(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    super::factored_invoices::release(&mut tx, id).await?;
    sqlx::query("DELETE FROM loan_applications WHERE id = $1 AND provider_ref IS NULL")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Applications of the profile's that never reached the lender (the process stopped between
/// keeping one and sending it) and are older than `before`: gone, with the invoices they held,
/// so they block nothing.
pub async fn sweep_untaken(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    before: i64,
) -> Result<(), sqlx::Error> {
    let stale = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM loan_applications WHERE profile_id = $1 AND provider_ref IS NULL \
         AND created_at < $2",
    )
    .bind(profile_id)
    .bind(before)
    .fetch_all(&mut *conn)
    .await?;
    for (id,) in stale {
        super::factored_invoices::release(conn, &id).await?;
        sqlx::query("DELETE FROM loan_applications WHERE id = $1")
            .bind(&id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The profile's applications for one product, newest first.
pub async fn of_profile(
    db: &Db,
    profile_id: &ProfileId,
    product: Product,
) -> Result<Vec<LoanApplication>, sqlx::Error> {
    let rows = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM loan_applications WHERE profile_id = $1 AND product = $2 \
         AND provider_ref IS NOT NULL ORDER BY created_at DESC, id DESC"
    ))
    .bind(profile_id)
    .bind(product.as_str())
    .fetch_all(&db.pool)
    .await?;
    rows.into_iter().map(from_row).collect()
}

/// The last day the profile applied for a product on, inside a write transaction (so two
/// applications at once see each other).
pub async fn last_applied_day(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    product: Product,
    untaken_since: i64,
) -> Result<Option<String>, sqlx::Error> {
    // One being sent to the lender counts; one that never reached it (older) does not.
    let row = sqlx::query_as::<_, (Option<String>,)>(
        "SELECT MAX(applied_day) FROM loan_applications WHERE profile_id = $1 AND product = $2 \
         AND (provider_ref IS NOT NULL OR created_at >= $3)",
    )
    .bind(profile_id)
    .bind(product.as_str())
    .bind(untaken_since)
    .fetch_one(&mut *conn)
    .await?;
    Ok(row.0)
}

pub async fn find(db: &Db, id: &str) -> Result<Option<LoanApplication>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM loan_applications WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

pub async fn by_provider_ref(
    conn: &mut AnyConnection,
    provider: &str,
    provider_ref: &str,
) -> Result<Option<LoanApplication>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM loan_applications WHERE provider = $1 AND provider_ref = $2"
    ))
    .bind(provider)
    .bind(provider_ref)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(from_row).transpose()
}

/// A decision's move: only from the state it was read in, so a second delivery (or a decision
/// racing another) moves nothing. Answers whether it moved.
pub struct Move<'a> {
    pub id: &'a str,
    pub from: LoanState,
    pub to: LoanState,
    pub reason: Option<&'a str>,
    pub offered_amount: Option<i64>,
    pub at: i64,
}

pub async fn move_state(conn: &mut AnyConnection, step: &Move<'_>) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE loan_applications SET state = $1, reason = COALESCE($2, reason), \
         offered_amount = COALESCE($3, offered_amount), updated_at = $4 \
         WHERE id = $5 AND state = $6",
    )
    .bind(step.to.as_str())
    .bind(step.reason)
    .bind(step.offered_amount)
    .bind(step.at)
    .bind(step.id)
    .bind(step.from.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The money the lender paid in for an approved application.
pub async fn set_paid(
    conn: &mut AnyConnection,
    id: &str,
    amount: i64,
    transaction_id: &TransactionId,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE loan_applications SET paid_amount = $1, paid_transaction_id = $2 WHERE id = $3",
    )
    .bind(amount)
    .bind(transaction_id)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
