//! The card's full number, expiry and security code, for its holder only, after an approval
//! with purpose card_details for this card, used up in the same step; every showing is
//! audited.

use crate::config::Config;
use crate::domain::audit::AuditEvent;
use crate::domain::auth::mfa::Purpose;
use crate::domain::cards::access::binding;
use crate::domain::cards::cvv::security_code;
use crate::domain::cards::number::CardNumber;
use crate::domain::ids::UserId;
use crate::store::cards::CardRow;
use crate::store::{self, Db};

pub struct Details {
    pub number: CardNumber,
    pub security_code: String,
}

#[derive(Debug, thiserror::Error)]
pub enum DetailsError {
    #[error("not the card's holder")]
    NotHolder,
    #[error("the showing is not approved")]
    ApprovalRequired,
    #[error(transparent)]
    Sealed(#[from] crate::domain::cards::sealed::SealError),
    #[error(transparent)]
    Storage(#[from] sqlx::Error),
}

pub async fn take(
    db: &Db,
    config: &Config,
    holder: &UserId,
    ip: &str,
    card: &CardRow,
    approval: &str,
) -> Result<Details, DetailsError> {
    if card.user_id != holder {
        return Err(DetailsError::NotHolder);
    }
    let mut conn = db.pool.acquire().await?;
    let approved = store::mfa::consume_approval(
        &mut conn,
        approval.trim(),
        holder,
        Purpose::CardDetails,
        &binding(Purpose::CardDetails, &card.id),
        db.now_ms(),
    )
    .await?;
    drop(conn);
    if !approved {
        return Err(DetailsError::ApprovalRequired);
    }
    let number = config.cards.vault.open(&card.pan_sealed)?;
    let key = secrecy::ExposeSecret::expose_secret(&config.cards.verification_key);
    let code = security_code(key.as_bytes(), &number, card.expiry);
    if let Err(error) = store::audit::record(
        db,
        Some(holder),
        AuditEvent::CardDetailsShown,
        ip,
        &format!("card {}", card.id),
    )
    .await
    {
        tracing::error!(%error, "audit record failed");
    }
    Ok(Details {
        number,
        security_code: code,
    })
}
