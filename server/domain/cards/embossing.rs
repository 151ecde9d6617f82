//! The name on a card.

/// The name embossed on a card: upper case with single spaces, as a card printer takes it.
pub fn embossed(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_is_embossed_in_capitals_with_single_spaces() {
        assert_eq!(super::embossed("  Eve   van Dyke "), "EVE VAN DYKE");
    }
}
