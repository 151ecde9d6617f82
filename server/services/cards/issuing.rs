//! Issuing a card: a new number of the bank's card programme, sealed, its expiry and the moment
//! delivery starts; the account it spends from. One place for a card a customer orders and for
//! a corporate card an employee is given.

use crate::config::Config;
use crate::domain::accounts::money::Currency;
use crate::domain::cards::cvv::Expiry;
use crate::domain::cards::embossing::embossed;
use crate::domain::cards::number::CardNumber;
use crate::domain::cards::shipping::ShippingAddress;
use crate::domain::ids::{AccountId, ProfileId, UserId};
use crate::domain::london;
use crate::domain::profiles::invitation::Purpose;
use crate::store::bank_accounts::BankAccount;
use crate::store::cards::NewCard;
use crate::store::invitations::InvitationRow;
use crate::store::{self, Db};

/// A new card's number (sealed, never stored in the clear), expiry and first delivery step.
pub struct Drawn {
    sealed: String,
    digest: String,
    last_four: String,
    expiry: Expiry,
    next_step_at: i64,
}

/// Draws a new number. It could, very rarely, repeat one issued before: the digest is unique,
/// so the insert fails and the caller draws again.
pub fn draw(config: &Config, now: i64) -> Drawn {
    let number = CardNumber::generate(&mut rand::thread_rng());
    let vault = &config.cards.vault;
    Drawn {
        sealed: vault.seal(&number),
        digest: vault.digest(&number),
        last_four: number.last_four().to_string(),
        expiry: Expiry::for_new_card(london::today(now)),
        next_step_at: now + crate::domain::clock::ms(config.cards.delivery_step),
    }
}

/// Who holds a card, what it spends from and where it goes.
pub struct Holder<'a> {
    pub profile_id: &'a ProfileId,
    pub user_id: &'a UserId,
    pub bank_account_id: &'a AccountId,
    pub name: &'a str,
    pub is_corporate: bool,
    pub shipping_address: &'a ShippingAddress,
}

impl Drawn {
    pub fn card<'a>(&'a self, holder: &Holder<'a>) -> NewCard<'a> {
        NewCard {
            profile_id: holder.profile_id,
            user_id: holder.user_id,
            bank_account_id: holder.bank_account_id,
            pan_sealed: &self.sealed,
            pan_digest: &self.digest,
            last_four: &self.last_four,
            expiry: self.expiry,
            holder_name: holder.name,
            is_corporate: holder.is_corporate,
            shipping_address: holder.shipping_address,
            next_step_at: self.next_step_at,
        }
    }
}

/// A card cannot be issued.
#[derive(Debug, thiserror::Error)]
pub enum IssueError {
    /// The profile has no active primary GBP account for cards to spend from.
    #[error("no active GBP account")]
    NoCardAccount,
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

/// The account a profile's cards spend from: its active primary GBP account (SPEC §6).
pub async fn card_account(db: &Db, profile_id: &ProfileId) -> Result<BankAccount, IssueError> {
    store::bank_accounts::for_profile(db, profile_id)
        .await?
        .into_iter()
        .find(|a| a.is_primary && a.currency == Currency::Gbp && a.status.usable())
        .ok_or(IssueError::NoCardAccount)
}

/// The corporate card a card invitation gives, ready to be created when it is accepted.
pub struct CorporateCard {
    drawn: Drawn,
    profile_id: ProfileId,
    account_id: AccountId,
    holder_name: String,
    address: ShippingAddress,
}

impl CorporateCard {
    /// The card for the employee who accepts, `user_id`.
    pub fn for_holder<'a>(&'a self, user_id: &'a UserId) -> NewCard<'a> {
        self.drawn.card(&Holder {
            profile_id: &self.profile_id,
            user_id,
            bank_account_id: &self.account_id,
            name: &self.holder_name,
            is_corporate: true,
            shipping_address: &self.address,
        })
    }
}

/// What accepting `invitation` issues: nothing for a place in the team; for a card invitation,
/// the card, refused when the company's card account is not active.
pub async fn for_invitation(
    db: &Db,
    config: &Config,
    invitation: &InvitationRow,
    now: i64,
) -> Result<Option<CorporateCard>, IssueError> {
    if invitation.purpose != Purpose::Card {
        return Ok(None);
    }
    let account = card_account(db, &invitation.profile_id).await?;
    Ok(Some(CorporateCard {
        drawn: draw(config, now),
        profile_id: invitation.profile_id.clone(),
        account_id: account.id,
        holder_name: embossed(&invitation.name),
        address: invitation.card_shipping_address.clone().unwrap_or_default(),
    }))
}
