//! A card's life (SPEC §4 "Card status") and whether a person may order one (SPEC §3
//! `cardOrderCondition`, §4 ordering rules).

named_enum! {
    /// SPEC §4: draft → order_pre_processing → in_delivery → activation_pending ('To activate')
    /// → active ⇄ inactive (frozen); closed ends it.
    pub enum CardStatus {
        Draft = "draft",
        OrderPreProcessing = "order_pre_processing",
        InDelivery = "in_delivery",
        ActivationPending = "activation_pending",
        Active = "active",
        Inactive = "inactive",
        Closed = "closed",
    }
}

named_enum! {
    /// What PATCH /v2/cards/status asks for.
    pub enum CardAction {
        Activate = "activate",
        Freeze = "freeze",
        Unfreeze = "unfreeze",
        Close = "close",
    }
}

named_enum! {
    /// SPEC §3 closure reasons; the screen's labels are SPEC §8's.
    pub enum ClosureReason {
        Lost = "lost",
        Stolen = "stolen",
        Closed = "closed",
    }
}

named_enum! {
    /// SPEC §3 card states of the profile: whether its person may order a card now.
    pub enum OrderCondition {
        None = "none",
        OrderAllowed = "order_allowed",
        OrderDisallowed = "order_disallowed",
        ReorderAllowed = "reorder_allowed",
        ReorderDisallowed = "reorder_disallowed",
    }
}

impl ClosureReason {
    /// SPEC §8 card closure labels.
    pub fn label(self) -> &'static str {
        match self {
            Self::Lost => "Card was lost",
            Self::Stolen => "Card was stolen",
            Self::Closed => "I don't need the card anymore",
        }
    }
}

impl CardStatus {
    /// SPEC §4: only active and inactive cards are managed (frozen, unfrozen, limits, controls).
    pub fn is_manageable(self) -> bool {
        matches!(self, Self::Active | Self::Inactive)
    }

    /// Ordered and not yet in the holder's hands and working.
    pub fn is_on_its_way(self) -> bool {
        matches!(
            self,
            Self::Draft | Self::OrderPreProcessing | Self::InDelivery | Self::ActivationPending
        )
    }

    /// The next step of delivery, taken by the background job; None once it is delivered.
    pub fn delivery_step(self) -> Option<Self> {
        match self {
            Self::Draft => Some(Self::OrderPreProcessing),
            Self::OrderPreProcessing => Some(Self::InDelivery),
            Self::InDelivery => Some(Self::ActivationPending),
            _ => None,
        }
    }

    /// Where `action` takes a card in this status; None when it may not be taken from here.
    /// Activation of a delivered card goes through `cards/activate` (last four digits and a new
    /// PIN); `activate` on a frozen card is the same as `unfreeze`.
    pub fn after(self, action: CardAction) -> Option<Self> {
        match (self, action) {
            (Self::Active, CardAction::Freeze) => Some(Self::Inactive),
            (Self::Inactive, CardAction::Unfreeze | CardAction::Activate) => Some(Self::Active),
            (Self::ActivationPending, CardAction::Activate) => Some(Self::Active),
            (Self::Closed, _) => None,
            (_, CardAction::Close) => Some(Self::Closed),
            _ => None,
        }
    }
}

/// The order condition of a person in a profile: they may order when the profile can have
/// cards and they hold none that is live or on its way; one closed earlier makes it a reorder.
pub fn order_condition(eligible: bool, statuses: &[CardStatus]) -> OrderCondition {
    let live = statuses.iter().any(|s| *s != CardStatus::Closed);
    let reorder = !statuses.is_empty() && !live;
    match (eligible && !live, reorder) {
        (true, false) => OrderCondition::OrderAllowed,
        (true, true) => OrderCondition::ReorderAllowed,
        (false, false) => OrderCondition::OrderDisallowed,
        (false, true) => OrderCondition::ReorderDisallowed,
    }
}

impl OrderCondition {
    pub fn may_order(self) -> bool {
        matches!(self, Self::OrderAllowed | Self::ReorderAllowed)
    }
}

#[cfg(test)]
mod tests {
    use super::CardAction::*;
    use super::CardStatus::*;
    use super::*;

    #[test]
    fn only_active_and_frozen_cards_toggle_and_closing_is_final() {
        assert_eq!(Active.after(Freeze), Some(Inactive));
        assert_eq!(Inactive.after(Unfreeze), Some(Active));
        assert_eq!(Inactive.after(Activate), Some(Active));
        assert_eq!(ActivationPending.after(Activate), Some(Active));
        assert_eq!(Active.after(Unfreeze), None);
        assert_eq!(Inactive.after(Freeze), None);
        for status in [Draft, OrderPreProcessing, InDelivery, ActivationPending] {
            assert_eq!(status.after(Freeze), None, "{status}");
            assert_eq!(
                status.after(Close),
                Some(Closed),
                "a card lost in the post is closed"
            );
        }
        for action in CardAction::ALL {
            assert_eq!(Closed.after(*action), None);
        }
        assert!(Active.is_manageable() && Inactive.is_manageable());
        assert!(CardStatus::ALL
            .iter()
            .filter(|s| s.is_manageable())
            .all(|s| matches!(s, Active | Inactive)));
    }

    #[test]
    fn delivery_moves_one_step_at_a_time_to_activation() {
        let mut status = Draft;
        let mut seen = vec![status];
        while let Some(next) = status.delivery_step() {
            status = next;
            seen.push(status);
        }
        assert_eq!(
            seen,
            [Draft, OrderPreProcessing, InDelivery, ActivationPending]
        );
    }

    #[test]
    fn one_live_card_at_a_time_and_a_reorder_after_closing() {
        use OrderCondition::*;
        assert_eq!(order_condition(true, &[]), OrderAllowed);
        assert_eq!(order_condition(true, &[InDelivery]), OrderDisallowed);
        assert_eq!(order_condition(true, &[Closed, Active]), OrderDisallowed);
        assert_eq!(order_condition(true, &[Closed]), ReorderAllowed);
        assert_eq!(order_condition(false, &[]), OrderDisallowed);
        assert_eq!(order_condition(false, &[Closed]), ReorderDisallowed);
        assert!(OrderAllowed.may_order() && ReorderAllowed.may_order());
        assert!(
            !OrderDisallowed.may_order() && !ReorderDisallowed.may_order() && !None.may_order()
        );
    }

    #[test]
    fn closure_reasons_read_as_spec_8() {
        assert_eq!(ClosureReason::Lost.label(), "Card was lost");
        assert_eq!(ClosureReason::Stolen.label(), "Card was stolen");
        assert_eq!(
            ClosureReason::Closed.label(),
            "I don't need the card anymore"
        );
    }
}
