//! One error type for every handler, mapped at the edge to SPEC §8's `{code, title, message}`
//! with `fields` for field errors. Database and internal errors become a 500 that never
//! carries their text to the client; the text is logged instead.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not found")]
    NotFound,
    #[error("invalid request: {0}")]
    BadRequest(String),
    #[error("invalid fields")]
    Fields(BTreeMap<String, String>),
    #[error("forbidden")]
    Forbidden,
    /// A refusal with its own SPEC §8 code and message (for example a wrong password).
    #[error("{code}: {message}")]
    Refused {
        status: StatusCode,
        code: &'static str,
        title: &'static str,
        message: String,
    },
    /// Too many attempts: try again after this many seconds.
    #[error("rate limited for {0} s")]
    TooManyRequests(u64),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

#[derive(serde::Serialize)]
struct Body<'a> {
    code: &'a str,
    title: &'a str,
    message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<&'a BTreeMap<String, String>>,
}

/// SPEC §8: every refusal's body. `fields` maps a request field to its SPEC §5 message.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Debug)]
pub struct ErrorBody {
    pub code: String,
    pub title: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

impl AppError {
    pub fn unauthorized(code: &'static str, title: &'static str, message: &str) -> Self {
        Self::Refused {
            status: StatusCode::UNAUTHORIZED,
            code,
            title,
            message: message.to_string(),
        }
    }

    pub fn refused(
        status: StatusCode,
        code: &'static str,
        title: &'static str,
        message: &str,
    ) -> Self {
        Self::Refused {
            status,
            code,
            title,
            message: message.to_string(),
        }
    }

    /// An outside party the call needs is not configured (outside sandbox mode): 503 with the
    /// error body, never a sandbox behaviour (DESIGN.md §6).
    pub fn unavailable(code: &'static str, message: &str) -> Self {
        Self::refused(
            StatusCode::SERVICE_UNAVAILABLE,
            code,
            "Not available",
            message,
        )
    }

    pub fn field(name: &str, message: &str) -> Self {
        Self::Fields(BTreeMap::from([(name.to_string(), message.to_string())]))
    }
}

impl From<crate::services::onboarding::fee::FeeError> for AppError {
    fn from(error: crate::services::onboarding::fee::FeeError) -> Self {
        use crate::services::onboarding::fee::FeeError;
        match error {
            FeeError::NoSuchPerson => Self::NotFound,
            FeeError::Storage(error) => Self::Internal(error.into()),
            FeeError::Broken(problem) => Self::Internal(anyhow::anyhow!(problem)),
        }
    }
}

/// The refusal of an approval that does not fit (SPEC §4 dynamic linking).
pub fn approval_refused(problem: crate::services::auth::ApprovalProblem) -> AppError {
    use crate::services::auth::ApprovalProblem;
    let (code, title, message) = match problem {
        ApprovalProblem::Expired => ("mfa_expired", "Request time is up", "Request time is up"),
        ApprovalProblem::OtherTransfer => (
            "approval_mismatch",
            "Approve this transfer",
            "The approval was given for another amount or payee. Please approve this transfer again.",
        ),
        ApprovalProblem::Used => (
            "approval_used",
            "Approve this transfer",
            "This approval has already been used. Please approve the transfer again.",
        ),
        ApprovalProblem::Missing | ApprovalProblem::NotApproved => (
            "approval_required",
            "Approve this transfer",
            "Please approve this transfer first.",
        ),
    };
    AppError::refused(StatusCode::FORBIDDEN, code, title, message)
}

impl From<crate::services::payments::transfers::TransferError> for AppError {
    fn from(error: crate::services::payments::transfers::TransferError) -> Self {
        use crate::domain::payments::transfer::WRONG_AMOUNT;
        use crate::services::payments::transfers::TransferError;
        let already_decided = || {
            Self::refused(
                StatusCode::CONFLICT,
                "already_decided",
                "Already decided",
                "This transfer has already been approved or rejected.",
            )
        };
        match error {
            TransferError::Fields(fields) => Self::Fields(fields),
            // Confirmation of Payee: the review step shows the check; the payer agrees or edits.
            TransferError::PayeeNotConfirmed(check) => Self::refused(
                StatusCode::CONFLICT,
                "payee_not_confirmed",
                "Check the payee",
                &check.verdict.message(),
            ),
            TransferError::NoAccount | TransferError::NoSuchRequest => Self::NotFound,
            TransferError::BadId => Self::field("id", "A new transfer needs a fresh UUID"),
            TransferError::TooManyAttachments => {
                Self::field("attachments", "Attach up to 10 files")
            }
            TransferError::MissingAttachment => Self::field(
                "attachments",
                "An attachment is missing. Please upload it again.",
            ),
            TransferError::SchemeCurrency => Self::field(
                "scheme",
                "This scheme does not carry the account's currency",
            ),
            TransferError::SameAccount => Self::field(
                "receiver",
                "The payee's account is the account you pay from",
            ),
            TransferError::SchemeUnavailable => Self::unavailable(
                "scheme_unavailable",
                "Payments to other banks are not available at the moment.",
            ),
            TransferError::InsufficientFunds => Self::field("amount", WRONG_AMOUNT),
            TransferError::AccountNotUsable => Self::refused(
                StatusCode::CONFLICT,
                "account_not_active",
                "Account not active",
                "This account cannot send money at the moment.",
            ),
            TransferError::Limit(breach, currency) => Self::refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "limit_exceeded",
                "Limit exceeded",
                &breach.message(currency),
            ),
            TransferError::Approval(problem) => approval_refused(problem),
            TransferError::IdReused => Self::refused(
                StatusCode::CONFLICT,
                "transfer_id_reused",
                "Transfer already made",
                "This transfer id belongs to another transfer. Please start a new transfer.",
            ),
            TransferError::AlreadyDecided => already_decided(),
            TransferError::OwnTransfer => Self::refused(
                StatusCode::CONFLICT,
                "own_transfer",
                "Another approver needed",
                "You cannot approve a transfer you made. Another colleague must approve it.",
            ),
            TransferError::Storage(error) => Self::Database(error),
            TransferError::Booking(error) => Self::Internal(error.into()),
            TransferError::Broken(problem) => Self::Internal(anyhow::anyhow!(problem)),
        }
    }
}

impl From<crate::services::profiles::invitations::InvitationError> for AppError {
    fn from(error: crate::services::profiles::invitations::InvitationError) -> Self {
        use crate::domain::profiles::invitation::InvitationState;
        use crate::services::profiles::invitations::InvitationError;
        match error {
            InvitationError::EmailTaken => Self::refused(
                StatusCode::CONFLICT,
                "email_taken_already",
                "Email already registered",
                "This email is already registered with us. Please invite another email.",
            ),
            InvitationError::AlreadyInvited => Self::refused(
                StatusCode::CONFLICT,
                "invitation_exists",
                "Already invited",
                "This email already has an open invitation. You can resend it from your team.",
            ),
            InvitationError::NotOpen(InvitationState::InvitationExpired) => Self::refused(
                StatusCode::GONE,
                "invitation_expired",
                "Invitation expired",
                "This invitation has expired. Please ask for a new one.",
            ),
            InvitationError::NotOpen(_) => Self::refused(
                StatusCode::CONFLICT,
                "invitation_answered",
                "Invitation no longer open",
                "This invitation has already been answered or withdrawn.",
            ),
            InvitationError::Issue(error) => error.into(),
            InvitationError::Storage(error) => Self::Database(error),
        }
    }
}

impl From<crate::rate_limit::Refusal> for AppError {
    fn from(refusal: crate::rate_limit::Refusal) -> Self {
        match refusal {
            crate::rate_limit::Refusal::TooMany(seconds) => Self::TooManyRequests(seconds),
            crate::rate_limit::Refusal::Counter(error) => Self::Internal(error),
        }
    }
}

impl From<crate::providers::notify::NotifyError> for AppError {
    fn from(error: crate::providers::notify::NotifyError) -> Self {
        match error {
            crate::providers::notify::NotifyError::NoProvider(channel) => {
                tracing::error!(?channel, "no provider is configured for this channel");
                Self::unavailable(
                    "provider_unavailable",
                    "We cannot send you messages at the moment. Please try again later.",
                )
            }
            crate::providers::notify::NotifyError::Sms(why) => {
                tracing::error!(why, "a text was not sent");
                Self::unavailable(
                    "sms_not_sent",
                    "We could not send the code. Try again or use your passkey.",
                )
            }
            other => Self::Internal(other.into()),
        }
    }
}

/// Marks a 500 whose cause says the database is away or not yet writable (a failover under
/// way): `http::outage` answers it 503 with `Retry-After` even when the database answers again
/// by the time it checks, as it does the moment a standby is promoted.
#[derive(Clone, Copy, Debug)]
pub struct DatabaseAway;

impl AppError {
    fn database_away(&self) -> bool {
        match self {
            Self::Database(error) => crate::services::database_away(error),
            Self::Internal(error) => error
                .chain()
                .filter_map(|cause| cause.downcast_ref::<sqlx::Error>())
                .any(crate::services::database_away),
            _ => false,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let away = self.database_away();
        let (status, code, title, message, fields) = match &self {
            Self::NotFound => (
                StatusCode::NOT_FOUND,
                "not_found",
                "Not found",
                "This resource does not exist".into(),
                None,
            ),
            Self::Refused {
                status,
                code,
                title,
                message,
            } => (*status, *code, *title, message.clone(), None),
            Self::TooManyRequests(seconds) => {
                let body = Body {
                    code: "rate_limited",
                    title: "Too many attempts",
                    message: format!("Too many attempts. Please try again in {seconds} seconds."),
                    fields: None,
                };
                let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
                if let Ok(value) = axum::http::HeaderValue::from_str(&seconds.to_string()) {
                    response
                        .headers_mut()
                        .insert(axum::http::header::RETRY_AFTER, value);
                }
                return response;
            }
            Self::BadRequest(message) => (
                StatusCode::BAD_REQUEST,
                "bad_request",
                "Invalid request",
                message.clone(),
                None,
            ),
            Self::Fields(fields) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "validation_failed",
                "Check the highlighted fields",
                fields.values().next().cloned().unwrap_or_default(),
                Some(fields),
            ),
            Self::Forbidden => (
                StatusCode::FORBIDDEN,
                "forbidden",
                "Not allowed",
                "You are not allowed to do this".into(),
                None,
            ),
            Self::Database(error) => {
                tracing::error!(%error, "database error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "Something went wrong",
                    "Something went wrong".into(),
                    None,
                )
            }
            Self::Internal(error) => {
                tracing::error!(error = %format!("{error:#}"), "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "Something went wrong",
                    "Something went wrong".into(),
                    None,
                )
            }
        };
        let mut response = (
            status,
            Json(Body {
                code,
                title,
                message,
                fields,
            }),
        )
            .into_response();
        if away {
            response.extensions_mut().insert(DatabaseAway);
        }
        response
    }
}

/// `axum::Json` whose rejections (bad JSON, wrong content type) become an `AppError`.
pub struct ApiJson<T>(pub T);

impl<S, T> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        use axum::extract::rejection::JsonRejection;
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Self(value)),
            // Well-formed JSON whose values do not fit (a string for a number, a number past
            // i64, an unknown enum value): the request is understood but refused.
            Err(JsonRejection::JsonDataError(error)) => Err(AppError::refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_body",
                "Check the request",
                &error.body_text(),
            )),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Err(AppError::refused(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "body_too_large",
                    "Request too large",
                    "The request is too large.",
                ))
            }
            Err(rejection) => Err(AppError::BadRequest(rejection.body_text())),
        }
    }
}

/// What a handler that panicked answers: the API's 500 body, and the panic in the log. The
/// connection stays up and the customer sees an answer.
pub fn api_panic(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!(
        panic = panic_text(panic.as_ref()),
        "an API handler panicked"
    );
    AppError::Internal(anyhow::anyhow!("handler panicked")).into_response()
}

pub fn panic_text<'a>(panic: &'a (dyn std::any::Any + Send + 'static)) -> &'a str {
    panic
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| panic.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)")
}

pub type PanicLayer = tower_http::catch_panic::CatchPanicLayer<
    fn(Box<dyn std::any::Any + Send + 'static>) -> Response,
>;

/// The catch-panic layer of the API router.
pub fn catch_api_panics() -> PanicLayer {
    tower_http::catch_panic::CatchPanicLayer::custom(api_panic as fn(_) -> Response)
}

/// `axum::extract::Query` whose rejections (an undecodable query string) become an `AppError`,
/// so they answer in SPEC §8's JSON like every other refusal.
pub struct ApiQuery<T>(pub T);

impl<S, T> axum::extract::FromRequestParts<S> for ApiQuery<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Self(value)),
            Err(rejection) => Err(AppError::BadRequest(rejection.body_text())),
        }
    }
}
