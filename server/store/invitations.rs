//! Invitations (issue 13 point 3): made by an Account Owner, answered once. A pending invitation
//! past its time reads as expired; every change of state is conditional on the state it leaves,
//! so two answers to one invitation cannot both win.

use crate::domain::ids::{ProfileId, UserId};
use sqlx::Row;

use super::cards::{CreateError, NewCard};
use super::Db;
use crate::domain::auth::secrets::{digest, new_token};
use crate::domain::cards::shipping::ShippingAddress;
use crate::domain::profiles::access::Role;
use crate::domain::profiles::invitation::{InvitationState, Purpose, LIFETIME_MS};

const CONTEXT: &str = "invitation";

#[derive(Debug, Clone)]
pub struct InvitationRow {
    pub id: String,
    pub reference: String,
    pub profile_id: ProfileId,
    pub profile_name: String,
    pub invited_by: UserId,
    pub name: String,
    pub email: String,
    pub role: Role,
    pub occupation: Option<String>,
    pub rights: Vec<String>,
    pub purpose: Purpose,
    pub state: InvitationState,
    pub expires_at: i64,
    pub created_at: i64,
    /// A card invitation: where the card is to be sent.
    pub card_shipping_address: Option<ShippingAddress>,
}

const COLUMNS: &str = "i.id, i.reference, i.profile_id, p.name, i.invited_by, i.name, i.email, \
    i.role, i.occupation, i.rights, i.purpose, i.state, i.expires_at, i.created_at, i.card_shipping_address";
const FROM: &str = "FROM invitations i JOIN profiles p ON p.id = i.profile_id";

/// The state as of `now`: a pending invitation whose time is up has expired.
fn from_row(row: &sqlx::any::AnyRow, now: i64) -> Result<InvitationRow, sqlx::Error> {
    let stored: String = row.try_get(11)?;
    let expires_at: i64 = row.try_get(12)?;
    let state = match super::named("state", &stored)? {
        InvitationState::InvitationPending if expires_at <= now => {
            InvitationState::InvitationExpired
        }
        state => state,
    };
    let rights: String = row.try_get(9)?;
    let purpose: String = row.try_get(10)?;
    Ok(InvitationRow {
        id: row.try_get(0)?,
        reference: row.try_get(1)?,
        profile_id: row.try_get(2)?,
        profile_name: row.try_get(3)?,
        invited_by: row.try_get(4)?,
        name: row.try_get(5)?,
        email: row.try_get(6)?,
        role: Role::stored(&row.try_get::<String, _>(7)?),
        occupation: row.try_get(8)?,
        rights: super::rights_list(&rights),
        purpose: super::named("purpose", &purpose)?,
        state,
        expires_at,
        created_at: row.try_get(13)?,
        card_shipping_address: row
            .try_get::<Option<String>, _>(14)?
            .map(|text| super::json("card_shipping_address", &text))
            .transpose()?,
    })
}

pub struct NewInvitation<'a> {
    pub profile_id: &'a ProfileId,
    pub invited_by: &'a UserId,
    pub name: &'a str,
    pub email: &'a str,
    pub role: Role,
    pub occupation: Option<&'a str>,
    pub rights: &'a [String],
    pub purpose: Purpose,
    pub card_shipping_address: Option<&'a ShippingAddress>,
    pub now: i64,
}

/// A short reference: 8 characters a person can read out.
fn reference() -> String {
    let id = uuid::Uuid::new_v4().simple().to_string().to_uppercase();
    format!("INV-{}", &id[..8])
}

/// Creates an invitation and answers it with the link's token (sent once, stored hashed).
pub async fn create(
    db: &Db,
    new: &NewInvitation<'_>,
) -> Result<(InvitationRow, String), sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let token = new_token();
    sqlx::query(
        "INSERT INTO invitations (id, reference, profile_id, invited_by, name, email, role, occupation, \
         rights, purpose, token_hash, state, expires_at, created_at, card_shipping_address) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
    )
    .bind(&id)
    .bind(reference())
    .bind(new.profile_id)
    .bind(new.invited_by)
    .bind(new.name)
    .bind(new.email)
    .bind(new.role.as_str())
    .bind(new.occupation)
    .bind(new.rights.join(";"))
    .bind(new.purpose.as_str())
    .bind(digest(&token, CONTEXT))
    .bind(InvitationState::InvitationPending.as_str())
    .bind(new.now + LIFETIME_MS)
    .bind(new.now)
    .bind(
        new.card_shipping_address
            .map(|a| serde_json::to_string(a).expect("an address serialises")),
    )
    .execute(&db.pool)
    .await?;
    let row = by_id(db, &id, new.now)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok((row, token))
}

pub async fn by_id(db: &Db, id: &str, now: i64) -> Result<Option<InvitationRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} {FROM} WHERE i.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .map(|row| from_row(&row, now))
        .transpose()
}

pub async fn by_reference(
    db: &Db,
    reference: &str,
    now: i64,
) -> Result<Option<InvitationRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} {FROM} WHERE i.reference = $1"))
        .bind(reference)
        .fetch_optional(&db.pool)
        .await?
        .map(|row| from_row(&row, now))
        .transpose()
}

/// The invitation a link's token belongs to, whatever its state.
pub async fn by_token(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<InvitationRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} {FROM} WHERE i.token_hash = $1"))
        .bind(digest(token, CONTEXT))
        .fetch_optional(&db.pool)
        .await?
        .map(|row| from_row(&row, now))
        .transpose()
}

/// A profile's invitations, newest first.
pub async fn for_profile(
    db: &Db,
    profile_id: &ProfileId,
    now: i64,
) -> Result<Vec<InvitationRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} {FROM} WHERE i.profile_id = $1 ORDER BY i.created_at DESC, i.id"
    ))
    .bind(profile_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(|row| from_row(row, now)).collect()
}

/// The live invitations addressed to an email, oldest first (the modal shows the first).
pub async fn for_email(db: &Db, email: &str, now: i64) -> Result<Vec<InvitationRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} {FROM} WHERE i.email = $1 AND i.state = $2 AND i.expires_at > $3 \
         ORDER BY i.created_at, i.id"
    ))
    .bind(email)
    .bind(InvitationState::InvitationPending.as_str())
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(|row| from_row(row, now)).collect()
}

/// A live pending invitation of the profile to this email, if one is open.
pub async fn open_for(
    db: &Db,
    profile_id: &ProfileId,
    email: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(for_email(db, email, now)
        .await?
        .iter()
        .any(|i| i.profile_id == profile_id))
}

/// A new link for a pending invitation (the old one stops working) and a new week; answers the
/// token, or none when the invitation is no longer pending.
pub async fn resend(db: &Db, id: &str, now: i64) -> Result<Option<String>, sqlx::Error> {
    let token = new_token();
    let done = sqlx::query(
        "UPDATE invitations SET token_hash = $2, expires_at = $3 WHERE id = $1 AND state = $4",
    )
    .bind(id)
    .bind(digest(&token, CONTEXT))
    .bind(now + LIFETIME_MS)
    .bind(InvitationState::InvitationPending.as_str())
    .execute(&db.pool)
    .await?;
    Ok((done.rows_affected() == 1).then_some(token))
}

/// Moves a live pending invitation to `to` (declined, rejected); false when it was not live.
pub async fn answer(db: &Db, id: &str, to: InvitationState, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invitations SET state = $2, answered_at = $3 WHERE id = $1 AND state = $4 AND expires_at > $3",
    )
    .bind(id)
    .bind(to.as_str())
    .bind(now)
    .bind(InvitationState::InvitationPending.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Accepts a live invitation for `user_id`: the membership with the invitation's access is made
/// in the same transaction, once. False when the invitation was not live any more.
pub async fn accept(
    db: &Db,
    invitation: &InvitationRow,
    user_id: &UserId,
    card: Option<&NewCard<'_>>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if accept_in(&mut tx, invitation, user_id, card, now).await? {
        tx.commit().await?;
        Ok(true)
    } else {
        tx.rollback().await?;
        Ok(false)
    }
}

/// As [`accept`], inside the caller's transaction (a registration from the link). A card
/// invitation brings its `card` (issuing.rs), made here with the membership, once.
pub async fn accept_in(
    conn: &mut sqlx::AnyConnection,
    invitation: &InvitationRow,
    user_id: &UserId,
    card: Option<&NewCard<'_>>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE invitations SET state = $2, answered_at = $3, user_id = $4 \
         WHERE id = $1 AND state = $5 AND expires_at > $3",
    )
    .bind(&invitation.id)
    .bind(InvitationState::InvitationAccepted.as_str())
    .bind(now)
    .bind(user_id)
    .bind(InvitationState::InvitationPending.as_str())
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    let already =
        sqlx::query("SELECT 1 FROM profile_members WHERE profile_id = $1 AND user_id = $2")
            .bind(&invitation.profile_id)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?
            .is_some();
    if !already {
        let rights: Vec<&str> = invitation.rights.iter().map(String::as_str).collect();
        super::profiles::add_member_in(
            conn,
            &invitation.profile_id,
            user_id,
            invitation.role,
            &rights,
            false,
        )
        .await?;
        sqlx::query(
            "UPDATE profile_members SET occupation = $3 WHERE profile_id = $1 AND user_id = $2",
        )
        .bind(&invitation.profile_id)
        .bind(user_id)
        .bind(&invitation.occupation)
        .execute(&mut *conn)
        .await?;
    }
    if let Some(card) = card {
        super::cards::create_in(conn, card, Some(&invitation.id), now)
            .await
            .map_err(|error| match error {
                // The number repeated one issued before (the invitation is accepted once):
                // nothing is kept, and answering again draws a new one.
                CreateError::LiveCard => {
                    sqlx::Error::Protocol("a new card number repeated an issued one".into())
                }
                CreateError::Sql(error) => error,
            })?;
    }
    Ok(true)
}
