//! Which invoice a payment is for, and where an invoice stands once money came in (issue 29
//! point 5). A payment names its invoice by the creditor reference the invoice printed
//! (however the payer spaced it) or by the invoice's number; the reference wins when both
//! could match.

use time::Date;

crate::domain::named_enum! {
    /// Where a sent invoice stands: what the list's chips show.
    pub enum PaymentStatus {
        Unpaid = "unpaid",
        Overdue = "overdue",
        PartlyPaid = "partly_paid",
        Paid = "paid",
        Overpaid = "overpaid",
    }
}

/// A sent invoice a payment may name: its number and creditor reference.
pub struct Candidate<'a> {
    pub id: &'a str,
    pub number: &'a str,
    pub reference: &'a str,
}

fn alphanumeric(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_uppercase()
}

/// The invoice `details` (a payment's reference as the payer typed it) names, if exactly one.
pub fn invoice_named<'a>(details: &str, candidates: &[Candidate<'a>]) -> Option<&'a str> {
    // The reference: made of whole words in a row, however the payer spaced it ("rf47 inv0
    // 007"), never part of a longer word ("RF47INV00071" is another reference).
    let tokens: Vec<String> = details
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_uppercase)
        .collect();
    let spelled = |reference: &str| {
        (0..tokens.len()).any(|start| {
            let mut joined = String::new();
            tokens[start..].iter().any(|token| {
                joined.push_str(token);
                joined == reference || !reference.starts_with(joined.as_str())
            }) && joined == reference
        })
    };
    let by_reference: Vec<&str> = candidates
        .iter()
        .filter(|c| !c.reference.is_empty() && spelled(c.reference))
        .map(|c| c.id)
        .collect();
    if let [one] = by_reference[..] {
        return Some(one);
    }
    // The number, as a word of its own ("INV-0007", "inv 0007" is not enough: it must be one
    // word, hyphens and slashes allowed inside).
    let words: Vec<String> = details
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '/'))
        .map(alphanumeric)
        .filter(|word| !word.is_empty())
        .collect();
    let by_number: Vec<&str> = candidates
        .iter()
        .filter(|c| {
            let number = alphanumeric(c.number);
            words.contains(&number)
        })
        .map(|c| c.id)
        .collect();
    match by_number[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// Where a sent invoice stands: `total` less what credit notes took off is owed; `paid` came in.
pub fn status(total: i64, credited: i64, paid: i64, due: Date, today: Date) -> PaymentStatus {
    let owed = total - credited;
    if paid > owed {
        PaymentStatus::Overpaid
    } else if paid == owed {
        PaymentStatus::Paid
    } else if paid > 0 {
        PaymentStatus::PartlyPaid
    } else if today > due {
        PaymentStatus::Overdue
    } else {
        PaymentStatus::Unpaid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn candidates() -> Vec<Candidate<'static>> {
        vec![
            Candidate {
                id: "a",
                number: "INV-0007",
                reference: "RF47INV0007",
            },
            Candidate {
                id: "b",
                number: "INV-0071",
                reference: "RF61INV0071",
            },
        ]
    }

    #[test]
    fn the_reference_matches_however_it_is_spaced() {
        let c = candidates();
        assert_eq!(invoice_named("rf47 inv0 007", &c), Some("a"));
        assert_eq!(invoice_named("Payment RF61INV0071 thanks", &c), Some("b"));
        // A longer reference is another reference.
        assert_eq!(invoice_named("RF47INV00071", &c), None);
    }

    #[test]
    fn the_number_matches_as_a_word_of_its_own() {
        let c = candidates();
        assert_eq!(invoice_named("Invoice inv-0007", &c), Some("a"));
        assert_eq!(invoice_named("INV0071", &c), Some("b"));
        assert_eq!(invoice_named("INV-00712", &c), None);
        assert_eq!(invoice_named("Rent for November", &c), None);
        assert_eq!(invoice_named("", &c), None);
    }

    #[test]
    fn status_follows_what_came_in_against_what_is_owed() {
        let due = date!(2026 - 12 - 02);
        let before = date!(2026 - 12 - 01);
        let after = date!(2026 - 12 - 03);
        assert_eq!(status(1000, 0, 0, due, before), PaymentStatus::Unpaid);
        assert_eq!(status(1000, 0, 0, due, due), PaymentStatus::Unpaid);
        assert_eq!(status(1000, 0, 0, due, after), PaymentStatus::Overdue);
        assert_eq!(status(1000, 0, 400, due, after), PaymentStatus::PartlyPaid);
        assert_eq!(status(1000, 0, 1000, due, after), PaymentStatus::Paid);
        assert_eq!(status(1000, 0, 1001, due, before), PaymentStatus::Overpaid);
        // A credit note lowers what is owed.
        assert_eq!(status(1000, 300, 700, due, after), PaymentStatus::Paid);
    }
}
