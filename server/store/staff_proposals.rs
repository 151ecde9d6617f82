//! Four-eyes proposals (migration 20261210000014): one member proposes, another decides.

use super::{named, Db};
use crate::domain::backoffice::proposals::{Proposal, ProposalKind, ProposalStatus};

type Row = (
    String,
    String,
    String,
    String,
    String,
    String,
    String,
    i64,
    i64,
    String,
);

const COLUMNS: &str = "p.id, p.kind, p.subject, p.payload, p.reason, p.proposed_by, s.email, \
                       p.proposed_at, p.expires_at, p.status";

fn proposal(
    (
        id,
        kind,
        subject,
        payload,
        reason,
        proposed_by,
        proposer_email,
        proposed_at,
        expires_at,
        status,
    ): Row,
) -> Result<Proposal, sqlx::Error> {
    Ok(Proposal {
        id,
        kind: named::<ProposalKind>("kind", &kind)?,
        subject,
        payload,
        reason,
        proposed_by,
        proposer_email,
        proposed_at,
        expires_at,
        status: named::<ProposalStatus>("status", &status)?,
    })
}

pub struct NewProposal<'a> {
    pub kind: ProposalKind,
    pub subject: &'a str,
    pub payload: &'a str,
    pub reason: &'a str,
    pub proposed_by: &'a str,
    pub expires_at: i64,
}

/// Keeps a proposal in the caller's transaction; None when the same change is proposed and
/// still open (a lapsed one is closed first, so it never blocks a new one).
pub async fn propose_in(
    conn: &mut sqlx::AnyConnection,
    new: &NewProposal<'_>,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query(
        "UPDATE staff_proposals SET status = 'expired' WHERE kind = $1 AND subject = $2 \
         AND status = 'pending' AND expires_at <= $3",
    )
    .bind(new.kind.as_str())
    .bind(new.subject)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let id = uuid::Uuid::new_v4().to_string();
    let kept = sqlx::query(
        "INSERT INTO staff_proposals (id, kind, subject, payload, reason, proposed_by, \
         proposed_at, expires_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending') \
         ON CONFLICT DO NOTHING",
    )
    .bind(&id)
    .bind(new.kind.as_str())
    .bind(new.subject)
    .bind(new.payload)
    .bind(new.reason)
    .bind(new.proposed_by)
    .bind(now)
    .bind(new.expires_at)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok((kept == 1).then_some(id))
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Proposal>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM staff_proposals p JOIN staff s ON s.id = p.proposed_by WHERE p.id = $1"
    ))
    .bind(id)
    .fetch_optional(&db.pool)
    .await?
    .map(proposal)
    .transpose()
}

/// The proposals still open at `now`, oldest first.
pub async fn pending(db: &Db, now: i64) -> Result<Vec<Proposal>, sqlx::Error> {
    sqlx::query_as::<_, Row>(&format!(
        "SELECT {COLUMNS} FROM staff_proposals p JOIN staff s ON s.id = p.proposed_by \
         WHERE p.status = 'pending' AND p.expires_at > $1 ORDER BY p.proposed_at, p.id"
    ))
    .bind(now)
    .fetch_all(&db.pool)
    .await?
    .into_iter()
    .map(proposal)
    .collect()
}

/// Decides a proposal in the caller's transaction, once, by someone other than its proposer,
/// while it is open; false otherwise.
pub async fn decide_in(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    by: &str,
    to: ProposalStatus,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE staff_proposals SET status = $1, decided_by = $2, decided_at = $3 WHERE id = $4 \
         AND status = 'pending' AND expires_at > $3 AND proposed_by <> $2",
    )
    .bind(to.as_str())
    .bind(by)
    .bind(now)
    .bind(id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(done == 1)
}
