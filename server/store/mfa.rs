use super::codes::{self, CodeTable};
use super::Db;
use crate::domain::auth::mfa::{self, Check, Method, Purpose, Status};
use crate::domain::auth::secrets::{digest, same};
use crate::domain::ids::UserId;

#[derive(Debug, Clone)]
pub struct MfaRequest {
    pub id: String,
    pub user_id: UserId,
    pub purpose: Purpose,
    pub method: Method,
    pub status: Status,
    pub expires_at: i64,
}

/// A request to store: an SMS code, or a passkey ceremony's state (its code is random and
/// never sent, so only the passkey can complete it).
pub struct NewRequest<'a> {
    pub user_id: &'a UserId,
    pub purpose: Purpose,
    pub method: Method,
    pub code: &'a str,
    pub challenge: Option<&'a str>,
    pub lifetime_ms: i64,
    /// A transfer approval's binding (`domain::payments::approval::binding`): such a request,
    /// once its code or passkey is checked, is `verified` until the transfer it names uses it.
    pub binding: Option<&'a str>,
}

/// Ends a person's (`$1`) pending requests of a purpose (`$2`). Every code sent and every payment
/// approved runs it; the partial index `mfa_requests_pending` (its condition written out here,
/// not bound, so the planner can use it) finds the few pending rows instead of reading all the
/// requests the person ever had. Public for the test that reads its plan.
pub const EXPIRE_PENDING_SQL: &str =
    "UPDATE mfa_requests SET status = 'expired' WHERE user_id = $1 AND purpose = $2 AND status = 'pending'";

/// Stores a new request; earlier pending requests of the same purpose expire, so only the
/// newest code works.
pub async fn create(db: &Db, new: &NewRequest<'_>, now: i64) -> Result<MfaRequest, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let expires_at = now + new.lifetime_ms;
    let mut tx = db.begin_write().await?;
    sqlx::query(EXPIRE_PENDING_SQL)
        .bind(new.user_id)
        .bind(new.purpose.as_str())
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO mfa_requests (id, user_id, purpose, method, code_hash, status, attempts, expires_at, created_at, challenge, binding) \
         VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(new.user_id)
    .bind(new.purpose.as_str())
    .bind(new.method.as_str())
    .bind(digest(new.code, &id))
    .bind(expires_at)
    .bind(now)
    .bind(new.challenge)
    .bind(new.binding)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(MfaRequest {
        id,
        user_id: new.user_id.into(),
        purpose: new.purpose,
        method: new.method,
        status: Status::Pending,
        expires_at,
    })
}

/// The passkey ceremony state a pending request was started with.
pub async fn challenge(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    let row =
        sqlx::query_as::<_, (Option<String>,)>("SELECT challenge FROM mfa_requests WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.and_then(|(challenge,)| challenge))
}

/// Marks a pending request used after its passkey check passed; false when it was no longer
/// pending (used by a racing check, or expired).
pub async fn utilize(db: &Db, id: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE mfa_requests SET status = CASE WHEN binding IS NULL THEN 'utilized' ELSE 'verified' END \
         WHERE id = $1 AND status = 'pending' AND expires_at > $2",
    )
    .bind(id)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Counts a failed passkey attempt, failing the request at the limit.
pub async fn count_failure(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE mfa_requests SET attempts = attempts + 1, \
         status = CASE WHEN attempts + 1 >= $1 THEN 'failed' ELSE status END \
         WHERE id = $2 AND status = 'pending'",
    )
    .bind(mfa::MAX_WRONG)
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn find(db: &Db, id: &str, now: i64) -> Result<Option<MfaRequest>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String, String, String, String, String, i64)>(
        "SELECT id, user_id, purpose, method, status, expires_at FROM mfa_requests WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(
        row.and_then(|(id, user_id, purpose, method, status, expires_at)| {
            let (purpose, method) = known(&purpose, &method)?;
            Some(MfaRequest {
                status: mfa::effective(Status::stored(&status), expires_at, now),
                id,
                user_id: user_id.into(),
                purpose,
                method,
                expires_at,
            })
        }),
    )
}

/// A request of a purpose or method this code does not know is no request at all (fail closed).
fn known(purpose: &str, method: &str) -> Option<(Purpose, Method)> {
    let known = Purpose::parse(purpose).zip(Method::parse(method));
    if known.is_none() {
        tracing::error!(
            purpose,
            method,
            "MFA request of unknown purpose or method ignored"
        );
    }
    known
}

/// Checks a code against a request. The attempt is claimed first with one statement that holds
/// the limit, so five wrong codes fail the request even when forty guesses arrive at once, and
/// a right code is accepted once only. The claim answers the request's own columns too; only a
/// request it could not claim (unknown, closed, out of attempts) is read apart.
pub async fn verify(
    db: &Db,
    id: &str,
    code: &str,
    now: i64,
) -> Result<Option<(MfaRequest, Check)>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let claimed = codes::claim_attempt_with::<(i64, String, String, String, String, i64)>(
        &mut tx,
        CodeTable::Mfa,
        id,
        now,
        ", user_id, purpose, method, expires_at",
    )
    .await?;
    let Some((attempts, code_hash, user_id, purpose, method, expires_at)) = claimed else {
        return unclaimed(&mut tx, id, now).await;
    };
    // Returning drops the transaction, which undoes the claim: a request of a purpose or method
    // this code does not know is not counted against, as it is not checked.
    let Some((purpose, method)) = known(&purpose, &method) else {
        return Ok(None);
    };
    let (outcome, new_status) = match mfa::judge(attempts, same(&digest(code, id), &code_hash)) {
        Check::Accepted => {
            let used = sqlx::query(
                "UPDATE mfa_requests SET status = CASE WHEN binding IS NULL THEN 'utilized' \
                 ELSE 'verified' END WHERE id = $1 AND status = 'pending'",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if used.rows_affected() == 1 {
                (Check::Accepted, Status::Utilized)
            } else {
                (Check::Closed(Status::Utilized), Status::Utilized)
            }
        }
        Check::Wrong { attempts, failed } => {
            if failed {
                codes::fail(&mut tx, CodeTable::Mfa, id).await?;
            }
            let status = if failed {
                Status::Failed
            } else {
                Status::Pending
            };
            (Check::Wrong { attempts, failed }, status)
        }
        closed @ Check::Closed(status) => (closed, status),
    };
    tx.commit().await?;
    Ok(Some((
        MfaRequest {
            id: id.into(),
            user_id: user_id.into(),
            purpose,
            method,
            status: new_status,
            expires_at,
        },
        outcome,
    )))
}

/// A request no check could claim, as it stands: none when there is no such request.
async fn unclaimed(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    now: i64,
) -> Result<Option<(MfaRequest, Check)>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String, String, String, i64, String)>(
        "SELECT user_id, purpose, method, expires_at, status FROM mfa_requests WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((user_id, purpose, method, expires_at, status)) = row else {
        return Ok(None);
    };
    let Some((purpose, method)) = known(&purpose, &method) else {
        return Ok(None);
    };
    let status = codes::closed(&status, expires_at, now);
    let request = MfaRequest {
        id: id.into(),
        user_id: user_id.into(),
        purpose,
        method,
        status,
        expires_at,
    };
    Ok(Some((request, Check::Closed(status))))
}

/// The newest open request of a purpose for the person: the code the phone step checks, which
/// carries no request id.
pub async fn latest_pending(
    db: &Db,
    user_id: &UserId,
    purpose: Purpose,
    now: i64,
) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query_as::<_, (String,)>(
        "SELECT id FROM mfa_requests WHERE user_id = $1 AND purpose = $2 AND status = 'pending' \
         AND expires_at > $3 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(now)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Ends the person's open requests of a purpose, so no earlier code can be used.
pub async fn expire_pending(
    db: &Db,
    user_id: &UserId,
    purpose: Purpose,
) -> Result<(), sqlx::Error> {
    sqlx::query(EXPIRE_PENDING_SQL)
        .bind(user_id)
        .bind(purpose.as_str())
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Uses up a verified approval of `purpose` in the caller's transaction, only for what it was
/// given for (`binding`: a transfer's terms, a card), only by the person who gave it, once, and
/// within its lifetime.
pub async fn consume_approval(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    user_id: &UserId,
    purpose: Purpose,
    binding: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let approval = ApprovalUse {
        id,
        user_id,
        purpose,
        binding,
        now,
    };
    approval.consume(conn).await
}

/// One use of an approval, as [`consume_approval`] makes it.
pub struct ApprovalUse<'a> {
    pub id: &'a str,
    pub user_id: &'a UserId,
    pub purpose: Purpose,
    pub binding: &'a str,
    pub now: i64,
}

impl<'a> ApprovalUse<'a> {
    /// Uses the approval up on its own statement ([`consume_approval`]); false when it cannot be.
    pub async fn consume(&self, conn: &mut sqlx::AnyConnection) -> Result<bool, sqlx::Error> {
        let sql = consume_sql(1);
        let done = self.bind(sqlx::query(&sql)).execute(&mut *conn).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Binds the five values of [`consume_sql`], in its order.
    pub fn bind<'q>(
        &'q self,
        query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        query
            .bind(self.id)
            .bind(self.user_id)
            .bind(self.purpose.as_str())
            .bind(self.binding)
            .bind(self.now)
    }
}

/// The UPDATE of [`consume_approval`], its five values numbered from `$first` (so that another
/// statement can carry it, as a transfer's insert does on PostgreSQL).
pub fn consume_sql(first: usize) -> String {
    let n = |k: usize| first + k;
    format!(
        "UPDATE mfa_requests SET status = 'utilized' WHERE id = ${} AND user_id = ${} \
         AND purpose = ${} AND status = 'verified' AND binding = ${} AND expires_at > ${}",
        n(0),
        n(1),
        n(2),
        n(3),
        n(4)
    )
}

/// Why an approval cannot be used, for the answer to the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApprovalProblem {
    /// No such approval of this person's.
    Missing,
    /// Not approved yet (or its code failed).
    NotApproved,
    /// Given for something else: another amount, currency, account or payee, another card.
    OtherTransfer,
    /// Used by an earlier transfer.
    Used,
    Expired,
}

pub async fn approval_problem(
    db: &Db,
    id: &str,
    user_id: &UserId,
    purpose: Purpose,
    binding: &str,
    now: i64,
) -> Result<ApprovalProblem, sqlx::Error> {
    let row = sqlx::query_as::<_, (String, String, Option<String>, i64)>(
        "SELECT status, purpose, binding, expires_at FROM mfa_requests WHERE id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some((status, stored_purpose, stored, expires_at)) = row else {
        return Ok(ApprovalProblem::Missing);
    };
    Ok(if stored_purpose != purpose.as_str() {
        ApprovalProblem::Missing
    } else if stored.as_deref() != Some(binding) {
        ApprovalProblem::OtherTransfer
    } else if status == "utilized" {
        ApprovalProblem::Used
    } else if now >= expires_at {
        ApprovalProblem::Expired
    } else {
        ApprovalProblem::NotApproved
    })
}

/// The binding a request was created with.
pub async fn binding(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    let row =
        sqlx::query_as::<_, (Option<String>,)>("SELECT binding FROM mfa_requests WHERE id = $1")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.and_then(|(binding,)| binding))
}
