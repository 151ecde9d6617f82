//! SPEC §7 POST /v2/users/reviews: the person's answer to a review request (issue 31 point 5).

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::common_answers::Success;
use crate::api::current_user::CurrentUser;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::engagement::reviews::Platform;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(review))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ReviewInput {
    /// Where the person chose to review the bank; none: not now.
    #[serde(default)]
    #[schema(value_type = Option<Platform>)]
    pub platform: Option<String>,
}

/// Records the person's answer to a review request; either way they are not asked again for 90
/// days.
#[utoipa::path(post, path = "/v2/users/reviews", tag = "users", request_body = ReviewInput,
    responses((status = 200, body = Success)))]
async fn review(
    State(state): State<ApiState>,
    user: CurrentUser,
    ApiJson(input): ApiJson<ReviewInput>,
) -> Result<Json<Success>, AppError> {
    let platform = match input.platform.as_deref() {
        None => None,
        Some(name) => Some(
            Platform::parse(name)
                .ok_or_else(|| AppError::field("platform", "Unknown review platform"))?,
        ),
    };
    crate::services::engagement::reviews::answer(&state.db, &user.user_id, platform).await?;
    Ok(Json(Success {
        success: true,
        message: Some("Success".into()),
    }))
}
