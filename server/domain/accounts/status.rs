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

/// The status the app is told, typed; a stored status this code does not know shows as closed
/// (it moves no money and cannot be picked).
pub fn shown(currency: Currency, status: &str) -> AccountStatus {
    AccountStatus::parse(shown_status(currency, status)).unwrap_or(AccountStatus::Closed)
}

pub const STATUSES: [&str; 6] = [
    "draft",
    "pending",
    "suspended",
    "inactive",
    "active",
    "closed",
];

/// Only an active account moves money.
pub fn usable(status: &str) -> bool {
    status == "active"
}

/// Active, suspended and inactive accounts can be picked in the app.
pub fn selectable(status: &str) -> bool {
    matches!(status, "active" | "suspended" | "inactive")
}

/// What the app is told: a GBP account that is suspended or inactive shows as suspended.
pub fn shown_status(currency: Currency, status: &str) -> &str {
    if currency == Currency::Gbp && matches!(status, "suspended" | "inactive") {
        "suspended"
    } else {
        status
    }
}

/// SPEC §4 balance-card order: primary first, then active GBP/EUR, then other active, then rest.
pub fn card_rank(is_primary: bool, currency: Currency, status: &str) -> u8 {
    match (is_primary, usable(status), currency) {
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
        assert_eq!(shown_status(Currency::Gbp, "inactive"), "suspended");
        assert_eq!(shown_status(Currency::Eur, "inactive"), "inactive");
        assert_eq!(shown_status(Currency::Gbp, "active"), "active");
    }

    #[test]
    fn only_active_is_usable_and_three_are_selectable() {
        let usable_ones: Vec<_> = STATUSES.iter().filter(|s| usable(s)).collect();
        assert_eq!(usable_ones, [&"active"]);
        let selectable_ones: Vec<_> = STATUSES.iter().filter(|s| selectable(s)).collect();
        assert_eq!(selectable_ones, [&"suspended", &"inactive", &"active"]);
    }

    #[test]
    fn cards_rank_primary_then_active_gbp_eur_then_other_active() {
        assert_eq!(card_rank(true, Currency::Usd, "active"), 0);
        assert_eq!(card_rank(false, Currency::Eur, "active"), 1);
        assert_eq!(card_rank(false, Currency::Chf, "active"), 2);
        assert_eq!(card_rank(false, Currency::Gbp, "pending"), 3);
    }
}
