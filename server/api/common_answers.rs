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
