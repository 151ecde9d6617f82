//! Confirmation of Payee (issue 33 point 2, beyond SPEC; Pay.UK's rules for UK payment firms):
//! before money goes to a UK account, the name the payer typed is checked against the name the
//! account is held in. The answer is one of five, and three of them need the payer's explicit
//! agreement before the transfer is sent: a close match (with the name the account is held in,
//! which the payer may take instead), no match, and an account of the other type (business or
//! personal). When no answer can be had, the payer is told so and may carry on.
//!
//! The rules here are the bank's own: how it answers about its own accounts (a payer paying a
//! customer of the bank), how the sandbox answers about everyone else's (README, "Confirmation
//! of Payee in the sandbox"), and how Pay.UK's reason codes read.

use super::recipient::PayeeType;

crate::domain::named_enum! {
    /// What the check found.
    pub enum PayeeCheckResult {
        Match = "match",
        CloseMatch = "close_match",
        NoMatch = "no_match",
        TypeMismatch = "type_mismatch",
        Unavailable = "unavailable",
    }
}

impl PayeeCheckResult {
    /// The payer must say they still want to pay this account.
    pub fn needs_consent(self) -> bool {
        matches!(self, Self::CloseMatch | Self::NoMatch | Self::TypeMismatch)
    }
}

/// A check's answer: the result, with the name the account is held in where the result gives it
/// (a close match, an account of the other type) and that account's type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub result: PayeeCheckResult,
    pub name: Option<String>,
    pub account_type: Option<PayeeType>,
}

impl Verdict {
    pub fn unavailable() -> Self {
        Self::plain(PayeeCheckResult::Unavailable)
    }

    /// What the payer reads about it, on the review step and the transaction.
    pub fn message(&self) -> String {
        let held = self.name.as_deref().unwrap_or("another name");
        match self.result {
            PayeeCheckResult::Match => "The name matches the account.".into(),
            PayeeCheckResult::CloseMatch => format!(
                "Did you mean {held}? The name you gave is close to the name the account is held \
                 in, but not the same."
            ),
            PayeeCheckResult::NoMatch => "The name does not match the account. If you send the \
                 money, it may go to someone else and you may not get it back."
                .into(),
            PayeeCheckResult::TypeMismatch => {
                let kind = match self.account_type {
                    Some(PayeeType::Private) => "a personal",
                    _ => "a business",
                };
                format!(
                    "This is {kind} account, held in the name {held}. Check that you are paying \
                     the right person or business: the money may go to someone else."
                )
            }
            PayeeCheckResult::Unavailable => "We could not check the name with the payee's bank. \
                 Check the account details with the payee before you send."
                .into(),
        }
    }

    fn plain(result: PayeeCheckResult) -> Self {
        Self {
            result,
            name: None,
            account_type: None,
        }
    }
}

/// What a name is compared by: lower case, letters and digits only, without titles and without
/// a company's legal suffix ("Acme Supplies Limited" and "ACME SUPPLIES LTD." are the same).
fn normal(name: &str) -> Vec<String> {
    const IGNORED: &[&str] = &[
        "ltd", "limited", "plc", "llp", "llc", "inc", "gmbh", "co", "company", "the", "mr", "mrs",
        "ms", "miss", "dr", "mx", "and",
    ];
    name.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !IGNORED.contains(w))
        .map(str::to_string)
        .collect()
}

/// How alike two names are, 0 to 1: the closeness of their words in order (Jaro–Winkler, which
/// forgives a typo or a missing letter the way people make them).
fn likeness(a: &[String], b: &[String]) -> f64 {
    strsim::jaro_winkler(&a.join(" "), &b.join(" "))
}

/// The bank's own answer about an account it holds, in `held_as` of type `held_type`.
pub fn compare(asked: &str, asked_type: PayeeType, held_as: &str, held_type: PayeeType) -> Verdict {
    let (a, b) = (normal(asked), normal(held_as));
    let same = !a.is_empty() && a == b;
    // Initials for forenames ("J Smith" for "Jane Smith") or a typo: close, and the payer sees
    // the name the account is held in.
    let close = !same && !a.is_empty() && (likeness(&a, &b) >= 0.9 || initials_fit(&a, &b));
    let held = Some(held_as.to_string());
    match (same || close, asked_type == held_type) {
        (true, false) => Verdict {
            result: PayeeCheckResult::TypeMismatch,
            name: held,
            account_type: Some(held_type),
        },
        (true, true) if same => Verdict::plain(PayeeCheckResult::Match),
        (true, true) => Verdict {
            result: PayeeCheckResult::CloseMatch,
            name: held,
            account_type: Some(held_type),
        },
        (false, _) => Verdict::plain(PayeeCheckResult::NoMatch),
    }
}

/// "J Smith" for "Jane Smith": the same surname, each other word an initial of the held one's.
fn initials_fit(asked: &[String], held: &[String]) -> bool {
    asked.len() == held.len()
        && asked.len() > 1
        && asked.last() == held.last()
        && asked
            .iter()
            .zip(held)
            .take(asked.len() - 1)
            .all(|(a, h)| a == h || (a.len() == 1 && h.starts_with(a.as_str())))
}

/// The sandbox's register of other banks' accounts (README, "Confirmation of Payee in the
/// sandbox"): sort code, account number, the name it is held in, its type.
pub const SANDBOX_ACCOUNTS: &[(&str, &str, &str, PayeeType)] = &[
    (
        "200000",
        "12345678",
        "Acme Supplies Ltd",
        PayeeType::Company,
    ),
    ("200000", "87654321", "Jane Smith", PayeeType::Private),
];

/// The sandbox's answer for an account at another bank: an account of its register is compared
/// as the bank compares its own (so a typo is a close match, another name no match, the other
/// type a mismatch); any other account matches, unless the name has "unavailable" in it (the
/// payee's bank does not answer).
pub fn sandbox(
    sort_code: &str,
    account_number: &str,
    asked: &str,
    asked_type: PayeeType,
) -> Verdict {
    if asked.to_lowercase().contains("unavailable") {
        return Verdict::unavailable();
    }
    match SANDBOX_ACCOUNTS
        .iter()
        .find(|(code, number, ..)| *code == sort_code && *number == account_number)
    {
        Some((_, _, held_as, held_type)) => compare(asked, asked_type, held_as, *held_type),
        None => Verdict::plain(PayeeCheckResult::Match),
    }
}

/// Pay.UK's answer as a responder reports it: matched, or its reason code (MBAM a close match,
/// BANM/PANM the name matches an account of the other type, BAMM/PAMM a close match of the other
/// type, ANNM and AC01 no match); the other codes (opted out, switched, not supported…) give no
/// answer about the name.
pub fn from_pay_uk(
    matched: bool,
    reason: &str,
    name: Option<String>,
    asked_type: PayeeType,
) -> Verdict {
    if matched {
        return Verdict::plain(PayeeCheckResult::Match);
    }
    match reason {
        "MBAM" => Verdict {
            result: PayeeCheckResult::CloseMatch,
            name,
            account_type: Some(asked_type),
        },
        "BANM" | "PANM" | "BAMM" | "PAMM" => Verdict {
            result: PayeeCheckResult::TypeMismatch,
            name,
            // B…: the account is a business one; P…: a personal one.
            account_type: Some(if reason.starts_with('B') {
                PayeeType::Company
            } else {
                PayeeType::Private
            }),
        },
        "ANNM" | "AC01" => Verdict::plain(PayeeCheckResult::NoMatch),
        _ => Verdict::unavailable(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PayeeCheckResult::*;

    #[test]
    fn the_bank_answers_about_its_own_accounts() {
        let c = PayeeType::Company;
        let p = PayeeType::Private;
        assert_eq!(
            compare("ACME SUPPLIES LIMITED", c, "Acme Supplies Ltd", c).result,
            Match
        );
        assert_eq!(compare("Tom Price", p, "Tom Price", p).result, Match);
        let close = compare("Acme Suplies", c, "Acme Supplies Ltd", c);
        assert_eq!(close.result, CloseMatch);
        assert_eq!(close.name.as_deref(), Some("Acme Supplies Ltd"));
        assert_eq!(compare("J Smith", p, "Jane Smith", p).result, CloseMatch);
        assert_eq!(
            compare("Jane Smith", c, "Jane Smith", p).result,
            TypeMismatch
        );
        assert_eq!(compare("Bob Jones", p, "Jane Smith", p).result, NoMatch);
        assert_eq!(compare("Ltd", c, "Acme Supplies Ltd", c).result, NoMatch);
    }

    #[test]
    fn the_sandbox_answers_by_its_register() {
        let c = PayeeType::Company;
        let p = PayeeType::Private;
        let acme = |name, kind| sandbox("200000", "12345678", name, kind);
        assert_eq!(acme("Acme Supplies Ltd", c).result, Match);
        let close = acme("Acme Supplies", c);
        assert_eq!(
            (close.result, close.name.as_deref()),
            (Match, None),
            "the suffix is not the name"
        );
        let close = acme("Acme Suplies", c);
        assert_eq!(
            (close.result, close.name.as_deref()),
            (CloseMatch, Some("Acme Supplies Ltd"))
        );
        assert_eq!(acme("Wrong Person", c).result, NoMatch);
        assert_eq!(acme("Acme Supplies Ltd", p).result, TypeMismatch);
        assert_eq!(
            sandbox("200000", "87654321", "J Smith", p).result,
            CloseMatch
        );
        assert_eq!(
            sandbox("200000", "55779911", "Anyone at all", p).result,
            Match
        );
        assert_eq!(
            sandbox("200000", "55779911", "Unavailable Ltd", c).result,
            Unavailable
        );
    }

    #[test]
    fn pay_uk_reason_codes() {
        let c = PayeeType::Company;
        assert_eq!(from_pay_uk(true, "", None, c).result, Match);
        let close = from_pay_uk(false, "MBAM", Some("Acme Supplies Ltd".into()), c);
        assert_eq!(
            (close.result, close.name.as_deref()),
            (CloseMatch, Some("Acme Supplies Ltd"))
        );
        let personal = from_pay_uk(false, "PANM", None, c);
        assert_eq!(
            (personal.result, personal.account_type),
            (TypeMismatch, Some(PayeeType::Private))
        );
        assert_eq!(from_pay_uk(false, "ANNM", None, c).result, NoMatch);
        assert_eq!(from_pay_uk(false, "OPTO", None, c).result, Unavailable);
        assert!(
            CloseMatch.needs_consent() && !Unavailable.needs_consent() && !Match.needs_consent()
        );
    }
}
