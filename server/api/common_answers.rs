//! Small answers many calls share (SPEC §8's success texts travel in `message`).

/// An answer with nothing to say but its status.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Empty {}

/// SPEC §5: "Email and SMS verification succeed only when the response reports success."
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Success {
    pub success: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// A done thing, with the text to show.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct Done {
    pub message: String,
}

/// SPEC §3: `mfa {method, requestId, lastDigits}`.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Clone, Debug)]
#[serde(rename_all = "camelCase")]
pub struct MfaStep {
    pub method: crate::domain::auth::mfa::Method,
    pub request_id: String,
    /// The last four digits of the phone the code went to.
    pub last_digits: String,
}

impl From<crate::services::auth::approvals::Started> for MfaStep {
    fn from(started: crate::services::auth::approvals::Started) -> Self {
        Self {
            method: started.method,
            request_id: started.request_id,
            last_digits: started.last_digits,
        }
    }
}

/// A check's answer, as the review step and the transaction show it.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayeeCheckView {
    pub id: String,
    pub result: crate::domain::payments::payee_check::PayeeCheckResult,
    /// The name the account is held in, where the answer gives it (a close match, an account of
    /// the other type): one tap uses it.
    pub name: Option<String>,
    pub account_type: Option<crate::domain::payments::recipient::PayeeType>,
    /// What the payer reads.
    pub message: String,
    /// The payer must say they still want to pay this account.
    pub needs_consent: bool,
}

impl PayeeCheckView {
    pub fn of(row: &crate::services::payments::payee_check::PayeeCheckRow) -> Self {
        Self {
            id: row.id.clone(),
            result: row.verdict.result,
            name: row.verdict.name.clone(),
            account_type: row.verdict.account_type,
            message: row.verdict.message(),
            needs_consent: row.verdict.result.needs_consent(),
        }
    }
}
