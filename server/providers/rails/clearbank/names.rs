//! The owner names ClearBank answers Confirmation of Payee checks with, for the bank's sterling
//! accounts (clearbank.github.io, "Confirmation of Payee": CoP respond): each account is a
//! virtual account under the bank's real account at ClearBank, created with the account's IBAN
//! (`POST /v2/Accounts/{accountId}/Virtual`), found by its IBAN in the list
//! (`GET /v2/Accounts/{accountId}/Virtual`), and given the legal owner's name, the nature of
//! its funds (Personal or Business) and its operating nature (Single)
//! (`PATCH /v1/accounts/{accountId}/virtual/{virtualAccountId}`).

use std::collections::HashMap;

use serde_json::{json, Value};

use super::{problem, ClearBank};
use crate::providers::rails::RailError;

/// An account as ClearBank is told of it.
pub struct AccountOwner<'a> {
    pub iban: &'a str,
    /// The bank's id of the account (ClearBank's external identifier, at most 50 characters).
    pub account_id: &'a str,
    pub owner_name: &'a str,
    pub business: bool,
}

/// ClearBank refuses these characters in an owner name.
fn clean(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !"|_[]<>^`~\\$".contains(*c))
        .take(140)
        .collect();
    cleaned.trim().to_string()
}

fn answered(status: u16, text: &str, what: &str) -> Result<(), RailError> {
    match status {
        200..=204 => Ok(()),
        400 | 404 | 422 => Err(RailError::Refused(format!("{what}: {}", problem(text)))),
        _ => Err(RailError::Unavailable(format!(
            "ClearBank answered {status} to {what}: {}",
            problem(text)
        ))),
    }
}

impl ClearBank {
    /// Creates the virtual account of one of the bank's accounts; a repeat (the same request
    /// id within 24 hours) is answered 409 and creates nothing more.
    pub async fn create_virtual_account(
        &self,
        real_account: &str,
        owner: &AccountOwner<'_>,
    ) -> Result<(), RailError> {
        let body = json!({"virtualAccounts": [{
            "ownerName": clean(owner.owner_name),
            "accountIdentifier": {"iban": owner.iban, "externalIdentifier": owner.account_id},
        }]});
        let path = format!("/v2/Accounts/{real_account}/Virtual");
        let request_id = format!("va-{}", owner.account_id);
        let (status, text) = self
            .call_with(
                "POST",
                &path,
                Some(&request_id),
                Some(serde_json::to_vec(&body).expect("JSON")),
            )
            .await
            .map_err(|e| RailError::Unavailable(format!("ClearBank did not answer: {e}")))?;
        if status == 409 {
            return Ok(());
        }
        answered(status, &text, "creating a virtual account")
    }

    /// The virtual accounts under the bank's real account, by IBAN.
    pub async fn virtual_accounts(
        &self,
        real_account: &str,
    ) -> Result<HashMap<String, String>, RailError> {
        const PAGE: usize = 200;
        let mut found = HashMap::new();
        for page in 1..=1000 {
            let path =
                format!("/v2/Accounts/{real_account}/Virtual?pageNumber={page}&pageSize={PAGE}");
            let (status, text) = self
                .call_with("GET", &path, None, None)
                .await
                .map_err(|e| RailError::Unavailable(format!("ClearBank did not answer: {e}")))?;
            answered(status, &text, "listing virtual accounts")?;
            let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let accounts = body["accounts"].as_array().cloned().unwrap_or_default();
            for account in &accounts {
                if let (Some(iban), Some(id)) = (account["iban"].as_str(), account["id"].as_str()) {
                    found.insert(iban.to_string(), id.to_string());
                }
            }
            if accounts.len() < PAGE {
                break;
            }
        }
        Ok(found)
    }

    /// Gives a virtual account its legal owner's name and type, which ClearBank's CoP responder
    /// answers other banks with.
    pub async fn register_owner(
        &self,
        real_account: &str,
        virtual_account: &str,
        owner: &AccountOwner<'_>,
    ) -> Result<(), RailError> {
        let body = json!({
            "ownerName": clean(owner.owner_name),
            "legalOwnerType": if owner.business { "Business" } else { "Personal" },
            "relationshipType": "Single",
        });
        let path = format!("/v1/accounts/{real_account}/virtual/{virtual_account}");
        let request_id = uuid::Uuid::new_v4().to_string();
        let (status, text) = self
            .call_with(
                "PATCH",
                &path,
                Some(&request_id),
                Some(serde_json::to_vec(&body).expect("JSON")),
            )
            .await
            .map_err(|e| RailError::Unavailable(format!("ClearBank did not answer: {e}")))?;
        answered(status, &text, "registering an owner name")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_lose_what_clearbank_refuses() {
        assert_eq!(super::clean("Acme <Supplies> Ltd_"), "Acme Supplies Ltd");
        assert_eq!(super::clean(&"x".repeat(200)).len(), 140);
    }
}
