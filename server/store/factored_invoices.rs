//! Invoices offered to a lender for factoring (migration 20261210000004): which a business may
//! still offer, and each one claimed by at most one standing application.

use sqlx::AnyConnection;

use super::Db;
use crate::domain::ids::ProfileId;

/// A sent, unpaid GBP invoice the business may offer.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Candidate {
    pub id: String,
    pub number: String,
    pub partner_name: String,
    pub due_date: String,
    /// Minor units not yet paid.
    pub outstanding: i64,
}

/// The profile's sent GBP invoices with money outstanding, due on or after `due_from`
/// (yyyy-MM-dd), that no standing application finances; soonest due first.
pub async fn candidates(
    conn: &mut AnyConnection,
    profile_id: &ProfileId,
    due_from: &str,
) -> Result<Vec<Candidate>, sqlx::Error> {
    sqlx::query_as::<_, Candidate>(
        "SELECT i.id, i.number, p.name AS partner_name, i.due_date, i.total - i.paid AS outstanding \
         FROM invoices i JOIN invoice_partners p ON p.id = i.partner_id \
         WHERE i.profile_id = $1 AND i.status = 'sent' AND i.currency = 'GBP' \
         AND i.paid < i.total AND i.due_date >= $2 \
         AND NOT EXISTS (SELECT 1 FROM factored_invoices f WHERE f.invoice_id = i.id) \
         ORDER BY i.due_date, i.number",
    )
    .bind(profile_id)
    .bind(due_from)
    .fetch_all(&mut *conn)
    .await
}

/// Claims the invoices for an application (in its transaction); a second claim of one fails
/// on the key.
pub async fn claim(
    conn: &mut AnyConnection,
    application_id: &str,
    invoices: &[Candidate],
) -> Result<(), sqlx::Error> {
    for invoice in invoices {
        sqlx::query(
            "INSERT INTO factored_invoices (invoice_id, application_id, outstanding) VALUES ($1, $2, $3)",
        )
        .bind(&invoice.id)
        .bind(application_id)
        .bind(invoice.outstanding)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// A rejected application's invoices may be offered again.
pub async fn release(conn: &mut AnyConnection, application_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM factored_invoices WHERE application_id = $1")
        .bind(application_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The invoice numbers an application finances.
pub async fn numbers_of(db: &Db, application_id: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String,)>(
        "SELECT i.number FROM factored_invoices f JOIN invoices i ON i.id = f.invoice_id \
         WHERE f.application_id = $1 ORDER BY i.number",
    )
    .bind(application_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(n,)| n).collect())
}
