//! The activation fee (SPEC §2 "Paywall: … showing the fee and benefits"): what a business or a
//! personal customer pays to open their accounts, in the currency of the accounts they get.

use crate::domain::accounts::money::Currency;

use super::kyc::OnboardingFlow;

crate::domain::named_enum! {
    /// Where the fee stands: to pay, waiting for a transfer or a card, paid, or the last card
    /// attempt failed.
    pub enum FeeStatus {
        Assigned = "assigned",
        Pending = "pending",
        Paid = "paid",
        Failed = "failed",
    }
}

crate::domain::named_enum! {
    /// Where a card payment on the acquirer's hosted checkout stands: opened, waiting for the
    /// 3-D Secure answer, declined, or paid.
    pub enum CheckoutState {
        Created = "created",
        Challenged = "challenged",
        Declined = "declined",
        Paid = "paid",
    }
}

/// The clearing a card or Apple Pay payment of a fee arrives through (the acquirer's).
pub const CARD_ACQUIRING: &str = "card_acquiring";

crate::domain::named_enum! {
    /// A refund asked of the card acquirer: waiting to be sent, sent (its outcome awaited),
    /// made, or refused (the money went back to suspense).
    pub enum RefundStatus {
        Queued = "queued",
        Sent = "sent",
        Refunded = "refunded",
        Failed = "failed",
    }
}

crate::domain::named_enum! {
    /// How a fee was (or is being) paid.
    pub enum FeePayment {
        Card = "card",
        ApplePay = "apple_pay",
        Transfer = "transfer",
    }
}

/// The primary account a new customer gets (issue 10: GBP for UK businesses, EUR otherwise;
/// a personal customer living in the UK gets GBP too).
pub fn primary_currency(country: Option<&str>) -> Currency {
    if country == Some("GB") {
        Currency::Gbp
    } else {
        Currency::Eur
    }
}

/// The fee in minor units: business accounts cost more to verify than personal ones.
pub fn amount_minor(flow: OnboardingFlow, business_fee: i64, personal_fee: i64) -> i64 {
    match flow {
        OnboardingFlow::Personal => personal_fee,
        _ => business_fee,
    }
}

/// What the fee buys, as the paywall lists it.
pub fn benefits(flow: OnboardingFlow) -> Vec<&'static str> {
    let mut list = vec![
        "Verification of your identity by our compliance team",
        "A GBP or EUR account with its own IBAN, opened at once",
        "Accounts in USD, CHF and ALL whenever you need them",
        "UK local, SEPA and SWIFT transfers",
    ];
    if flow != OnboardingFlow::Personal {
        list.insert(1, "Verification of your business and its directors");
        list.push("Team members with their own roles and rights");
    }
    list
}

/// A reference a person types into their bank's payment form: short, upper case, no letters
/// that read like digits.
pub fn new_reference() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    let code: String = (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect();
    format!("ACT-{code}")
}

/// Finds a fee reference in a transfer's reference text.
pub fn find_reference(text: &str) -> Option<String> {
    let squeezed: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_uppercase();
    let at = squeezed.find("ACT")?;
    let code = squeezed.get(at + 3..at + 11)?;
    Some(format!("ACT-{code}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_found_however_they_are_typed() {
        let reference = new_reference();
        assert!(reference.starts_with("ACT-") && reference.len() == 12);
        assert_eq!(
            find_reference(&format!("payment {}", reference.to_lowercase())),
            Some(reference)
        );
        assert_eq!(
            find_reference("Invoice act-ab23 cd45 thanks").as_deref(),
            Some("ACT-AB23CD45")
        );
        assert_eq!(find_reference("no reference"), None);
    }

    #[test]
    fn the_primary_currency_follows_the_country() {
        assert_eq!(primary_currency(Some("GB")), Currency::Gbp);
        assert_eq!(primary_currency(Some("DE")), Currency::Eur);
        assert!(
            benefits(OnboardingFlow::Business).len() > benefits(OnboardingFlow::Personal).len()
        );
    }
}
