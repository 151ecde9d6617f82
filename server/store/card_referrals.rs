//! The card referral programme (issue 14; SPEC §7 POST /v2/cards/referral-programs, §3 referral
//! states). Every change of state is conditional on the state it leaves; the reward is booked in
//! the transaction that marks the referral rewarded, so it is paid once across restarts and a
//! fleet of servers.

use crate::domain::accounts::money::Money;
use crate::domain::ids::UserId;
use sqlx::Row;

use super::Db;

crate::domain::named_enum! {
    /// SPEC §3 referral states.
    pub enum ReferralState {
        Pending = "pending",
        Active = "active",
        Rewarded = "rewarded",
    }
}

#[derive(Debug, Clone)]
pub struct ReferralRow {
    pub id: String,
    pub referred_name: String,
    pub state: ReferralState,
    pub reward: i64,
    pub created_at: i64,
    pub rewarded_at: Option<i64>,
}

/// Eight characters a friend can type: no 0/O or 1/I to confuse.
fn new_code() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// The person's referral code, made on first use.
pub async fn code_of(db: &Db, user_id: &UserId, now: i64) -> Result<String, sqlx::Error> {
    for _ in 0..5 {
        if let Some((code,)) = sqlx::query_as::<_, (String,)>(
            "SELECT code FROM card_referral_codes WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?
        {
            return Ok(code);
        }
        // A concurrent first call, or (rarely) a code taken: either way, read again.
        sqlx::query(
            "INSERT INTO card_referral_codes (user_id, code, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(new_code())
        .bind(now)
        .execute(&db.pool)
        .await?;
    }
    Err(sqlx::Error::RowNotFound)
}

/// Records, in a sign-up's transaction, that the person who owns `code` referred `referred_id`.
/// An unknown code refers nobody (a stale link does not stop a sign-up).
pub async fn refer_in(
    conn: &mut sqlx::AnyConnection,
    code: &str,
    referred_id: &UserId,
    reward: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let referrer =
        sqlx::query_as::<_, (String,)>("SELECT user_id FROM card_referral_codes WHERE code = $1")
            .bind(code.trim().to_uppercase())
            .fetch_optional(&mut *conn)
            .await?;
    let Some((referrer_id,)) = referrer.filter(|(id,)| id != referred_id) else {
        return Ok(false);
    };
    let done = sqlx::query(
        "INSERT INTO card_referrals (id, referrer_id, referred_id, state, reward, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(referrer_id)
    .bind(referred_id)
    .bind(ReferralState::Pending.as_str())
    .bind(reward)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// In a card activation's transaction: the referred person's first card is active, so their
/// referral is.
pub async fn activate_in(
    conn: &mut sqlx::AnyConnection,
    referred_id: &UserId,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE card_referrals SET state = $1, activated_at = $2 WHERE referred_id = $3 AND state = $4",
    )
    .bind(ReferralState::Active.as_str())
    .bind(now)
    .bind(referred_id)
    .bind(ReferralState::Pending.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The referrals a person made, newest first, with the friend's name as they gave it.
pub async fn of_referrer(db: &Db, referrer_id: &UserId) -> Result<Vec<ReferralRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.id, u.name, u.surname, r.state, r.reward, r.created_at, r.rewarded_at \
         FROM card_referrals r JOIN users u ON u.id = r.referred_id \
         WHERE r.referrer_id = $1 ORDER BY r.created_at DESC, r.id",
    )
    .bind(referrer_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            let name: String = row.try_get(1)?;
            let surname: String = row.try_get(2)?;
            let state: String = row.try_get(3)?;
            Ok(ReferralRow {
                id: row.try_get(0)?,
                referred_name: format!("{name} {surname}").trim().to_string(),
                state: super::named("state", &state)?,
                reward: row.try_get(4)?,
                created_at: row.try_get(5)?,
                rewarded_at: row.try_get(6)?,
            })
        })
        .collect()
}

/// Pays the rewards of active referrals: each in its own transaction that claims it (active →
/// rewarded) and books the money to the referrer's primary GBP account. A referrer without an
/// active GBP account waits: the referral stays active and is tried again. Answers how many
/// were paid.
pub async fn pay_due(db: &Db, now: i64, limit: i64) -> Result<u64, sqlx::Error> {
    let due = sqlx::query_as::<_, (String, String, i64)>(
        "SELECT id, referrer_id, reward FROM card_referrals WHERE state = $1 \
         ORDER BY activated_at, id LIMIT $2",
    )
    .bind(ReferralState::Active.as_str())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    let mut paid = 0;
    for (id, referrer_id, reward) in due {
        let Some(account) = reward_account(db, &UserId::from(&referrer_id)).await? else {
            continue;
        };
        let mut tx = db.begin_write().await?;
        let claimed = sqlx::query(
            "UPDATE card_referrals SET state = $1, rewarded_at = $2 WHERE id = $3 AND state = $4",
        )
        .bind(ReferralState::Rewarded.as_str())
        .bind(now)
        .bind(&id)
        .bind(ReferralState::Active.as_str())
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            // Another server paid it first.
            tx.rollback().await?;
            continue;
        }
        let booked = super::bookings::reward_in(
            &mut tx,
            db.backend,
            &account,
            Money::new(reward, account.currency),
            "Card referral reward",
            now,
        )
        .await;
        match booked {
            Ok(transaction_id) => {
                sqlx::query("UPDATE card_referrals SET transaction_id = $1 WHERE id = $2")
                    .bind(&transaction_id)
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                paid += 1;
            }
            Err(error) => {
                // The account cannot take money now: the referral stays active, to be retried.
                tracing::warn!(%error, referral = %id, "a card referral reward was not paid");
                tx.rollback().await?;
            }
        }
    }
    Ok(paid)
}

/// The referrer's primary active GBP account in their default profile, if they have one.
async fn reward_account(
    db: &Db,
    referrer_id: &UserId,
) -> Result<Option<super::bank_accounts::BankAccount>, sqlx::Error> {
    let Some(profile) = super::profiles::for_user(db, referrer_id)
        .await?
        .into_iter()
        .find(|p| p.my_access.role == crate::domain::profiles::access::Role::Admin)
    else {
        return Ok(None);
    };
    Ok(super::bank_accounts::for_profile(db, &profile.id)
        .await?
        .into_iter()
        .find(|a| {
            a.is_primary
                && a.currency == crate::domain::accounts::money::Currency::Gbp
                && a.status.usable()
        }))
}
