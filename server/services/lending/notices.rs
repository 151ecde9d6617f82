//! The person who applied hears of each decision that asks something of them or changes what
//! they have (issue 30): an offer, money paid in, a refusal; the acquirer's question, its
//! agreement, an open merchant account. By email, through the bank's mail provider.

use crate::domain::accounts::money::{display, Currency};
use crate::domain::ids::UserId;
use crate::domain::lending::application::{LoanState, MerchantState, Product};
use crate::domain::messages::{Channel, Message};
use crate::providers::notify::Notifications;
use crate::store::{self, Db};

async fn email(
    db: &Db,
    notify: &Notifications,
    to: &UserId,
    subject: String,
    body: String,
) -> Result<(), sqlx::Error> {
    let Some(user) = store::users::by_id(db, to).await? else {
        return Ok(());
    };
    let message = Message {
        channel: Channel::Email,
        to: user.email.clone(),
        subject,
        body,
        attachments: Vec::new(),
    };
    // The decision stands whether or not the email goes; the screen shows it either way.
    if let Err(error) = notify.send(message).await {
        tracing::warn!(%error, "a finance notice was not sent");
    }
    Ok(())
}

fn kind(product: Product) -> &'static str {
    match product {
        Product::Mortgage => "mortgage",
        Product::Factoring => "invoice finance",
        Product::Merchant => "card acceptance",
        Product::Business => "business loan",
    }
}

/// What a lender's decision means for the person, if anything worth an email.
pub fn loan_notice(
    product: Product,
    state: LoanState,
    lender: &str,
    offered: Option<i64>,
    paid: Option<i64>,
    reason: Option<&str>,
    trading_name: &str,
) -> Option<(String, String)> {
    let gbp = |minor| display(minor, Currency::Gbp);
    match (state, offered, paid) {
        (LoanState::PreApproved, Some(offer), _) => Some((
            format!("An offer for your {}", kind(product)),
            format!(
                "{lender} has offered {}. Open {trading_name} and continue with them to accept it.",
                gbp(offer)
            ),
        )),
        (LoanState::Approved, _, Some(paid)) => Some((
            format!("{} from {lender} is in your account", gbp(paid)),
            format!(
                "{lender} has approved your {} and paid {} into your GBP account.",
                kind(product),
                gbp(paid)
            ),
        )),
        (LoanState::Rejected, _, _) => Some((
            format!("Your {} application was not accepted", kind(product)),
            format!(
                "{lender} could not accept your application this time.{}",
                reason.map(|r| format!(" It said: {r}")).unwrap_or_default()
            ),
        )),
        _ => None,
    }
}

pub fn merchant_notice(state: MerchantState, note: Option<&str>) -> Option<(String, String)> {
    match state {
        MerchantState::AdditionalInfoRequired => Some((
            "Decta asks for more information".into(),
            format!(
                "Decta needs more before it can accept your business: {} Answer it on the Merchant page.",
                note.unwrap_or("see the Merchant page.")
            ),
        )),
        MerchantState::AgreementSent => Some((
            "Sign Decta's merchant agreement".into(),
            "Decta has sent its merchant agreement. Sign it from the Merchant page to start taking cards."
                .into(),
        )),
        MerchantState::Active => Some((
            "You can now accept cards".into(),
            "Decta has opened your merchant account. Card sales are paid out to your account.".into(),
        )),
        MerchantState::Rejected => Some((
            "Your card acceptance application was not accepted".into(),
            format!(
                "Decta could not accept your business as a merchant.{}",
                note.map(|n| format!(" It said: {n}")).unwrap_or_default()
            ),
        )),
        MerchantState::Pending => None,
    }
}

pub async fn tell(
    db: &Db,
    notify: &Notifications,
    to: &UserId,
    notice: Option<(String, String)>,
) -> Result<(), sqlx::Error> {
    match notice {
        Some((subject, body)) => email(db, notify, to, subject, body).await,
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_decision_worth_telling_says_what_it_means() {
        let (subject, body) = loan_notice(
            Product::Business,
            LoanState::Approved,
            "Harbour Sandbox Lending",
            None,
            Some(2_500_000),
            None,
            "Harbour",
        )
        .unwrap();
        assert_eq!(
            subject,
            "£25,000.00 from Harbour Sandbox Lending is in your account"
        );
        assert!(body.contains("business loan"));
        assert!(loan_notice(
            Product::Business,
            LoanState::InReview,
            "L",
            None,
            None,
            None,
            "H"
        )
        .is_none());
        assert!(merchant_notice(MerchantState::Pending, None).is_none());
        assert!(
            merchant_notice(MerchantState::AdditionalInfoRequired, Some("Which cards?"))
                .unwrap()
                .1
                .contains("Which cards?")
        );
    }
}
