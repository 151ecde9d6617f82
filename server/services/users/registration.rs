//! Registration (SPEC §7 POST /v2/users): the account is made for the email its verification
//! token proves, in one database transaction with everything that comes with it: the policies
//! accepted, a friend's referral, and for an invited colleague their place in the team (and
//! their corporate card). The token is spent in the same transaction, so it makes one account.

use crate::domain::auth::email::Email;
use crate::domain::auth::mfa::Method;
use crate::domain::engagement::referrals::{self, Programme};
use crate::domain::ids::UserId;
use crate::domain::onboarding::kyc::{KycStatus, OnboardingFlow};
use crate::domain::policies;
use crate::domain::profiles::invitation::InvitationState;
use crate::services::cards::issuing::CorporateCard;
use crate::store::invitations::InvitationRow;
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum RegistrationError {
    /// The verification token is spent, expired or unknown: verify the email again.
    #[error("the email verification is not valid")]
    Expired,
    /// The invitation was sent to another address than the verified one.
    #[error("the invitation is for another email")]
    OtherEmail,
    #[error("an account has the email")]
    EmailTaken,
    /// The invitation was answered or expired meanwhile.
    #[error("the invitation is no longer open")]
    InvitationClosed,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The invitation a link opens, while it still waits for its person (an invited registration).
pub async fn open_invitation(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<InvitationRow>, sqlx::Error> {
    Ok(store::invitations::by_token(db, token, now)
        .await?
        .filter(|i| i.state == InvitationState::InvitationPending))
}

/// Whether the registration cookie's token is a verified email's, still in time: checked before
/// the password is hashed, so a bogus one costs no CPU.
pub async fn email_token_is_live(db: &Db, token: &str, now: i64) -> Result<bool, sqlx::Error> {
    store::email_verifications::token_is_live(db, token, now).await
}

/// The new person's first session: registration signs them in.
pub async fn first_session(
    db: &Db,
    user_id: &UserId,
    now: i64,
) -> Result<store::sessions::Tokens, sqlx::Error> {
    store::sessions::issue(db, user_id, now).await
}

/// One registration's facts, checked by the API.
pub struct NewRegistration<'a> {
    /// The email verification's token (from its cookie).
    pub token: &'a str,
    pub password_hash: &'a str,
    pub flow: OnboardingFlow,
    pub accept_policies: bool,
    /// The code of the referral link they came from, and the programme the link named (card when
    /// it named none).
    pub referral_code: Option<&'a str>,
    pub referral_programme: Option<Programme>,
    /// What the friend who referred them earns, per programme (minor units of GBP).
    pub card_referral_reward: i64,
    pub account_referral_reward: i64,
    /// The campaign key of the link they came from.
    pub campaign: Option<&'a str>,
    /// The invitation an invited colleague accepts, with the card it gives.
    pub invitation: Option<(&'a InvitationRow, Option<&'a CorporateCard>)>,
    pub now: i64,
}

/// Makes the account, and answers the new user's id.
pub async fn register(db: &Db, new: &NewRegistration<'_>) -> Result<UserId, RegistrationError> {
    let mut tx = db.begin_write().await?;
    let email = store::email_verifications::spend_token(&mut tx, new.token, new.now)
        .await?
        .ok_or(RegistrationError::Expired)?;
    let email = Email::parse(&email).map_err(|_| RegistrationError::Expired)?;
    if new
        .invitation
        .is_some_and(|(invitation, _)| invitation.email != email.as_str())
    {
        return Err(RegistrationError::OtherEmail);
    }
    let user_id = store::users::create_in(
        &mut tx,
        new.now,
        &store::users::NewUser {
            email: &email,
            password_hash: new.password_hash,
            name: "",
            surname: "",
            phone_code: None,
            phone_number: None,
            mfa_method: Method::Sms,
            onboarding_flow: Some(new.flow),
            kyc_status: KycStatus::FIRST,
        },
    )
    .await
    .map_err(|error| match &error {
        sqlx::Error::Database(db) if db.is_unique_violation() => RegistrationError::EmailTaken,
        _ => error.into(),
    })?;
    if new.accept_policies {
        store::policy_acceptances::record_in(&mut tx, &user_id, policies::VERSION, new.now).await?;
    }
    // A friend's link, else a customer who invited this address: one referral, never two.
    let code = new.referral_code.and_then(referrals::clean_code);
    if let Some((referrer, invited)) =
        store::referrals::referrer_in(&mut tx, code.as_deref(), email.as_str()).await?
    {
        let programme = invited
            .or(new.referral_programme)
            .unwrap_or(Programme::Card);
        let reward = match programme {
            Programme::Card => new.card_referral_reward,
            Programme::Account => new.account_referral_reward,
        };
        store::referrals::refer_in(&mut tx, &referrer, &user_id, programme, reward, new.now)
            .await?;
    }
    if let Some(campaign) = new.campaign.and_then(referrals::clean_campaign) {
        store::users::set_campaign_in(&mut tx, &user_id, &campaign).await?;
    }
    if let Some((invitation, card)) = new.invitation {
        let card = card.map(|card| card.for_holder(&user_id));
        if !store::invitations::accept_in(&mut tx, invitation, &user_id, card.as_ref(), new.now)
            .await?
        {
            return Err(RegistrationError::InvitationClosed);
        }
    }
    tx.commit().await?;
    Ok(user_id)
}
