//! The account referral programme (issue 31 point 4): the person's code and links, invitations
//! by email, and how each invited friend stands. Rewards are paid by the job both programmes
//! share (store/referrals.rs).

use crate::config::Company;
use crate::domain::auth::email::Email;
use crate::domain::ids::UserId;
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::{Notifications, NotifyError};
use crate::store::referrals::InviteRow;
use crate::store::{self, Db};

/// The person's referral code, made on first ask.
pub async fn code(db: &Db, user_id: &UserId) -> Result<String, sqlx::Error> {
    store::referrals::code_of(db, user_id, db.now_ms()).await
}

/// The short link's code for a path of the bank, made on first ask.
pub async fn short_link(db: &Db, path: &str) -> Result<String, sqlx::Error> {
    store::short_links::take(db, path, db.now_ms()).await
}

/// Where a short link leads, if it is one of the bank's.
pub async fn resolve(db: &Db, code: &str) -> Result<Option<String>, sqlx::Error> {
    store::short_links::target(db, code).await
}

/// What the invitation carries.
pub struct Invitation<'a> {
    pub link: &'a str,
    pub company: &'a Company,
}

#[derive(Debug, thiserror::Error)]
pub enum InviteError {
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
    #[error(transparent)]
    Send(#[from] NotifyError),
}

/// Invites a friend by email with the person's link: kept once per friend, sent each time (a
/// reminder). The email going is part of the call: a failure is the caller's error to show.
pub async fn invite(
    db: &Db,
    notify: &Notifications,
    referrer: &UserId,
    friend: &Email,
    invitation: &Invitation<'_>,
) -> Result<(), InviteError> {
    store::referrals::invite(db, referrer, friend.as_str(), db.now_ms()).await?;
    let inviter = store::users::by_id(db, referrer)
        .await?
        .map(|u| format!("{} {}", u.name, u.surname).trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "A friend".to_string());
    let bank = &invitation.company.trading_name;
    notify
        .send(Message {
            channel: Channel::Email,
            to: friend.as_str().to_string(),
            subject: format!("{inviter} invites you to {bank}"),
            body: format!(
                "Hello,\n\n{} banks with {bank} and thinks you would like it too: accounts in GBP, \
                 EUR, USD, CHF and ALL, payments in the UK, Europe and worldwide, and cards.\n\n\
                 Open your account here: {}\n\n{} ({}) is authorised by the Financial Conduct \
                 Authority. If you were not expecting this email, you can ignore it.\n",
                inviter,
                invitation.link,
                invitation.company.legal_name,
                bank
            ),
            attachments: Vec::new(),
        })
        .await?;
    Ok(())
}

/// A page of the people the person invited, newest first, and how many there are.
pub async fn invites(
    db: &Db,
    referrer: &UserId,
    page: u32,
    limit: u32,
) -> Result<(Vec<InviteRow>, i64), sqlx::Error> {
    let offset = i64::from(page.saturating_sub(1)) * i64::from(limit);
    store::referrals::invites(db, referrer, offset, i64::from(limit)).await
}
