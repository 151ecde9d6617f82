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

impl AppError {
    pub fn field(name: &str, message: &str) -> Self {
        Self::Fields(BTreeMap::from([(name.to_string(), message.to_string())]))
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code, title, message, fields) = match &self {
            Self::NotFound => (
                StatusCode::NOT_FOUND,
                "not_found",
                "Not found",
                "This resource does not exist".into(),
                None,
            ),
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
        (
            status,
            Json(Body {
                code,
                title,
                message,
                fields,
            }),
        )
            .into_response()
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
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Self(value)),
            Err(rejection) => Err(AppError::BadRequest(rejection.body_text())),
        }
    }
}
