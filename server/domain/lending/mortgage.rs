//! A mortgage application's steps (SPEC §2 start, basic, finance, status; §3 Mortgage basic,
//! Business finances, Property finances; §4 the submit rule; §9 limits).

crate::domain::named_enum! {
    /// SPEC §4: why a mortgage cannot be submitted yet.
    pub enum NotReady {
        /// Only one of the two finances is saved.
        OnlyOne = "ONLY_ONE",
        /// Neither is saved.
        Empty = "EMPTY",
        /// One is being changed and the change is not saved.
        InEdit = "IN_EDIT",
    }
}

impl NotReady {
    /// What the finance step says (SPEC gives the codes, not the words).
    pub fn message(self) -> &'static str {
        match self {
            NotReady::OnlyOne => {
                "Save both your business finances and the property's finances before you submit."
            }
            NotReady::Empty => "Add your business finances and the property's finances first.",
            NotReady::InEdit => "Save or discard your changes before you submit.",
        }
    }
}

/// SPEC §9: at most 10 directors and 30 shareholders.
pub const MAX_DIRECTORS: usize = 10;
pub const MAX_SHAREHOLDERS: usize = 30;

/// Whether the finance step may submit: both finances saved and neither being edited.
pub fn ready(business_saved: bool, property_saved: bool, editing: bool) -> Result<(), NotReady> {
    if editing {
        return Err(NotReady::InEdit);
    }
    match (business_saved, property_saved) {
        (true, true) => Ok(()),
        (false, false) => Err(NotReady::Empty),
        _ => Err(NotReady::OnlyOne),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn submitting_needs_both_finances_saved() {
        assert_eq!(ready(true, true, false), Ok(()));
        assert_eq!(ready(true, false, false), Err(NotReady::OnlyOne));
        assert_eq!(ready(false, true, false), Err(NotReady::OnlyOne));
        assert_eq!(ready(false, false, false), Err(NotReady::Empty));
        assert_eq!(ready(true, true, true), Err(NotReady::InEdit));
        assert_eq!(NotReady::OnlyOne.as_str(), "ONLY_ONE");
    }
}
