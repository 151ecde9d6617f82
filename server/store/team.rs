//! A profile's members (SPEC §3 Team member): who they are, their access, and changes to it.

use super::Db;
use crate::domain::ids::{ProfileId, UserId};
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::profiles::access::Role;

#[derive(Debug, Clone)]
pub struct MemberRow {
    pub user_id: UserId,
    pub name: String,
    pub surname: String,
    pub email: String,
    pub role: Role,
    pub rights: Vec<String>,
    pub occupation: Option<String>,
    pub kyc_status: KycStatus,
}

type Row = (
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    String,
);

fn member_from((user_id, name, surname, email, role, rights, occupation, kyc): Row) -> MemberRow {
    MemberRow {
        user_id: user_id.into(),
        name,
        surname,
        email,
        role: Role::stored(&role),
        rights: super::rights_list(&rights),
        occupation,
        kyc_status: KycStatus::stored(&kyc),
    }
}

const SELECT: &str = "SELECT u.id, u.name, u.surname, u.email, m.role, m.rights, m.occupation, \
    u.kyc_status FROM profile_members m JOIN users u ON u.id = m.user_id";

/// The members of a profile, the Account Owners first.
pub async fn members(db: &Db, profile_id: &ProfileId) -> Result<Vec<MemberRow>, sqlx::Error> {
    let rows = sqlx::query_as::<_, Row>(&format!(
        "{SELECT} WHERE m.profile_id = $1 ORDER BY CASE WHEN m.role = 'admin' THEN 0 ELSE 1 END, u.name, u.surname, u.id"
    ))
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(member_from).collect())
}

pub async fn member(
    db: &Db,
    profile_id: &ProfileId,
    user_id: &UserId,
) -> Result<Option<MemberRow>, sqlx::Error> {
    let row = sqlx::query_as::<_, Row>(&format!(
        "{SELECT} WHERE m.profile_id = $1 AND m.user_id = $2"
    ))
    .bind(profile_id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(member_from))
}

/// Sets a member's role, rights and occupation; false when they are not a member.
pub async fn set_access(
    db: &Db,
    profile_id: &ProfileId,
    user_id: &UserId,
    role: Role,
    rights: &[String],
    occupation: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE profile_members SET role = $3, rights = $4, occupation = $5 \
         WHERE profile_id = $1 AND user_id = $2 AND role <> 'admin'",
    )
    .bind(profile_id)
    .bind(user_id)
    .bind(role.as_str())
    .bind(rights.join(";"))
    .bind(occupation)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes a member (never an Account Owner); false when there was none to remove. Every call
/// checks membership afresh, so the removed person's sessions lose the profile at once. The
/// cards they hold on the company's account are closed with them (a card network message for
/// a closed card is declined).
pub async fn remove(
    db: &Db,
    profile_id: &ProfileId,
    user_id: &UserId,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "DELETE FROM profile_members WHERE profile_id = $1 AND user_id = $2 AND role <> 'admin'",
    )
    .bind(profile_id)
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE cards SET status = 'closed', closure_reason = 'closed', next_step_at = NULL, \
         updated_at = $3 WHERE profile_id = $1 AND user_id = $2 AND status <> 'closed'",
    )
    .bind(profile_id)
    .bind(user_id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}
