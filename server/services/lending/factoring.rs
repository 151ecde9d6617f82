//! The invoices a business may offer for factoring now (issue 30 point 5).

use crate::domain::ids::ProfileId;
use crate::store::{factored_invoices, Db};

pub use crate::store::factored_invoices::Candidate;

pub async fn candidates(
    db: &Db,
    profile_id: &ProfileId,
    due_from: &str,
) -> Result<Vec<Candidate>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    factored_invoices::candidates(&mut conn, profile_id, due_from).await
}
