//! Card numbers at rest (issue 14 point 1): sealed with AES-256-GCM under a key ring read from
//! config. The newest key seals; every key of the ring opens, so keys rotate without rewriting
//! the table at once (a sealed value names its key). A keyed digest finds a card by its number
//! (a network's authorisation carries the number) without opening every row.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::engine::general_purpose::STANDARD_NO_PAD as B64;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use secrecy::{ExposeSecret, SecretBox};
use sha2::Sha256;

use super::number::CardNumber;

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    #[error("card keys are written `id:base64-of-32-bytes`, newest first, comma-separated")]
    BadKeyRing,
    #[error("this card number was sealed with key {0}, which is not in the ring")]
    UnknownKey(String),
    #[error("the sealed card number is damaged")]
    Damaged,
}

struct Key {
    id: String,
    cipher: Aes256Gcm,
}

/// The ring of card keys and the key of the number digest.
pub struct CardVault {
    keys: Vec<Key>,
    digest_key: SecretBox<[u8; 32]>,
}

impl std::fmt::Debug for CardVault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = self.keys.iter().map(|k| k.id.as_str()).collect();
        f.debug_struct("CardVault")
            .field("keys", &ids)
            .finish_non_exhaustive()
    }
}

impl CardVault {
    /// `ring`: `id:base64,id:base64`, newest first. The digest key is derived from the oldest
    /// key, so rotating the sealing key keeps every stored digest valid.
    pub fn from_config(ring: &str) -> Result<Self, SealError> {
        let mut keys = Vec::new();
        let mut raw_keys = Vec::new();
        for part in ring.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (id, encoded) = part.split_once(':').ok_or(SealError::BadKeyRing)?;
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded.trim())
                .map_err(|_| SealError::BadKeyRing)?;
            let raw: [u8; 32] = bytes.try_into().map_err(|_| SealError::BadKeyRing)?;
            let id = id.trim();
            if id.is_empty() || id.contains(':') || keys.iter().any(|k: &Key| k.id == id) {
                return Err(SealError::BadKeyRing);
            }
            keys.push(Key {
                id: id.to_string(),
                cipher: Aes256Gcm::new(&raw.into()),
            });
            raw_keys.push(raw);
        }
        let oldest = raw_keys.last().ok_or(SealError::BadKeyRing)?;
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(oldest).expect("any key length");
        mac.update(b"card number digest");
        let digest_key: [u8; 32] = mac.finalize().into_bytes().into();
        Ok(Self {
            keys,
            digest_key: SecretBox::new(Box::new(digest_key)),
        })
    }

    /// A ring of one fresh random key, written as config takes it (`bank card-key`, sandbox).
    pub fn new_key_text(id: &str) -> String {
        let mut raw = [0u8; 32];
        rand::thread_rng().fill_bytes(&mut raw);
        format!(
            "{id}:{}",
            base64::engine::general_purpose::STANDARD.encode(raw)
        )
    }

    /// `keyid:base64(nonce || ciphertext)` under the newest key.
    pub fn seal(&self, number: &CardNumber) -> String {
        let key = &self.keys[0];
        let mut nonce = [0u8; 12];
        rand::thread_rng().fill_bytes(&mut nonce);
        let sealed = key
            .cipher
            .encrypt(Nonce::from_slice(&nonce), number.digits().as_bytes())
            .expect("AES-GCM encrypts any 16 bytes");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{}:{}", key.id, B64.encode(out))
    }

    pub fn open(&self, sealed: &str) -> Result<CardNumber, SealError> {
        let (id, encoded) = sealed.split_once(':').ok_or(SealError::Damaged)?;
        let key = self
            .keys
            .iter()
            .find(|k| k.id == id)
            .ok_or_else(|| SealError::UnknownKey(id.to_string()))?;
        let bytes = B64.decode(encoded).map_err(|_| SealError::Damaged)?;
        if bytes.len() < 12 {
            return Err(SealError::Damaged);
        }
        let (nonce, body) = bytes.split_at(12);
        let plain = key
            .cipher
            .decrypt(Nonce::from_slice(nonce), body)
            .map_err(|_| SealError::Damaged)?;
        let text = String::from_utf8(plain).map_err(|_| SealError::Damaged)?;
        CardNumber::parse(&text).map_err(|_| SealError::Damaged)
    }

    /// Whether `sealed` was sealed with an older key (a rotation job reseals those).
    pub fn is_stale(&self, sealed: &str) -> bool {
        sealed.split_once(':').map(|(id, _)| id) != Some(self.keys[0].id.as_str())
    }

    /// The number's keyed digest (hex): the lookup index, useless without the key.
    pub fn digest(&self, number: &CardNumber) -> String {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(self.digest_key.expose_secret())
            .expect("any key length");
        mac.update(number.digits().as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number() -> CardNumber {
        CardNumber::parse("4242424242424242").unwrap()
    }

    #[test]
    fn seals_and_opens_and_never_holds_the_number_in_clear() {
        let vault = CardVault::from_config(&CardVault::new_key_text("k1")).unwrap();
        let sealed = vault.seal(&number());
        assert!(sealed.starts_with("k1:"));
        assert!(!sealed.contains("4242"));
        assert_ne!(sealed, vault.seal(&number()), "a fresh nonce each time");
        assert_eq!(vault.open(&sealed), Ok(number()));
    }

    #[test]
    fn a_rotated_ring_opens_old_values_and_keeps_digests() {
        let old = CardVault::new_key_text("k1");
        let before = CardVault::from_config(&old).unwrap();
        let sealed = before.seal(&number());
        let after =
            CardVault::from_config(&format!("{},{old}", CardVault::new_key_text("k2"))).unwrap();
        assert_eq!(after.open(&sealed), Ok(number()));
        assert!(after.is_stale(&sealed));
        assert!(after.seal(&number()).starts_with("k2:"));
        assert_eq!(after.digest(&number()), before.digest(&number()));
        let without = CardVault::from_config(&CardVault::new_key_text("k3")).unwrap();
        assert_eq!(
            without.open(&sealed),
            Err(SealError::UnknownKey("k1".into()))
        );
    }

    #[test]
    fn a_changed_value_or_a_bad_ring_is_refused() {
        let vault = CardVault::from_config(&CardVault::new_key_text("k1")).unwrap();
        let mut sealed = vault.seal(&number());
        let last = sealed.pop().unwrap();
        sealed.push(if last == 'A' { 'B' } else { 'A' });
        assert_eq!(vault.open(&sealed), Err(SealError::Damaged));
        for bad in ["", "k1", "k1:c2hvcnQ", "k1:!!!"] {
            assert!(CardVault::from_config(bad).is_err(), "{bad}");
        }
        let key = CardVault::new_key_text("k1");
        assert!(
            CardVault::from_config(&format!("{key},{key}")).is_err(),
            "ids are unique"
        );
    }
}
