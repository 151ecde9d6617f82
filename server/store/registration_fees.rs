//! Activation fees (issue 10 point 6) and how each was paid.

use sqlx::AnyConnection;

use super::{named, Db};
use crate::domain::accounts::money::Currency;
use crate::domain::ids::UserId;
use crate::domain::onboarding::fee::{CheckoutState, FeePayment, FeeStatus};

#[derive(Debug, Clone)]
pub struct Fee {
    pub id: String,
    pub user_id: UserId,
    pub currency: Currency,
    pub amount_minor: i64,
    pub reference: String,
    /// How it is paid, once chosen.
    pub method: Option<FeePayment>,
    pub status: FeeStatus,
    pub checkout_id: Option<String>,
    pub checkout_state: Option<CheckoutState>,
    /// The acquirer's hosted page of the checkout (none for the sandbox's own page).
    pub checkout_url: Option<String>,
}

type Row = (
    String,
    String,
    String,
    i64,
    String,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

const COLUMNS: &str =
    "id, user_id, currency, amount_minor, reference, method, status, checkout_id, checkout_state, checkout_url";

fn from_row(
    (
        id,
        user_id,
        currency,
        amount_minor,
        reference,
        method,
        status,
        checkout_id,
        checkout_state,
        checkout_url,
    ): Row,
) -> Result<Fee, sqlx::Error> {
    Ok(Fee {
        id,
        user_id: user_id.into(),
        currency: named("currency", &currency)?,
        amount_minor,
        reference,
        method: method.map(|m| named("method", &m)).transpose()?,
        status: named("status", &status)?,
        checkout_id,
        checkout_state: checkout_state
            .map(|s| named("checkout_state", &s))
            .transpose()?,
        checkout_url,
    })
}

/// The person's newest fee.
pub async fn latest(db: &Db, user_id: &UserId) -> Result<Option<Fee>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM registration_fees WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1"
    ))
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

pub async fn by_reference(db: &Db, reference: &str) -> Result<Option<Fee>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM registration_fees WHERE reference = $1"
    ))
    .bind(reference)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Fee>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM registration_fees WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

pub async fn by_checkout(db: &Db, checkout_id: &str) -> Result<Option<Fee>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM registration_fees WHERE checkout_id = $1"
    ))
    .bind(checkout_id)
    .fetch_optional(&db.pool)
    .await?;
    row.map(from_row).transpose()
}

pub struct NewFee<'a> {
    pub user_id: &'a UserId,
    pub flow: &'a str,
    pub currency: Currency,
    pub amount_minor: i64,
    pub reference: &'a str,
}

pub async fn create(db: &Db, fee: &NewFee<'_>, now: i64) -> Result<String, sqlx::Error> {
    let id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO registration_fees (id, user_id, onboarding_flow, currency, amount_minor, reference, status, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, 'assigned', $7)",
    )
    .bind(&id)
    .bind(fee.user_id)
    .bind(fee.flow)
    .bind(fee.currency.code())
    .bind(fee.amount_minor)
    .bind(fee.reference)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(id)
}

/// Chooses how the fee is paid, while it is unpaid.
pub async fn choose(
    db: &Db,
    id: &str,
    method: FeePayment,
    status: FeeStatus,
    checkout: Option<(&str, Option<&str>)>,
) -> Result<bool, sqlx::Error> {
    let (checkout_id, checkout_url) = checkout.unzip();
    let done = sqlx::query(
        "UPDATE registration_fees SET method = $1, status = $2, checkout_id = $3, \
         checkout_state = CASE WHEN $3 IS NULL THEN NULL ELSE 'created' END, checkout_url = $4 \
         WHERE id = $5 AND status <> 'paid'",
    )
    .bind(method.as_str())
    .bind(status.as_str())
    .bind(checkout_id)
    .bind(checkout_url.flatten())
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_checkout_state(
    db: &Db,
    checkout_id: &str,
    from: CheckoutState,
    to: CheckoutState,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE registration_fees SET checkout_state = $1 WHERE checkout_id = $2 AND checkout_state = $3 AND status <> 'paid'",
    )
    .bind(to.as_str())
    .bind(checkout_id)
    .bind(from.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn fail_checkout(db: &Db, checkout_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE registration_fees SET checkout_state = 'declined', status = 'failed' WHERE checkout_id = $1 AND status <> 'paid'",
    )
    .bind(checkout_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Marks the fee paid by `payment` in the caller's transaction: true for the first payment
/// only, so a replayed one pays nothing twice.
pub async fn settle(
    conn: &mut AnyConnection,
    id: &str,
    method: FeePayment,
    payment: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE registration_fees SET status = 'paid', method = $1, settled_by = $2, paid_at = $3, \
         checkout_state = CASE WHEN checkout_id IS NULL THEN NULL ELSE 'paid' END \
         WHERE id = $4 AND status <> 'paid'",
    )
    .bind(method.as_str())
    .bind(payment)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
