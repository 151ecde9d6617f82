//! Opaque tokens and one-time codes. Only their hashes are stored: a copy of the database
//! cannot be used to log in or to pass a code check.

use base64::Engine;
use rand::{Rng, RngCore};
use sha2::{Digest, Sha256};

/// A 256-bit random token for a cookie or a link.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// A six-digit code (SPEC §9 "Code length 6"), leading zeros kept.
pub fn new_code() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000))
}

/// The stored form of a token or code. Codes are short, so each is hashed together with the
/// id of the request it belongs to: one precomputed table cannot cover them all, and attempts
/// are limited per request anyway.
pub fn digest(secret: &str, context: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(context.as_bytes());
    hasher.update([0]);
    hasher.update(secret.as_bytes());
    hex(&hasher.finalize())
}

/// Compares two digests in time independent of where they differ.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_url_safe() {
        let a = new_token();
        assert_eq!(a.len(), 43);
        assert_ne!(a, new_token());
        assert!(a
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    }

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..200 {
            let code = new_code();
            assert_eq!(code.len(), 6);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn digests_depend_on_the_context_and_compare_safely() {
        assert_eq!(digest("123456", "req-1"), digest("123456", "req-1"));
        assert_ne!(digest("123456", "req-1"), digest("123456", "req-2"));
        assert!(same(&digest("x", "c"), &digest("x", "c")));
        assert!(!same(&digest("x", "c"), &digest("y", "c")));
        assert!(!same("ab", "abc"));
    }
}
