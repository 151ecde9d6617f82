//! Names people type (theirs, a colleague's, a payee's) travel into emails, SMS approvals,
//! statements and ISO 20022 messages, so a name can carry nothing but a name (issue 26 point 7):
//! no control characters (a CR/LF would start a new line of an email), no bidirectional
//! overrides or zero-width characters (text that reads differently from what it is), and at
//! least one letter. A person's name is letters and the few marks names use; a period ends an
//! initial, so no web address fits in one.

pub const INVALID_SYMBOLS: &str = "Input contains invalid symbols";
pub const NO_LETTER: &str = "Enter a name with letters";

/// Characters that change how text reads without being seen: the bidirectional controls
/// (Unicode's Bidi_Control property), zero-width characters and the soft hyphen.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}'
            | '\u{FEFF}'
    )
}

/// Text that carries a control or invisible character: refused in every field people type.
pub fn has_hidden(value: &str) -> bool {
    value.chars().any(|c| c.is_control() || invisible(c))
}

/// A name as an email's text carries it: nothing hidden (a name stored before these rules), and a
/// dot between two letters or digits written as a one-dot leader (U+2024, which looks the same),
/// so no mail client makes a link of a company called `example.com`.
pub fn in_mail(value: &str) -> String {
    let chars: Vec<char> = value
        .chars()
        .filter(|c| !c.is_control() && !invisible(*c))
        .collect();
    chars
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let between = i > 0
                && chars[i - 1].is_alphanumeric()
                && chars.get(i + 1).is_some_and(|n| n.is_alphanumeric());
            if *c == '.' && between {
                '\u{2024}'
            } else {
                *c
            }
        })
        .collect()
}

/// Any name of the bank's records (a payee, a company): no control or invisible character, and
/// a letter somewhere.
pub fn check_text(value: &str) -> Result<(), &'static str> {
    if has_hidden(value) {
        return Err(INVALID_SYMBOLS);
    }
    if !value.chars().any(char::is_alphabetic) {
        return Err(NO_LETTER);
    }
    Ok(())
}

/// A person's name: letters (any script, with their marks), spaces, apostrophes, hyphens, and a
/// period only after an initial (`J. R.`).
pub fn check_person(value: &str) -> Result<(), &'static str> {
    check_text(value)?;
    let chars: Vec<char> = value.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        let allowed = match c {
            ' ' | '\'' | '’' | '-' => true,
            '.' => chars.get(i + 1).is_none_or(|next| *next == ' '),
            c => c.is_alphabetic() || is_mark(*c),
        };
        if !allowed {
            return Err(INVALID_SYMBOLS);
        }
    }
    Ok(())
}

/// Combining marks (accents typed as their own characters, as some keyboards send them).
fn is_mark(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_are_named_with_letters() {
        for good in [
            "Anna",
            "Mary-Jane",
            "O'Brien",
            "J. R. R. Tolkien",
            "Zoë",
            "José",
            "Søren Kierkegaard",
            "Łukasz",
            "Дмитрий",
            "D’Arcy",
        ] {
            assert_eq!(check_person(good), Ok(()), "{good}");
        }
        for (bad, why) in [
            ("Anna\r\nVisit https://evil.example", INVALID_SYMBOLS),
            ("Anna https://evil.example", INVALID_SYMBOLS),
            ("evil.example", INVALID_SYMBOLS),
            ("\u{202E}annA", INVALID_SYMBOLS),
            ("\u{200B}\u{200B}", INVALID_SYMBOLS),
            ("An\u{200D}na", INVALID_SYMBOLS),
            ("<b>Anna</b>", INVALID_SYMBOLS),
            ("Anna7", INVALID_SYMBOLS),
            ("- -", NO_LETTER),
            ("...", NO_LETTER),
        ] {
            assert_eq!(check_person(bad), Err(why), "{bad:?}");
        }
    }

    #[test]
    fn names_in_emails_hide_nothing_and_link_nothing() {
        assert_eq!(in_mail("Example.com Ltd"), "Example\u{2024}com Ltd");
        assert_eq!(in_mail("J. R. Smith"), "J. R. Smith");
        assert_eq!(
            in_mail("Anna\r\nhttps://evil.example"),
            "Annahttps://evil\u{2024}example"
        );
        assert_eq!(in_mail("\u{202E}Anna"), "Anna");
    }

    #[test]
    fn payees_may_be_companies_but_carry_nothing_hidden() {
        for good in [
            "Acme Ltd",
            "Müller & Söhne GmbH",
            "3M Company",
            "Example.com Ltd",
        ] {
            assert_eq!(check_text(good), Ok(()), "{good}");
        }
        for (bad, why) in [
            ("Acme\nLtd", INVALID_SYMBOLS),
            ("Acme \u{202E}dtL", INVALID_SYMBOLS),
            ("\u{FEFF}", INVALID_SYMBOLS),
            ("12345", NO_LETTER),
            ("!!!", NO_LETTER),
        ] {
            assert_eq!(check_text(bad), Err(why), "{bad:?}");
        }
    }
}
