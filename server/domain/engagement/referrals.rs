//! Referrals (SPEC §3 states pending, active, rewarded; §7 POST /v2/users/referrals and the
//! invites; §9 campaign and referral keys kept 60 days, invites page 1 limit 100). Two
//! programmes share one code per person and one reward mechanism; what makes a referral active
//! differs.

crate::domain::named_enum! {
    /// SPEC §3 referral states.
    pub enum ReferralState {
        Pending = "pending",
        Active = "active",
        Rewarded = "rewarded",
    }
}

crate::domain::named_enum! {
    /// Which programme a friend came through.
    pub enum Programme {
        /// Active once the friend activates their first card (issue 14).
        Card = "card",
        /// Active once the friend's account is ready (issue 31).
        Account = "account",
    }
}

/// SPEC §9: the invites list's one page.
pub const INVITES_LIMIT: u32 = 100;

/// The sign-up link a customer shares. The card programme's links carry the code alone (as they
/// always have); the account programme's say so.
pub fn link(base_url: &str, code: &str, programme: Programme) -> String {
    match programme {
        Programme::Card => format!("{base_url}/onboarding/user?ref={code}"),
        Programme::Account => format!("{base_url}/onboarding/user?ref={code}&programme=account"),
    }
}

/// The message a customer sends a friend on WhatsApp unless they write their own.
pub fn whatsapp_message(trading_name: &str, reward: &str, link: &str) -> String {
    format!(
        "I bank with {trading_name}: accounts in GBP, EUR, USD, CHF and ALL, payments in the UK, \
         Europe and worldwide, and cards. Open yours with my link and we both benefit \
         ({reward} for me once your account is ready): {link}"
    )
}

/// An invite's state: pending until the friend signs up with it, then their referral's.
pub fn invite_state(referral: Option<ReferralState>) -> ReferralState {
    referral.unwrap_or(ReferralState::Pending)
}

/// Eight characters a friend can type: no 0/O or 1/I to confuse.
pub fn new_code() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A referral code as typed or carried in a link: 4 to 16 letters and digits, any case.
pub fn clean_code(text: &str) -> Option<String> {
    let code = text.trim().to_uppercase();
    (4..=16)
        .contains(&code.len())
        .then_some(code)
        .filter(|c| c.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// A campaign key from a link (`?campaign=`): 1 to 64 letters, digits, hyphens or underscores;
/// anything else is no campaign of ours.
pub fn clean_campaign(text: &str) -> Option<String> {
    let key = text.trim();
    (1..=64)
        .contains(&key.len())
        .then_some(key)
        .filter(|k| {
            k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_say_their_programme() {
        assert_eq!(
            link("https://bank.test", "ABCD2345", Programme::Card),
            "https://bank.test/onboarding/user?ref=ABCD2345"
        );
        assert_eq!(
            link("https://bank.test", "ABCD2345", Programme::Account),
            "https://bank.test/onboarding/user?ref=ABCD2345&programme=account"
        );
    }

    #[test]
    fn an_invite_is_pending_until_its_friend_has_a_referral() {
        assert_eq!(invite_state(None), ReferralState::Pending);
        assert_eq!(
            invite_state(Some(ReferralState::Active)),
            ReferralState::Active
        );
        assert_eq!(
            invite_state(Some(ReferralState::Rewarded)),
            ReferralState::Rewarded
        );
    }

    #[test]
    fn codes_are_typeable_and_checked() {
        let code = new_code();
        assert_eq!(code.len(), 8);
        assert!(!code.contains(['0', 'O', '1', 'I']));
        assert_eq!(clean_code(" abcd2345 ").as_deref(), Some("ABCD2345"));
        assert_eq!(clean_code("ab"), None);
        assert_eq!(clean_code("abcd-2345"), None);
        assert_eq!(
            clean_campaign(" spring_2027-uk ").as_deref(),
            Some("spring_2027-uk")
        );
        assert_eq!(clean_campaign("<script>"), None);
        assert_eq!(clean_campaign(""), None);
    }
}
