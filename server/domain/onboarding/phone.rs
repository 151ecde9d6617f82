//! A mobile number as the person types it, read into the country code the bank serves and the
//! national number (SPEC §3 telephoneDetails {countryCode, number}; §5 at most 15 digits).

use super::countries;

#[derive(Debug, PartialEq, Eq)]
pub struct Phone {
    /// With its plus, e.g. `+44`.
    pub code: String,
    /// The national number without its trunk zero, e.g. `7700900123`.
    pub number: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum PhoneError {
    Required,
    OutOfRange,
    UnknownCountry,
}

pub fn parse(text: &str) -> Result<Phone, PhoneError> {
    let compact: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.'))
        .collect();
    if compact.is_empty() {
        return Err(PhoneError::Required);
    }
    let digits = compact
        .strip_prefix('+')
        .or_else(|| compact.strip_prefix("00"))
        .ok_or(PhoneError::UnknownCountry)?;
    if !digits.chars().all(|c| c.is_ascii_digit()) || !(7..=15).contains(&digits.len()) {
        return Err(PhoneError::OutOfRange);
    }
    // The longest matching code wins, so +35 3… is Ireland's +353, not a shorter code.
    let code = countries::all()
        .into_iter()
        .map(|c| c.telephone)
        .filter(|code| digits.starts_with(&code[1..]))
        .max_by_key(|code| code.len())
        .ok_or(PhoneError::UnknownCountry)?;
    let national = &digits[code.len() - 1..];
    // "+44 (0)7700…" keeps a trunk zero that is never dialled from abroad; Italy keeps its zero.
    let national = if code != "+39" {
        national.strip_prefix('0').unwrap_or(national)
    } else {
        national
    };
    if national.len() < 4 {
        return Err(PhoneError::OutOfRange);
    }
    Ok(Phone {
        code: code.to_string(),
        number: national.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_split_into_code_and_national_number() {
        let uk = parse("+44 (0)7700 900123").unwrap();
        assert_eq!(
            (uk.code.as_str(), uk.number.as_str()),
            ("+44", "7700900123")
        );
        assert_eq!(parse("00353 85 123 4567").unwrap().code, "+353");
        assert_eq!(parse("+39 06 1234 5678").unwrap().number, "0612345678");
    }

    #[test]
    fn spec_five_limits() {
        assert_eq!(parse("+44 7700 900123 45678"), Err(PhoneError::OutOfRange));
        assert_eq!(parse(""), Err(PhoneError::Required));
        assert_eq!(parse("07700 900123"), Err(PhoneError::UnknownCountry));
        assert_eq!(parse("+1 202 555 0100"), Err(PhoneError::UnknownCountry));
    }
}
