//! The sandbox outbox page: what the bank would have emailed or texted, so that sign-up and
//! log-in can be completed in a browser without a real phone or mailbox.

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use minijinja::context;

use super::AppState;
use crate::services::messages;

#[derive(serde::Deserialize)]
pub struct Filter {
    #[serde(default)]
    to: String,
}

pub async fn page(State(state): State<AppState>, Query(filter): Query<Filter>) -> Response {
    let to = filter.to.trim().to_lowercase();
    let entries = match messages::sent(
        &state.api.db,
        Some(&to).filter(|t| !t.is_empty()).map(|t| t.as_str()),
        100,
    )
    .await
    {
        Ok(entries) => entries,
        Err(error) => {
            tracing::error!(%error, "outbox read failed");
            return super::pages::failure(&state);
        }
    };
    let html = state.fallback.get_template("outbox.html").and_then(|t| {
        t.render(context! {
            entries, to,
            trading_name => state.config.company.trading_name,
            css => state.manifest.css,
        })
    });
    match html {
        Ok(html) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            html,
        )
            .into_response(),
        Err(error) => {
            tracing::error!(%error, "outbox page failed");
            super::pages::failure(&state)
        }
    }
}

/// One email's attachment (an invoice's PDF or e-invoice), as the recipient would open it.
pub async fn attachment(
    State(state): State<AppState>,
    Path((id, index)): Path<(String, usize)>,
) -> Response {
    match messages::attachment(&state.api.db, &id, index).await {
        Ok(Some(file)) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, file.content_type),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{}\"", file.filename),
                ),
                (header::CACHE_CONTROL, "no-store".to_string()),
            ],
            file.content,
        )
            .into_response(),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => {
            tracing::error!(%error, "outbox attachment read failed");
            super::pages::failure(&state)
        }
    }
}
