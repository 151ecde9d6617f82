//! Four eyes (issue 32 point 2): `POST /back-office/api/proposals` proposes a change,
//! `GET /back-office/api/proposals` lists those waiting, `POST /back-office/api/proposals/decision`
//! approves or rejects one. The duty each change needs is checked by the service (it depends on
//! the change), the proposer never decides their own.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::customers::{actor, customer_id};
use super::session::CurrentStaff;
use crate::api::client_ip::ClientIp;
use crate::api::error::{ApiJson, AppError};
use crate::api::ApiState;
use crate::domain::accounts::money::Currency;
use crate::domain::backoffice::proposals::{Proposal, ProposalKind};
use crate::domain::backoffice::staff::StaffRole;
use crate::domain::backoffice::suspense::ReleaseAction;
use crate::domain::ids::ProfileId;
use crate::domain::london::iso_time;
use crate::domain::payments::payee::Scheme;
use crate::services::backoffice::proposals::{self, Change, Outcome, ProposalError};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(propose, waiting))
        .routes(routes!(decide))
}

impl From<ProposalError> for AppError {
    fn from(error: ProposalError) -> Self {
        let conflict = |code, title, message: &str| {
            AppError::refused(StatusCode::CONFLICT, code, title, message)
        };
        match error {
            ProposalError::NotTheirDuty => AppError::Forbidden,
            ProposalError::OwnProposal => AppError::refused(
                StatusCode::FORBIDDEN,
                "own_proposal",
                "Needs a second person",
                "You proposed this change, so another member of staff must approve it.",
            ),
            ProposalError::NotPending => conflict(
                "proposal_closed",
                "Already decided",
                "This proposal has been decided or has lapsed.",
            ),
            ProposalError::AlreadyProposed => conflict(
                "already_proposed",
                "Already proposed",
                "This change is already waiting for a second member of staff.",
            ),
            ProposalError::Unknown => AppError::NotFound,
            ProposalError::NoReason => AppError::field("reason", "Say why, in a few words"),
            ProposalError::NotPossible(message) => {
                conflict("not_possible", "Not possible", &message)
            }
            ProposalError::Sql(error) => AppError::Database(error),
        }
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalInput {
    pub kind: ProposalKind,
    /// lift_restriction: the customer's user id.
    #[serde(default)]
    pub user_id: Option<String>,
    /// add_staff: the new member's email and role.
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub role: Option<StaffRole>,
    /// release_suspense: the item of suspense, what to do with it, and (match) the IBAN of
    /// the account to credit.
    #[serde(default)]
    pub item_id: Option<String>,
    #[serde(default)]
    pub action: Option<ReleaseAction>,
    #[serde(default)]
    pub iban: Option<String>,
    /// change_limit: the profile, the currency, and its new limits (decimal text).
    #[serde(default)]
    pub profile_id: Option<String>,
    #[serde(default)]
    pub currency: Option<Currency>,
    #[serde(default)]
    pub per_transfer: Option<String>,
    #[serde(default)]
    pub daily: Option<String>,
    /// change_fee: the profile, the scheme, the currency (above) and its own fee (decimal
    /// text; "0" waives it).
    #[serde(default)]
    pub scheme: Option<Scheme>,
    #[serde(default)]
    pub fee: Option<String>,
    pub reason: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ProposalMade {
    pub id: String,
}

/// Proposes a change for a second member to approve within 24 hours.
#[utoipa::path(post, path = "/back-office/api/proposals", tag = super::TAG,
    request_body = ProposalInput, responses((status = 200, body = ProposalMade)))]
async fn propose(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<ProposalInput>,
) -> Result<Json<ProposalMade>, AppError> {
    let change = match input.kind {
        ProposalKind::LiftRestriction => Change::LiftRestriction {
            user_id: customer_id(input.user_id.as_deref().unwrap_or_default())?,
        },
        ProposalKind::AddStaff => Change::AddStaff {
            email: input.email.unwrap_or_default(),
            role: input
                .role
                .ok_or_else(|| AppError::field("role", "Choose a role"))?,
        },
        ProposalKind::ReleaseSuspense => Change::ReleaseSuspense {
            item_id: input.item_id.unwrap_or_default(),
            action: input
                .action
                .ok_or_else(|| AppError::field("action", "Choose what to do with the money"))?,
            iban: input.iban,
        },
        ProposalKind::ChangeLimit => Change::ChangeLimit {
            profile_id: ProfileId::from(input.profile_id.unwrap_or_default()),
            currency: input
                .currency
                .ok_or_else(|| AppError::field("currency", "Choose a currency"))?,
            per_transfer: input.per_transfer.unwrap_or_default(),
            daily: input.daily.unwrap_or_default(),
        },
        ProposalKind::ChangeFee => Change::ChangeFee {
            profile_id: ProfileId::from(input.profile_id.unwrap_or_default()),
            scheme: input
                .scheme
                .ok_or_else(|| AppError::field("scheme", "Choose a scheme"))?,
            currency: input
                .currency
                .ok_or_else(|| AppError::field("currency", "Choose a currency"))?,
            fee: input.fee.unwrap_or_default(),
        },
    };
    let ip = ip.to_string();
    let id = proposals::propose(
        &state.db,
        &state.config,
        &actor(&staff, &ip),
        &change,
        &input.reason,
    )
    .await?;
    Ok(Json(ProposalMade { id }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    pub id: String,
    pub kind: ProposalKind,
    /// What it changes: a customer's user id, a new member's email, an item of suspense.
    pub subject: String,
    /// The change in words ("Credit to GB… (Ada's account)", "Add as compliance").
    pub summary: String,
    pub reason: String,
    pub proposed_by: String,
    pub proposed_at: String,
    pub expires_at: String,
    /// Whether the signed-in member may decide it (not theirs, and their role's duty).
    pub mine_to_decide: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ProposalsWaiting {
    pub proposals: Vec<ProposalView>,
}

fn view(proposal: Proposal, staff: &CurrentStaff, now: i64) -> ProposalView {
    let mine_to_decide =
        crate::domain::backoffice::proposals::may_decide(&proposal, &staff.0, now).is_ok();
    ProposalView {
        summary: summary(&proposal),
        id: proposal.id,
        kind: proposal.kind,
        subject: proposal.subject,
        reason: proposal.reason,
        proposed_by: proposal.proposer_email,
        proposed_at: iso_time(proposal.proposed_at),
        expires_at: iso_time(proposal.expires_at),
        mine_to_decide,
    }
}

/// What a proposal changes, in words, from what it kept when it was made.
fn summary(proposal: &Proposal) -> String {
    let payload: serde_json::Value = serde_json::from_str(&proposal.payload).unwrap_or_default();
    let text = |key: &str| payload[key].as_str().unwrap_or_default().to_string();
    match proposal.kind {
        ProposalKind::LiftRestriction => "Lift the restriction of the account".into(),
        ProposalKind::AddStaff => format!("Add {} as {}", proposal.subject, text("role")),
        ProposalKind::ReleaseSuspense => match text("action").as_str() {
            "match" => format!(
                "Credit {} from suspense to {} ({})",
                text("amount"),
                text("iban"),
                text("accountName")
            ),
            _ => format!("Send {} from suspense back to the payer", text("amount")),
        },
        ProposalKind::ChangeLimit => {
            format!("Let {} send up to {}", text("profileName"), text("shown"))
        }
        ProposalKind::ChangeFee => format!(
            "Charge {} {} for a {} transfer in {} (the bank's price: {})",
            text("profileName"),
            text("shown"),
            payload["scheme"]
                .as_str()
                .and_then(Scheme::parse)
                .map_or("", Scheme::label),
            text("currency"),
            text("bankShown")
        ),
    }
}

/// The proposals waiting for a second member, oldest first.
#[utoipa::path(get, path = "/back-office/api/proposals", tag = super::TAG,
    responses((status = 200, body = ProposalsWaiting)))]
async fn waiting(
    State(state): State<ApiState>,
    staff: CurrentStaff,
) -> Result<Json<ProposalsWaiting>, AppError> {
    let now = state.db.now_ms();
    let waiting = proposals::pending(&state.db).await?;
    Ok(Json(ProposalsWaiting {
        proposals: waiting
            .into_iter()
            .filter(|p| staff.0.role.may(p.kind.duty()))
            .map(|p| view(p, &staff, now))
            .collect(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct ProposalDecision {
    pub id: String,
    pub approve: bool,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalDecided {
    /// What happened, in words.
    pub message: String,
    /// add_staff: the new member's one-time enrolment link, to hand over.
    pub enrolment_link: Option<String>,
}

/// Approves (making the change) or rejects a proposal; never the proposer's own.
#[utoipa::path(post, path = "/back-office/api/proposals/decision", tag = super::TAG,
    request_body = ProposalDecision, responses((status = 200, body = ProposalDecided)))]
async fn decide(
    State(state): State<ApiState>,
    staff: CurrentStaff,
    ip: ClientIp,
    ApiJson(input): ApiJson<ProposalDecision>,
) -> Result<Json<ProposalDecided>, AppError> {
    let ip = ip.to_string();
    let outcome = proposals::decide(
        &state.db,
        &state.config,
        &actor(&staff, &ip),
        &input.id,
        input.approve,
    )
    .await?;
    Ok(Json(match outcome {
        Outcome::Rejected => ProposalDecided {
            message: "Rejected. Nothing was changed.".into(),
            enrolment_link: None,
        },
        Outcome::Lifted => ProposalDecided {
            message: "Approved. The restriction is lifted.".into(),
            enrolment_link: None,
        },
        Outcome::Released(ReleaseAction::Match) => ProposalDecided {
            message: "Approved. The money is credited to the account.".into(),
            enrolment_link: None,
        },
        Outcome::Released(ReleaseAction::Return) => ProposalDecided {
            message: "Approved. The money is sent back to the payer.".into(),
            enrolment_link: None,
        },
        Outcome::LimitSet => ProposalDecided {
            message: "Approved. The profile's new limits apply to its next transfer.".into(),
            enrolment_link: None,
        },
        Outcome::FeeSet => ProposalDecided {
            message: "Approved. The profile's new fee applies to its next transfer.".into(),
            enrolment_link: None,
        },
        Outcome::StaffAdded { link } => ProposalDecided {
            message: "Approved. Hand the new member their one-time enrolment link.".into(),
            enrolment_link: Some(link),
        },
    }))
}
