//! Referrals of both programmes (domain/engagement/referrals.rs): the card programme (issue 14;
//! SPEC §7 POST /v2/cards/referral-programs) and the account programme (issue 31; POST
//! /v2/users/referrals), with one code per person and one reward job. Every change of state is
//! conditional on the state it leaves; the reward is booked in the transaction that marks the
//! referral rewarded, so it is paid once across restarts and a fleet of servers.

use crate::domain::accounts::money::Money;
pub use crate::domain::engagement::referrals::{Programme, ReferralState};
use crate::domain::ids::UserId;
use sqlx::Row;

use super::Db;

#[derive(Debug, Clone)]
pub struct ReferralRow {
    pub id: String,
    pub programme: Programme,
    pub referred_name: String,
    pub state: ReferralState,
    pub reward: i64,
    pub created_at: i64,
    pub rewarded_at: Option<i64>,
}

use crate::domain::engagement::referrals::new_code;

/// The person's referral code, made on first use.
pub async fn code_of(db: &Db, user_id: &UserId, now: i64) -> Result<String, sqlx::Error> {
    for _ in 0..5 {
        if let Some((code,)) =
            sqlx::query_as::<_, (String,)>("SELECT code FROM referral_codes WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(&db.pool)
                .await?
        {
            return Ok(code);
        }
        // A concurrent first call, or (rarely) a code taken: either way, read again.
        sqlx::query(
            "INSERT INTO referral_codes (user_id, code, created_at) VALUES ($1, $2, $3) \
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

/// Who referred a person signing up: the owner of `code` when one came with the link, else the
/// latest customer who invited their email address (account programme).
pub async fn referrer_in(
    conn: &mut sqlx::AnyConnection,
    code: Option<&str>,
    email: &str,
) -> Result<Option<(UserId, Option<Programme>)>, sqlx::Error> {
    if let Some(code) = code {
        let owner =
            sqlx::query_as::<_, (String,)>("SELECT user_id FROM referral_codes WHERE code = $1")
                .bind(code.trim().to_uppercase())
                .fetch_optional(&mut *conn)
                .await?;
        if let Some((id,)) = owner {
            return Ok(Some((UserId::from(&id), None)));
        }
    }
    let inviter = sqlx::query_as::<_, (String,)>(
        "SELECT referrer_id FROM referral_invites WHERE email = $1 ORDER BY created_at DESC, id \
         LIMIT 1",
    )
    .bind(email)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(inviter.map(|(id,)| (UserId::from(&id), Some(Programme::Account))))
}

/// Records, in a sign-up's transaction, that `referrer_id` referred `referred_id` through
/// `programme`, for `reward` (minor units of GBP). A person is referred once, never by
/// themselves.
pub async fn refer_in(
    conn: &mut sqlx::AnyConnection,
    referrer_id: &UserId,
    referred_id: &UserId,
    programme: Programme,
    reward: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    if referrer_id == referred_id {
        return Ok(false);
    }
    let done = sqlx::query(
        "INSERT INTO referrals (id, referrer_id, referred_id, state, reward, created_at, programme) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(referrer_id)
    .bind(referred_id)
    .bind(ReferralState::Pending.as_str())
    .bind(reward)
    .bind(now)
    .bind(programme.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// In a card activation's transaction: the referred person's first card is active, so their
/// card-programme referral is.
pub async fn activate_in(
    conn: &mut sqlx::AnyConnection,
    referred_id: &UserId,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE referrals SET state = $1, activated_at = $2 \
         WHERE referred_id = $3 AND state = $4 AND programme = $5",
    )
    .bind(ReferralState::Active.as_str())
    .bind(now)
    .bind(referred_id)
    .bind(ReferralState::Pending.as_str())
    .bind(Programme::Card.as_str())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Account-programme referrals whose friend's account is ready (their checks completed) become
/// active; answers how many did.
pub async fn activate_ready_accounts(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE referrals SET state = $1, activated_at = $2 \
         WHERE state = $3 AND programme = $4 \
         AND referred_id IN (SELECT id FROM users WHERE kyc_status = $5)",
    )
    .bind(ReferralState::Active.as_str())
    .bind(now)
    .bind(ReferralState::Pending.as_str())
    .bind(Programme::Account.as_str())
    .bind(crate::domain::onboarding::kyc::KycStatus::Completed.as_str())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected())
}

/// The referrals a person made through `programme`, newest first, with the friend's name as they
/// gave it.
pub async fn of_referrer(
    db: &Db,
    referrer_id: &UserId,
    programme: Programme,
) -> Result<Vec<ReferralRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.id, u.name, u.surname, r.state, r.reward, r.created_at, r.rewarded_at, \
         r.programme FROM referrals r JOIN users u ON u.id = r.referred_id \
         WHERE r.referrer_id = $1 AND r.programme = $2 ORDER BY r.created_at DESC, r.id",
    )
    .bind(referrer_id)
    .bind(programme.as_str())
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            let name: String = row.try_get(1)?;
            let surname: String = row.try_get(2)?;
            let state: String = row.try_get(3)?;
            let programme: String = row.try_get(7)?;
            Ok(ReferralRow {
                id: row.try_get(0)?,
                programme: super::named("programme", &programme)?,
                referred_name: format!("{name} {surname}").trim().to_string(),
                state: super::named("state", &state)?,
                reward: row.try_get(4)?,
                created_at: row.try_get(5)?,
                rewarded_at: row.try_get(6)?,
            })
        })
        .collect()
}

/// Pays the rewards of active referrals of both programmes: each in its own transaction that claims it (active →
/// rewarded) and books the money to the referrer's primary GBP account. A referrer without an
/// active GBP account waits: the referral stays active and is tried again. Answers how many
/// were paid.
pub async fn pay_due(db: &Db, now: i64, limit: i64) -> Result<u64, sqlx::Error> {
    let due = sqlx::query_as::<_, (String, String, i64, String)>(
        "SELECT id, referrer_id, reward, programme FROM referrals WHERE state = $1 \
         ORDER BY activated_at, id LIMIT $2",
    )
    .bind(ReferralState::Active.as_str())
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    let mut paid = 0;
    for (id, referrer_id, reward, programme) in due {
        let Some(account) = reward_account(db, &UserId::from(&referrer_id)).await? else {
            continue;
        };
        let mut tx = db.begin_write().await?;
        let claimed = sqlx::query(
            "UPDATE referrals SET state = $1, rewarded_at = $2 WHERE id = $3 AND state = $4",
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
            if programme == Programme::Account.as_str() {
                "Referral reward"
            } else {
                "Card referral reward"
            },
            now,
        )
        .await;
        match booked {
            Ok(transaction_id) => {
                sqlx::query("UPDATE referrals SET transaction_id = $1 WHERE id = $2")
                    .bind(&transaction_id)
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                paid += 1;
            }
            Err(error) => {
                // The account cannot take money now: the referral stays active, to be retried.
                tracing::warn!(%error, referral = %id, "a referral reward was not paid");
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

/// A friend a customer invited by email, and how it stands.
#[derive(Debug, Clone)]
pub struct InviteRow {
    pub email: String,
    pub state: ReferralState,
    pub invited_at: i64,
}

/// Records that `referrer_id` invited `email`: once per friend (inviting again reminds them, it
/// keeps the first time). Answers whether the invite is new.
pub async fn invite(
    db: &Db,
    referrer_id: &UserId,
    email: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO referral_invites (id, referrer_id, email, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (referrer_id, email) DO NOTHING",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(referrer_id)
    .bind(email)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A page of the people `referrer_id` invited, newest first, each with the state of the referral
/// the friend made with them (pending until they sign up); and how many there are in all.
pub async fn invites(
    db: &Db,
    referrer_id: &UserId,
    offset: i64,
    limit: i64,
) -> Result<(Vec<InviteRow>, i64), sqlx::Error> {
    let rows = sqlx::query_as::<_, (String, i64, Option<String>)>(
        "SELECT i.email, i.created_at, r.state FROM referral_invites i \
         LEFT JOIN users u ON u.email = i.email \
         LEFT JOIN referrals r ON r.referred_id = u.id AND r.referrer_id = i.referrer_id \
         WHERE i.referrer_id = $1 ORDER BY i.created_at DESC, i.id LIMIT $2 OFFSET $3",
    )
    .bind(referrer_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let (total,) = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM referral_invites WHERE referrer_id = $1",
    )
    .bind(referrer_id)
    .fetch_one(&db.pool)
    .await?;
    let rows = rows
        .into_iter()
        .map(|(email, invited_at, state)| {
            Ok(InviteRow {
                email,
                state: crate::domain::engagement::referrals::invite_state(
                    state
                        .map(|s| super::named::<ReferralState>("state", &s))
                        .transpose()?,
                ),
                invited_at,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok((rows, total))
}
