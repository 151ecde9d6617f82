//! SPEC §4 "Account status" and the order of balance cards.

use crate::domain::accounts::money::Currency;

crate::domain::named_enum! {
    /// SPEC §4 "Account status".
    pub enum AccountStatus {
        Draft = "draft",
        Pending = "pending",
        Suspended = "suspended",
        Inactive = "inactive",
        Active = "active",
        Closed = "closed",
    }
}

impl AccountStatus {
    /// Only an active account moves money.
    pub fn usable(self) -> bool {
        self == Self::Active
    }

    /// Active, suspended and inactive accounts can be picked in the app.
    pub fn selectable(self) -> bool {
        matches!(self, Self::Active | Self::Suspended | Self::Inactive)
    }

    /// Any account but a closed one is the profile's.
    pub fn open(self) -> bool {
        self != Self::Closed
    }

    /// What the app is told: a GBP account that is suspended or inactive shows as suspended.
    pub fn shown(self, currency: Currency) -> Self {
        if currency == Currency::Gbp && matches!(self, Self::Suspended | Self::Inactive) {
            Self::Suspended
        } else {
            self
        }
    }
}

/// SPEC §4 balance-card order: primary first, then active GBP/EUR, then other active, then rest.
pub fn card_rank(is_primary: bool, currency: Currency, status: AccountStatus) -> u8 {
    match (is_primary, status.usable(), currency) {
        (true, _, _) => 0,
        (false, true, Currency::Gbp | Currency::Eur) => 1,
        (false, true, _) => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gbp_shows_suspended_for_inactive() {
        use AccountStatus::*;
        assert_eq!(Inactive.shown(Currency::Gbp), Suspended);
        assert_eq!(Inactive.shown(Currency::Eur), Inactive);
        assert_eq!(Active.shown(Currency::Gbp), Active);
    }

    #[test]
    fn only_an_active_account_moves_money() {
        let moving: Vec<_> = AccountStatus::ALL.iter().filter(|s| s.usable()).collect();
        assert_eq!(moving, [&AccountStatus::Active]);
        assert!(AccountStatus::Inactive.selectable() && !AccountStatus::Pending.selectable());
    }
}
