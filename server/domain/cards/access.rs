//! Who may see and manage a card, and what an approval about a card is bound to.

use crate::domain::auth::mfa::Purpose;
use crate::domain::ids::CardId;

/// Whether a member sees and manages a card: the holder, or the company's Account Owner, and
/// only within the card's own profile.
pub fn may_manage(
    card_profile: &str,
    card_holder: &str,
    caller_profile: &str,
    caller: &str,
    caller_is_admin: bool,
) -> bool {
    card_profile == caller_profile && (card_holder == caller || caller_is_admin)
}

/// What an approval of `purpose` for a card is bound to: it opens nothing else.
pub fn binding(purpose: Purpose, card_id: &CardId) -> String {
    format!("{}:{card_id}", purpose.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_holder_or_the_owner_of_the_same_profile() {
        assert!(may_manage("p1", "holder", "p1", "holder", false));
        assert!(may_manage("p1", "holder", "p1", "owner", true));
        assert!(!may_manage("p1", "holder", "p1", "colleague", false));
        assert!(
            !may_manage("p1", "holder", "p2", "holder", true),
            "another company's card"
        );
    }

    #[test]
    fn an_approval_names_its_purpose_and_card() {
        let card = CardId::from("c1");
        assert_eq!(binding(Purpose::CardClosure, &card), "card_closure:c1");
        assert_ne!(
            binding(Purpose::CardDetails, &card),
            binding(Purpose::CardClosure, &card)
        );
    }
}
