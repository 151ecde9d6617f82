//! What a downloaded document is called on the customer's computer: after who was paid (or who
//! paid) and the day, so a folder of proofs reads like a ledger ("Acme-Supplies-Ltd-2026-11-25.pdf").

/// The proof of a transaction: the counterparty (or, without one, what the transaction was) and
/// its London day. Only letters and digits of the ASCII range survive, joined by hyphens, so the
/// name is safe in a header and on every file system.
pub fn transaction_proof(counterparty: Option<&str>, fallback: &str, day: &str) -> String {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut name = counterparty.map(words).unwrap_or_default();
    if name.is_empty() {
        name = words(fallback);
    }
    if name.is_empty() {
        name.push("transaction".into());
    }
    let mut stem = name.join("-");
    stem.truncate(60);
    format!("{}-{day}.pdf", stem.trim_end_matches('-'))
}

#[cfg(test)]
mod tests {
    use super::transaction_proof;

    #[test]
    fn a_proof_is_named_after_the_payee_and_the_day() {
        assert_eq!(
            transaction_proof(Some("Acme Supplies Ltd."), "transfer", "2026-11-25"),
            "Acme-Supplies-Ltd-2026-11-25.pdf"
        );
        assert_eq!(
            transaction_proof(Some("Müller & Söhne GmbH"), "transfer", "2026-01-02"),
            "M-ller-S-hne-GmbH-2026-01-02.pdf"
        );
    }

    #[test]
    fn without_a_payee_it_says_what_the_transaction_was() {
        assert_eq!(
            transaction_proof(None, "Monthly plan fee", "2026-11-01"),
            "Monthly-plan-fee-2026-11-01.pdf"
        );
        assert_eq!(
            transaction_proof(Some("\"; rm"), "", "2026-11-01"),
            "rm-2026-11-01.pdf"
        );
        assert_eq!(
            transaction_proof(Some("—"), "***", "2026-11-01"),
            "transaction-2026-11-01.pdf"
        );
    }
}
