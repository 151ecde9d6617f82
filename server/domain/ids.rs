//! The ids of the bank's records, one type each, so that a card's id cannot be passed where an
//! account's is meant: the compiler refuses it. Each is the text the database and the API
//! carry (a UUID for records the bank makes); the API's request and answer types keep plain
//! strings, and a handler names what a string is when it reads one (`CardId::from(..)`).
//!
//! ```compile_fail
//! fn close_account(_: &bank::domain::ids::AccountId) {}
//! close_account(&bank::domain::ids::CardId::from("c-1"));
//! ```

macro_rules! id_type {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            /// A new id for a record the bank makes.
            pub fn fresh() -> Self {
                Self(uuid::Uuid::new_v4().to_string())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        /// Reads as its text wherever text is read (formatting, comparison with a request's
        /// string); a function that wants this kind of id says so in its parameter's type.
        impl std::ops::Deref for $name {
            type Target = str;

            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                Self(text)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                Self(text.to_string())
            }
        }

        impl From<&String> for $name {
            fn from(text: &String) -> Self {
                Self(text.clone())
            }
        }

        impl From<&$name> for $name {
            fn from(id: &$name) -> Self {
                id.clone()
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        impl From<&$name> for String {
            fn from(id: &$name) -> Self {
                id.0.clone()
            }
        }

        impl PartialEq<&$name> for $name {
            fn eq(&self, other: &&$name) -> bool {
                self.0 == other.0
            }
        }

        impl PartialEq<&$name> for String {
            fn eq(&self, other: &&$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}

id_type! {
    /// A person: a customer, a colleague, an employee with a corporate card.
    UserId
}
id_type! {
    /// A profile a person acts for: their own, or a company.
    ProfileId
}
id_type! {
    /// A customer's bank account (not a ledger account).
    AccountId
}
id_type! {
    /// A row of an account's transactions.
    TransactionId
}
id_type! {
    /// A payment card.
    CardId
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_its_text_in_json_and_in_comparisons() {
        let id = CardId::from("c-1");
        assert_eq!(serde_json::to_string(&id).unwrap(), "\"c-1\"");
        assert_eq!(serde_json::from_str::<CardId>("\"c-1\"").unwrap(), id);
        assert_eq!(id, "c-1");
        assert_eq!("c-1", id);
        assert_eq!(id.as_str(), "c-1");
        assert_ne!(UserId::fresh(), UserId::fresh());
    }
}
