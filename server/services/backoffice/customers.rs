//! A customer as the back office sees them (issue 32 point 4): found by what a caller or a
//! payment names, their whole record opened with a reason (logged), restricted with a reason,
//! their sessions ended. Lifting a restriction needs four eyes (`proposals.rs`).

use serde_json::json;

use super::Actor;
use crate::domain::backoffice::audit::StaffAction;
use crate::domain::ids::UserId;
use crate::domain::onboarding::kyc::KycStatus;
use crate::domain::paging::Paging;
use crate::domain::payments::limits::OwnLimit;
use crate::store::{self, Db};

pub use crate::domain::support::chat::ChatLine;
pub use crate::store::bank_accounts::BankAccount;
pub use crate::store::cards::CardRow;
pub use crate::store::profiles::Profile;
pub use crate::store::team::MemberRow;
pub use crate::store::transactions::Transaction;
pub use crate::store::users::UserRow;

/// Search answers at most this many customers; a longer list wants a closer query.
const SEARCH_LIMIT: i64 = 50;
const RECENT: i64 = 10;

#[derive(Debug, thiserror::Error)]
pub enum CustomerError {
    #[error("no such customer")]
    Unknown,
    /// Opening a record or acting on it needs a reason (the audit log's "why").
    #[error("say why")]
    NoReason,
    /// A search needs at least two characters.
    #[error("the query is too short")]
    QueryTooShort,
    /// The account is not in the state the action starts from.
    #[error("the account is {0}")]
    WrongStatus(KycStatus),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// The reason a member gave, trimmed; at least a few characters.
pub fn reason(text: &str) -> Result<&str, CustomerError> {
    let text = text.trim();
    if text.chars().count() < 3 {
        return Err(CustomerError::NoReason);
    }
    Ok(text)
}

pub async fn search(
    db: &Db,
    actor: &Actor<'_>,
    query: &str,
) -> Result<Vec<store::customers::Found>, CustomerError> {
    if query.trim().chars().count() < 2 {
        return Err(CustomerError::QueryTooShort);
    }
    let found = store::customers::search(db, query, SEARCH_LIMIT).await?;
    let detail = json!({ "query": query.trim(), "found": found.len() }).to_string();
    super::audit(
        db,
        actor,
        StaffAction::CustomersSearched,
        None,
        "search",
        &detail,
    )
    .await?;
    Ok(found)
}

/// One profile the person belongs to, with what it holds.
pub struct ProfilePart {
    pub profile: Profile,
    pub members: Vec<MemberRow>,
    pub accounts: Vec<BankAccount>,
    pub cards: Vec<CardRow>,
    pub recent: Vec<Transaction>,
    /// The profile's own transfer limits, where operations set them.
    pub own_limits: Vec<(crate::domain::accounts::money::Currency, OwnLimit)>,
    /// The profile's own transfer fees, where operations set them.
    pub own_fees: Vec<(
        crate::domain::payments::payee::Scheme,
        crate::domain::accounts::money::Currency,
        i64,
    )>,
}

pub struct Record {
    pub person: UserRow,
    pub phone: Option<(String, String)>,
    pub identity: Option<(String, String, String, i64)>,
    pub profiles: Vec<ProfilePart>,
    pub live_sessions: i64,
    /// (subject, request, status, when).
    pub messages: Vec<(String, String, String, i64)>,
    pub chat: Vec<ChatLine>,
    /// What the bank's staff did about this customer: (who, action, reason, detail, when).
    pub history: Vec<store::staff_audit::Logged>,
}

/// The customer's whole record; opening it is logged with the member's reason.
pub async fn record(
    db: &Db,
    actor: &Actor<'_>,
    user_id: &UserId,
    why: &str,
) -> Result<Record, CustomerError> {
    let why = reason(why)?;
    let person = store::users::by_id(db, user_id)
        .await?
        .ok_or(CustomerError::Unknown)?;
    super::audit(
        db,
        actor,
        StaffAction::CustomerViewed,
        Some(user_id.as_str()),
        why,
        "",
    )
    .await?;
    let mut profiles = Vec::new();
    for profile in store::profiles::for_user(db, user_id).await? {
        let accounts = store::bank_accounts::for_profile(db, &profile.id).await?;
        let mut recent = Vec::new();
        for account in &accounts {
            let filter = store::transactions::Filter {
                bank_account_id: account.id.clone(),
                ..Default::default()
            };
            let paging = Paging::parse(Some(1), Some(RECENT), RECENT, RECENT)
                .expect("the first page of ten is a page");
            recent.extend(
                store::transactions::fetch(db, &filter, paging)
                    .await?
                    .results,
            );
        }
        recent.sort_by_key(|t| std::cmp::Reverse(t.created_at));
        recent.truncate(RECENT as usize);
        profiles.push(ProfilePart {
            own_limits: store::profile_limits::of_profile(db, &profile.id).await?,
            own_fees: store::profile_fees::of_profile(db, &profile.id).await?,
            members: store::team::members(db, &profile.id).await?,
            cards: store::cards::for_profile(db, &profile.id, None).await?,
            accounts,
            recent,
            profile,
        });
    }
    Ok(Record {
        phone: store::users::phone(db, user_id).await?,
        identity: store::identity_checks::of_user(db, user_id).await?,
        live_sessions: store::customers::live_sessions(db, user_id, db.now_ms()).await?,
        messages: store::customers::messages(db, user_id, 20).await?,
        chat: store::chat_messages::conversation(db, user_id, 50).await?,
        history: store::staff_audit::latest(db, Some(user_id.as_str()), 50).await?,
        profiles,
        person,
    })
}

/// Restricts a ready account (the app stays open, money does not move), with the reason; the
/// command line's `bank restrict` makes the same move.
pub async fn restrict(
    db: &Db,
    actor: Option<&Actor<'_>>,
    user_id: &UserId,
    why: &str,
) -> Result<(), CustomerError> {
    let why = reason(why)?;
    let person = store::users::by_id(db, user_id)
        .await?
        .ok_or(CustomerError::Unknown)?;
    let mut tx = db.begin_write().await?;
    if !store::users::move_status(
        &mut tx,
        user_id,
        &[KycStatus::Completed],
        KycStatus::AccountRestricted,
    )
    .await?
    {
        return Err(CustomerError::WrongStatus(person.kyc_status));
    }
    let entry = store::staff_audit::Entry {
        staff_id: actor.map(|a| a.member.id.as_str()),
        action: StaffAction::CustomerRestricted,
        subject: Some(user_id.as_str()),
        reason: why,
        detail: "",
        ip: actor.map_or("command line", |a| a.ip),
    };
    store::staff_audit::record_in(&mut tx, &entry, db.now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// Ends every session of the customer (a lost phone, a suspected takeover): they log in again.
pub async fn end_sessions(
    db: &Db,
    actor: &Actor<'_>,
    user_id: &UserId,
    why: &str,
) -> Result<u64, CustomerError> {
    let why = reason(why)?;
    store::users::by_id(db, user_id)
        .await?
        .ok_or(CustomerError::Unknown)?;
    let ended = store::sessions::revoke_all_for_user(db, user_id, db.now_ms()).await?;
    let detail = json!({ "ended": ended }).to_string();
    super::audit(
        db,
        actor,
        StaffAction::SessionsEnded,
        Some(user_id.as_str()),
        why,
        &detail,
    )
    .await?;
    Ok(ended)
}
