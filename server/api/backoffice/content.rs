//! Content (issue 32 point 6): `GET /back-office/api/content` (the promos' campaigns and the
//! latest changes of promos and events), `POST /back-office/api/promos` (start or replace one),
//! `POST /back-office/api/promos/end`, `POST /back-office/api/events` (queue a system event or
//! survey for a customer or a segment). Operations only; each with a reason.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::actor;
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::auth::email::Email;
use crate::domain::engagement::events::SystemEvent;
use crate::domain::engagement::promos::{Audience, Campaign, Promo};
use crate::domain::london::{day_bound, iso_time};
use crate::services::backoffice::content::{self, ContentError};
use crate::services::engagement::events::Target;

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(start_promo))
        .routes(routes!(end_promo))
        .routes(routes!(queue_event))
}

impl From<ContentError> for AppError {
    fn from(error: ContentError) -> Self {
        match error {
            ContentError::NoReason => AppError::field("reason", "Say why, in a few words"),
            ContentError::EndsBeforeStart => {
                AppError::field("until", "The promo must end after it starts")
            }
            ContentError::NoSuchCustomer => AppError::field("email", "No customer has this email"),
            ContentError::Sql(error) => AppError::Database(error),
        }
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CampaignView {
    pub promo: Promo,
    pub audience: Audience,
    /// RFC 3339, UTC.
    pub starts_at: String,
    pub ends_at: Option<String>,
    /// Started and not ended.
    pub running: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentChange {
    pub by: Option<String>,
    /// promo.started, promo.ended, event.queued.
    pub action: String,
    /// promo:<name> or event:<name>.
    pub subject: String,
    pub reason: String,
    /// What was set, as JSON.
    pub detail: String,
    pub at: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentOverview {
    pub campaigns: Vec<CampaignView>,
    /// Every promo and event the bank has, for the forms.
    pub promos: Vec<Promo>,
    pub events: Vec<SystemEvent>,
    pub changes: Vec<ContentChange>,
}

async fn overview_now(state: &ApiState) -> Result<ContentOverview, AppError> {
    let now = state.db.now_ms();
    let (campaigns, changes) = content::overview(&state.db).await?;
    Ok(ContentOverview {
        campaigns: campaigns
            .into_iter()
            .map(|c| CampaignView {
                running: c.starts_at <= now && c.ends_at.is_none_or(|end| end > now),
                starts_at: iso_time(c.starts_at),
                ends_at: c.ends_at.map(iso_time),
                promo: c.promo,
                audience: c.audience,
            })
            .collect(),
        promos: Promo::ALL.to_vec(),
        events: SystemEvent::ALL.to_vec(),
        changes: changes
            .into_iter()
            .map(|(by, action, subject, reason, detail, at)| ContentChange {
                by,
                action,
                subject: subject.unwrap_or_default(),
                reason,
                detail,
                at: iso_time(at),
            })
            .collect(),
    })
}

/// The promos' campaigns and who changed what.
#[utoipa::path(get, path = "/back-office/api/content", tag = super::TAG,
    responses((status = 200, body = ContentOverview)))]
async fn overview(
    State(state): State<ApiState>,
    _staff: CurrentStaff,
) -> Result<Json<ContentOverview>, AppError> {
    Ok(Json(overview_now(&state).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromoStart {
    pub promo: Promo,
    #[serde(default)]
    pub audience: Audience,
    /// The first London day it shows (YYYY-MM-DD); today when empty.
    #[serde(default)]
    pub from: Option<String>,
    /// The last London day it shows; open-ended when empty.
    #[serde(default)]
    pub until: Option<String>,
    pub reason: String,
}

fn day(field: &'static str, text: Option<&str>, end: bool) -> Result<Option<i64>, AppError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(text) => day_bound(text, end)
            .map(Some)
            .ok_or_else(|| AppError::field(field, "Enter a date")),
    }
}

/// Starts a promo's campaign for its audience and dates (replacing one set up before).
#[utoipa::path(post, path = "/back-office/api/promos", tag = super::TAG,
    request_body = PromoStart, responses((status = 200, body = ContentOverview)))]
async fn start_promo(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<PromoStart>,
) -> Result<Json<ContentOverview>, AppError> {
    let campaign = Campaign {
        promo: input.promo,
        audience: input.audience,
        starts_at: day("from", input.from.as_deref(), false)?.unwrap_or(state.db.now_ms()),
        // The whole last day is included.
        ends_at: day("until", input.until.as_deref(), true)?.map(|end| end + 1),
    };
    let ip = ip.to_string();
    content::start_promo(&state.db, &actor(&staff, &ip), &campaign, &input.reason).await?;
    Ok(Json(overview_now(&state).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct PromoEnd {
    pub promo: Promo,
    pub reason: String,
}

/// Ends a running promo now.
#[utoipa::path(post, path = "/back-office/api/promos/end", tag = super::TAG,
    request_body = PromoEnd, responses((status = 200, body = ContentOverview)))]
async fn end_promo(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<PromoEnd>,
) -> Result<Json<ContentOverview>, AppError> {
    let ip = ip.to_string();
    if !content::end_promo(&state.db, &actor(&staff, &ip), input.promo, &input.reason).await? {
        return Err(AppError::refused(
            StatusCode::CONFLICT,
            "not_running",
            "Not running",
            "This promo is not running.",
        ));
    }
    Ok(Json(overview_now(&state).await?))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventQueue {
    pub event: SystemEvent,
    /// One customer; empty: everyone the audience holds for.
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub audience: Audience,
    pub reason: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct EventQueued {
    /// How many members it was newly queued for (one already waiting is not queued twice).
    pub queued: usize,
}

/// Queues a system event or survey for one customer or a segment.
#[utoipa::path(post, path = "/back-office/api/events", tag = super::TAG,
    request_body = EventQueue, responses((status = 200, body = EventQueued)))]
async fn queue_event(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<EventQueue>,
) -> Result<Json<EventQueued>, AppError> {
    let email = match input.email.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(
            Email::parse(text).map_err(|_| AppError::field("email", "Enter an email address"))?,
        ),
    };
    let target = Target {
        email,
        audience: input.audience,
    };
    let ip = ip.to_string();
    let queued = content::queue_event(
        &state.db,
        &actor(&staff, &ip),
        input.event,
        &target,
        &input.reason,
    )
    .await?;
    Ok(Json(EventQueued { queued }))
}
