//! Cards, their controls and limits (issue 14). Every change of status is conditional on the
//! status it leaves, so two requests that race cannot both move a card.

use sqlx::Row;

use super::Db;
use crate::domain::cards::controls::LimitType;
use crate::domain::cards::cvv::Expiry;
use crate::domain::cards::shipping::{ShippingAddress, ShippingType};
use crate::domain::cards::status::{CardStatus, ClosureReason};
use crate::domain::ids::{AccountId, CardId, ProfileId, UserId};

#[derive(Debug, Clone)]
pub struct CardRow {
    pub id: CardId,
    pub profile_id: ProfileId,
    pub user_id: UserId,
    pub bank_account_id: AccountId,
    pub status: CardStatus,
    pub pan_sealed: String,
    pub last_four: String,
    pub expiry: Expiry,
    pub holder_name: String,
    pub is_corporate: bool,
    pub pin_set: bool,
    pub pin_failures: i64,
    pub closure_reason: Option<ClosureReason>,
    pub shipping_address: ShippingAddress,
    pub next_step_at: Option<i64>,
    pub created_at: i64,
}

impl CardRow {
    /// SPEC §3 `panMasked`.
    pub fn pan_masked(&self) -> String {
        format!("**** **** **** {}", self.last_four)
    }
}

const COLUMNS: &str = "id, profile_id, user_id, bank_account_id, status, pan_sealed, last_four, \
    expiry, holder_name, is_corporate, \
    CAST(CASE WHEN pin_hash IS NULL THEN 0 ELSE 1 END AS BIGINT), pin_failures, closure_reason, \
    shipping_address, next_step_at, created_at";

fn from_row(row: &sqlx::any::AnyRow) -> Result<CardRow, sqlx::Error> {
    let status: String = row.try_get(4)?;
    let expiry: String = row.try_get(7)?;
    let reason: Option<String> = row.try_get(12)?;
    let address: String = row.try_get(13)?;
    Ok(CardRow {
        id: row.try_get(0)?,
        profile_id: row.try_get(1)?,
        user_id: row.try_get(2)?,
        bank_account_id: row.try_get(3)?,
        status: super::named("status", &status)?,
        pan_sealed: row.try_get(5)?,
        last_four: row.try_get(6)?,
        expiry: Expiry::parse_stored(&expiry).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "expiry".into(),
            source: format!("{expiry:?} is not a YYYY-MM expiry").into(),
        })?,
        holder_name: row.try_get(8)?,
        is_corporate: row.try_get::<i64, _>(9)? != 0,
        pin_set: row.try_get::<i64, _>(10)? != 0,
        pin_failures: row.try_get(11)?,
        closure_reason: reason
            .as_deref()
            .map(|r| super::named("closure_reason", r))
            .transpose()?,
        shipping_address: super::json("shipping_address", &address)?,
        next_step_at: row.try_get(14)?,
        created_at: row.try_get(15)?,
    })
}

pub struct NewCard<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub bank_account_id: &'a AccountId,
    pub pan_sealed: &'a str,
    pub pan_digest: &'a str,
    pub last_four: &'a str,
    pub expiry: Expiry,
    pub holder_name: &'a str,
    pub is_corporate: bool,
    pub shipping_address: &'a ShippingAddress,
    pub next_step_at: i64,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The person has a live personal card in this profile already.
    #[error("a card is live already")]
    LiveCard,
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// Creates a card in `draft` with every control on at its default limit.
pub async fn create(db: &Db, card: &NewCard<'_>, now: i64) -> Result<CardId, CreateError> {
    let mut tx = db.begin_write().await?;
    let id = create_in(&mut tx, card, None, now).await?;
    tx.commit().await?;
    Ok(id)
}

/// As [`create`], inside the caller's transaction; `invitation` names the card_user invitation
/// a corporate card is given by (one card per invitation).
pub async fn create_in(
    conn: &mut sqlx::AnyConnection,
    card: &NewCard<'_>,
    invitation: Option<&str>,
    now: i64,
) -> Result<CardId, CreateError> {
    let id = CardId::fresh();
    let inserted = sqlx::query(
        "INSERT INTO cards (id, profile_id, user_id, bank_account_id, status, pan_sealed, \
         pan_digest, last_four, expiry, holder_name, is_corporate, shipping_address, \
         next_step_at, created_at, updated_at, invitation_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)",
    )
    .bind(&id)
    .bind(card.profile_id)
    .bind(card.user_id)
    .bind(card.bank_account_id)
    .bind(CardStatus::Draft.as_str())
    .bind(card.pan_sealed)
    .bind(card.pan_digest)
    .bind(card.last_four)
    .bind(card.expiry.stored())
    .bind(card.holder_name)
    .bind(i64::from(card.is_corporate))
    .bind(serde_json::to_string(card.shipping_address).expect("an address serialises"))
    .bind(card.next_step_at)
    .bind(now)
    .bind(invitation)
    .execute(&mut *conn)
    .await;
    if let Err(error) = inserted {
        return Err(match error.as_database_error() {
            Some(db_error) if db_error.is_unique_violation() => CreateError::LiveCard,
            _ => error.into(),
        });
    }
    for kind in LimitType::ALL {
        sqlx::query(
            "INSERT INTO card_controls (card_id, kind, enabled, daily_limit) VALUES ($1, $2, 1, $3)",
        )
        .bind(&id)
        .bind(kind.as_str())
        .bind(kind.default_daily())
        .execute(&mut *conn)
        .await?;
    }
    Ok(id)
}

/// The corporate cards given to a person (through card invitations), newest first.
pub async fn given_to(db: &Db, user_id: &UserId) -> Result<Vec<CardRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM cards WHERE user_id = $1 AND invitation_id IS NOT NULL \
         ORDER BY created_at DESC, id"
    ))
    .bind(user_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

/// The card an invitation became, if it became one.
pub async fn by_invitation(db: &Db, invitation_id: &str) -> Result<Option<CardRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM cards WHERE invitation_id = $1"
    ))
    .bind(invitation_id)
    .fetch_optional(&db.pool)
    .await?
    .map(|row| from_row(&row))
    .transpose()
}

pub async fn by_id(db: &Db, id: &CardId) -> Result<Option<CardRow>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM cards WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .map(|row| from_row(&row))
        .transpose()
}

/// The card a network message names, by its number's keyed digest.
pub async fn by_digest(db: &Db, digest: &str) -> Result<Option<CardRow>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM cards WHERE pan_digest = $1"
    ))
    .bind(digest)
    .fetch_optional(&db.pool)
    .await?
    .map(|row| from_row(&row))
    .transpose()
}

/// A profile's cards, newest first; with `holder`, only that person's.
pub async fn for_profile(
    db: &Db,
    profile_id: &ProfileId,
    holder: Option<&str>,
) -> Result<Vec<CardRow>, sqlx::Error> {
    let rows = match holder {
        Some(user_id) => {
            sqlx::query(&format!(
                "SELECT {COLUMNS} FROM cards WHERE profile_id = $1 AND user_id = $2 \
                 ORDER BY created_at DESC, id"
            ))
            .bind(profile_id)
            .bind(user_id)
            .fetch_all(&db.pool)
            .await?
        }
        None => {
            sqlx::query(&format!(
                "SELECT {COLUMNS} FROM cards WHERE profile_id = $1 ORDER BY created_at DESC, id"
            ))
            .bind(profile_id)
            .fetch_all(&db.pool)
            .await?
        }
    };
    rows.iter().map(from_row).collect()
}

/// Moves a card from `from` to `to`; false when it was not in `from` any more.
pub async fn move_status(
    db: &Db,
    id: &CardId,
    from: CardStatus,
    to: CardStatus,
    reason: Option<ClosureReason>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    move_status_in(&mut conn, id, from, to, reason, now).await
}

/// `move_status` inside the caller's transaction.
pub async fn move_status_in(
    conn: &mut sqlx::AnyConnection,
    id: &CardId,
    from: CardStatus,
    to: CardStatus,
    reason: Option<ClosureReason>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE cards SET status = $1, closure_reason = COALESCE($2, closure_reason), \
         next_step_at = NULL, updated_at = $3 WHERE id = $4 AND status = $5",
    )
    .bind(to.as_str())
    .bind(reason.map(ClosureReason::as_str))
    .bind(now)
    .bind(id)
    .bind(from.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Activates a delivered card with the PIN its holder chose.
pub async fn activate(db: &Db, id: &CardId, pin_hash: &str, now: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "UPDATE cards SET status = $1, pin_hash = $2, pin_failures = 0, updated_at = $3 \
         WHERE id = $4 AND status = $5",
    )
    .bind(CardStatus::Active.as_str())
    .bind(pin_hash)
    .bind(now)
    .bind(id)
    .bind(CardStatus::ActivationPending.as_str())
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        tx.rollback().await?;
        return Ok(false);
    }
    // The holder's first active card makes a referral of theirs active (referrals.rs).
    let (holder,) = sqlx::query_as::<_, (UserId,)>("SELECT user_id FROM cards WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    super::referrals::activate_in(&mut tx, &holder, now).await?;
    tx.commit().await?;
    Ok(true)
}

/// Clears the count of wrong PINs that blocks the PIN.
pub async fn unblock_pin(db: &Db, id: &CardId, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE cards SET pin_failures = 0, updated_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The cards whose next delivery step is due.
pub async fn due_for_delivery(db: &Db, now: i64) -> Result<Vec<CardRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM cards WHERE status IN ($1, $2, $3) AND next_step_at <= $4 \
         ORDER BY next_step_at LIMIT 100"
    ))
    .bind(CardStatus::Draft.as_str())
    .bind(CardStatus::OrderPreProcessing.as_str())
    .bind(CardStatus::InDelivery.as_str())
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(from_row).collect()
}

/// Takes one delivery step, only from the status it was due in.
pub async fn delivery_step(
    db: &Db,
    id: &CardId,
    from: CardStatus,
    to: CardStatus,
    next_step_at: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE cards SET status = $1, next_step_at = $2, updated_at = $3 \
         WHERE id = $4 AND status = $5",
    )
    .bind(to.as_str())
    .bind(next_step_at)
    .bind(now)
    .bind(id)
    .bind(from.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A card's control and daily limit of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Control {
    pub kind: LimitType,
    pub enabled: bool,
    pub daily_limit: i64,
}

pub async fn controls(db: &Db, card_id: &CardId) -> Result<Vec<Control>, sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, i64, i64)>(
        "SELECT kind, enabled, daily_limit FROM card_controls WHERE card_id = $1",
    )
    .bind(card_id)
    .fetch_all(&db.pool)
    .await?;
    let mut controls = rows
        .into_iter()
        .map(|(kind, enabled, daily_limit)| {
            Ok(Control {
                kind: super::named("kind", &kind)?,
                enabled: enabled != 0,
                daily_limit,
            })
        })
        .collect::<Result<Vec<Control>, sqlx::Error>>()?;
    controls.sort_by_key(|c| LimitType::ALL.iter().position(|k| *k == c.kind));
    Ok(controls)
}

pub async fn set_control(db: &Db, card_id: &CardId, control: Control) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE card_controls SET enabled = $1, daily_limit = $2 WHERE card_id = $3 AND kind = $4",
    )
    .bind(i64::from(control.enabled))
    .bind(control.daily_limit)
    .bind(card_id)
    .bind(control.kind.as_str())
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// The profile's chosen shipping address, if one was chosen.
pub async fn shipping_choice(
    db: &Db,
    profile_id: &ProfileId,
) -> Result<Option<(ShippingType, Option<ShippingAddress>)>, sqlx::Error> {
    let row = sqlx::query_as::<_, (Option<String>, Option<String>)>(
        "SELECT card_shipping_type, card_shipping_address FROM profiles WHERE id = $1",
    )
    .bind(profile_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some((Some(kind), address)) = row else {
        return Ok(None);
    };
    let address = address
        .map(|a| super::json("card_shipping_address", &a))
        .transpose()?;
    Ok(Some((super::named("card_shipping_type", &kind)?, address)))
}

pub async fn set_shipping_choice(
    db: &Db,
    profile_id: &ProfileId,
    kind: ShippingType,
    address: Option<&ShippingAddress>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE profiles SET card_shipping_type = $1, card_shipping_address = $2 WHERE id = $3",
    )
    .bind(kind.as_str())
    .bind(address.map(|a| serde_json::to_string(a).expect("an address serialises")))
    .bind(profile_id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Moves every card whose delivery step is due one step on (issue 14 point 2); the next step is
/// due `step_ms` later, until the card waits for its holder to activate it. Answers how many
/// moved.
pub async fn deliver_due(db: &Db, now: i64, step_ms: i64) -> Result<u64, sqlx::Error> {
    let mut moved = 0;
    for card in due_for_delivery(db, now).await? {
        let Some(next) = card.status.delivery_step() else {
            continue;
        };
        let next_at = next.delivery_step().map(|_| now + step_ms);
        if delivery_step(db, &card.id, card.status, next, next_at, now).await? {
            moved += 1;
        }
    }
    Ok(moved)
}
