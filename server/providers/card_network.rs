//! The sandbox card network (issue 14 point 4): what a merchant's terminal, a web shop or an ATM
//! would send the bank as the card's issuer: authorisations, captures, reversals and refunds,
//! at one of the sandbox merchants. Used by the `card-network` command of the binary and the
//! sandbox page `/dev/card-network`; each message goes to the same issuer processing a real
//! network's would (`services::cards::authorizations`).

use crate::domain::accounts::money::{self, Currency};
use crate::domain::cards::controls::LimitType;
use crate::domain::cards::number::CardNumber;
use crate::domain::cards::sealed::CardVault;
use crate::domain::ids::CardId;
use crate::services::cards::authorizations::{
    self as card_authorizations, Authorization, NetworkError, Request,
};
use crate::store::transactions::Acceptor;
use crate::store::{self, Db};

#[derive(Debug, thiserror::Error)]
pub enum SandboxNetworkError {
    #[error("No card has that number or id")]
    UnknownCard,
    #[error("Enter an amount above zero with at most two decimals")]
    Amount,
    #[error("The kind is contactless, atm or online")]
    Kind,
    #[error("No sandbox merchant has that name")]
    Merchant,
    #[error("{0}")]
    Network(#[from] NetworkError),
    #[error(transparent)]
    Sql(#[from] sqlx::Error),
}

/// The largest sandbox card payment.
const MAX_MINOR: i64 = 10_000_000;

pub fn kind(text: &str) -> Result<LimitType, SandboxNetworkError> {
    match text.trim() {
        "contactless" | "contactless_payment" => Ok(LimitType::ContactlessPayment),
        "atm" | "atm_cash_withdrawal" => Ok(LimitType::AtmCashWithdrawal),
        "online" | "online_purchase" => Ok(LimitType::OnlinePurchase),
        _ => Err(SandboxNetworkError::Kind),
    }
}

/// The sandbox merchants by name; an ATM is the bank's own cash machine.
pub fn merchant(name: &str, kind: LimitType) -> Result<Acceptor, SandboxNetworkError> {
    if kind == LimitType::AtmCashWithdrawal {
        return Ok(Acceptor {
            name: "Harbour ATM Moorgate".into(),
            address: Some("1 Moorgate, London EC2R 6JH".into()),
            phone: None,
            email: None,
            website: None,
            categories: vec!["Cash".into()],
            co2emissions: None,
            logo_uri: None,
        });
    }
    let merchants = crate::demo::past_year::merchants();
    let wanted = name.trim().to_lowercase();
    merchants
        .iter()
        .find(|m| wanted.is_empty() || m.name.to_lowercase() == wanted)
        .cloned()
        .ok_or(SandboxNetworkError::Merchant)
}

/// The card a tester names: by its full number, as a terminal reads it, or by its id.
async fn card_id(db: &Db, vault: &CardVault, card: &str) -> Result<CardId, SandboxNetworkError> {
    if let Ok(number) = CardNumber::parse(card) {
        return store::cards::by_digest(db, &vault.digest(&number))
            .await?
            .map(|c| c.id)
            .ok_or(SandboxNetworkError::UnknownCard);
    }
    store::cards::by_id(db, &CardId::from(card.trim()))
        .await?
        .map(|c| c.id)
        .ok_or(SandboxNetworkError::UnknownCard)
}

fn amount(text: &str) -> Result<i64, SandboxNetworkError> {
    match money::parse_decimal(text.trim()) {
        Some(minor) if minor > 0 && minor <= MAX_MINOR => Ok(minor),
        _ => Err(SandboxNetworkError::Amount),
    }
}

/// A new network id, as a network numbers its messages.
fn network_id() -> String {
    format!("sbx-{}", uuid::Uuid::new_v4().simple())
}

pub async fn authorize(
    db: &Db,
    vault: &CardVault,
    card: &str,
    amount_text: &str,
    kind_text: &str,
    merchant_name: &str,
) -> Result<Authorization, SandboxNetworkError> {
    let card_id = card_id(db, vault, card).await?;
    let kind = kind(kind_text)?;
    let acceptor = merchant(merchant_name, kind)?;
    let id = network_id();
    Ok(card_authorizations::authorize(
        db,
        &Request {
            network_id: &id,
            card_id: &card_id,
            kind,
            amount: amount(amount_text)?,
            currency: Currency::Gbp,
            acceptor: &acceptor,
            at: db.now_ms(),
        },
    )
    .await?)
}

pub async fn capture(db: &Db, network_id: &str) -> Result<Authorization, SandboxNetworkError> {
    Ok(card_authorizations::capture(db, network_id.trim(), db.now_ms()).await?)
}

pub async fn reverse(db: &Db, network_id: &str) -> Result<Authorization, SandboxNetworkError> {
    Ok(card_authorizations::reverse(db, network_id.trim(), db.now_ms()).await?)
}

pub async fn refund(
    db: &Db,
    original_network_id: &str,
    amount_text: &str,
) -> Result<Authorization, SandboxNetworkError> {
    Ok(card_authorizations::refund(
        db,
        &network_id(),
        original_network_id.trim(),
        amount(amount_text)?,
        db.now_ms(),
    )
    .await?)
}

/// One line for the command and the page.
pub fn describe(auth: &Authorization) -> String {
    let amount = money::display(auth.amount, auth.currency);
    match (auth.status.as_str(), auth.decline_reason) {
        ("declined", Some(reason)) => {
            format!(
                "{} {amount} at {}: declined, {}",
                auth.network_id,
                auth.acceptor.name,
                reason.message()
            )
        }
        (status, _) => format!(
            "{} {amount} at {}: {status}",
            auth.network_id, auth.acceptor.name
        ),
    }
}
