//! Money in suspense (issue 32 point 3): payments the bank could not credit as they came (an
//! account number no account has, a second payment of an activation fee already paid), and
//! what operations may do with each: credit it to the customer it turns out to be for, or send
//! it back through the scheme it came by. Either is a release of money, so it takes four eyes.

use crate::domain::accounts::money::Currency;
use crate::domain::accounts::status::AccountStatus;

crate::domain::named_enum! {
    /// Why the money is in suspense.
    pub enum SuspenseOrigin {
        /// It named an account the bank does not have.
        UnknownAccount = "unknown_account",
        /// It paid an activation fee that was paid already (a refund is due).
        ActivationFee = "activation_fee",
    }
}

crate::domain::named_enum! {
    pub enum SuspenseStatus {
        Open = "open",
        /// Credited to a customer's account.
        Matched = "matched",
        /// Sent back to the payer.
        Returned = "returned",
    }
}

crate::domain::named_enum! {
    /// What a release does with the money.
    pub enum ReleaseAction {
        /// Credit it to an account of the bank (named by IBAN).
        Match = "match",
        /// Send it back to the payer through the scheme it came by.
        Return = "return",
    }
}

/// An item of suspense as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuspenseItem {
    pub id: String,
    pub origin: SuspenseOrigin,
    /// The scheme (or acquirer) it came by: a return goes back the same way.
    pub scheme: String,
    pub currency: Currency,
    pub amount: i64,
    /// The account the payer named, as they wrote it.
    pub account_text: String,
    pub payer: String,
    pub reference: String,
    /// Whose it is, when the bank knows (a second activation fee).
    pub user_id: Option<String>,
    pub status: SuspenseStatus,
    pub created_at: i64,
}

/// Why money cannot be released as proposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReleaseRefusal {
    /// Matched or returned already.
    NotOpen,
    /// The account is in another currency: suspense holds the money as it came.
    OtherCurrency,
    /// The account cannot take money in its status.
    AccountNotUsable,
}

impl ReleaseRefusal {
    pub fn message(self) -> &'static str {
        match self {
            Self::NotOpen => "This money has been matched or returned already.",
            Self::OtherCurrency => "That account is in another currency than the money.",
            Self::AccountNotUsable => "That account cannot receive money in its status.",
        }
    }
}

/// Whether `item` may be credited to an account in `currency` and `status`.
pub fn may_match(
    item: &SuspenseItem,
    currency: Currency,
    status: AccountStatus,
) -> Result<(), ReleaseRefusal> {
    may_return(item)?;
    if currency != item.currency {
        return Err(ReleaseRefusal::OtherCurrency);
    }
    if !status.usable() {
        return Err(ReleaseRefusal::AccountNotUsable);
    }
    Ok(())
}

/// Whether `item` may be sent back.
pub fn may_return(item: &SuspenseItem) -> Result<(), ReleaseRefusal> {
    if item.status == SuspenseStatus::Open {
        Ok(())
    } else {
        Err(ReleaseRefusal::NotOpen)
    }
}

/// The ledger's idempotency key of an item's release: whatever races, it is booked once.
pub fn release_key(item_id: &str) -> String {
    format!("suspense-release:{item_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(status: SuspenseStatus) -> SuspenseItem {
        SuspenseItem {
            id: "s".into(),
            origin: SuspenseOrigin::UnknownAccount,
            scheme: "local".into(),
            currency: Currency::Gbp,
            amount: 12_000,
            account_text: "GB00HRBR00000000000000".into(),
            payer: "Acme Ltd".into(),
            reference: "INV-1".into(),
            user_id: None,
            status,
            created_at: 0,
        }
    }

    #[test]
    fn open_money_goes_to_an_active_account_in_its_currency_or_back() {
        let open = item(SuspenseStatus::Open);
        assert_eq!(
            may_match(&open, Currency::Gbp, AccountStatus::Active),
            Ok(())
        );
        assert_eq!(
            may_match(&open, Currency::Eur, AccountStatus::Active),
            Err(ReleaseRefusal::OtherCurrency)
        );
        assert_eq!(may_return(&open), Ok(()));
        for done in [SuspenseStatus::Matched, SuspenseStatus::Returned] {
            assert_eq!(may_return(&item(done)), Err(ReleaseRefusal::NotOpen));
            assert_eq!(
                may_match(&item(done), Currency::Gbp, AccountStatus::Active),
                Err(ReleaseRefusal::NotOpen)
            );
        }
    }
}
