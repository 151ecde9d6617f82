//! The sandbox of Decta's pages (sandbox mode only), where a merchant application's
//! `redirectUri` leads: the application as the acquirer received it, and the acquirer's choices,
//! made by the tester: ask for more information, send the agreement, sign it as the business,
//! or reject. Each choice reaches the bank as the acquirer's signed webhook, through the API
//! router; the page itself changes nothing. Then back to the bank's merchant screen.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Form;
use minijinja::context;

use super::sandbox_decision::{self, Choice, TokenQuery};
use super::AppState;
use crate::domain::lending::application::MerchantState;
use crate::domain::lending::merchant::PROVIDER;
use crate::providers::merchant_acquiring::sandbox::SandboxDecta;
use crate::providers::merchant_acquiring::MerchantDecision;
use crate::services::lending::merchant::{self, MerchantApplication};

/// The sandbox's question when it asks for more.
pub const QUESTION: &str =
    "Please describe what you sell, how you deliver it, and your refund policy.";

fn acquirer(state: &AppState) -> SandboxDecta {
    SandboxDecta::new(
        state.config.identity.sandbox_secret.clone(),
        state.api.db.clock.clone(),
    )
}

async fn application(state: &AppState, token: &str) -> Option<MerchantApplication> {
    let reference = acquirer(state).page_ref(token, state.api.db.now_ms())?;
    merchant::by_provider_ref(&state.api.db, PROVIDER, &reference)
        .await
        .ok()
        .flatten()
}

pub async fn form(State(state): State<AppState>, Query(query): Query<TokenQuery>) -> Response {
    match application(&state, &query.token).await {
        Some(application) => page(&state, &query.token, &application),
        None => gone(&state),
    }
}

fn decision_for(application: &MerchantApplication, choice: &str) -> Option<MerchantDecision> {
    let reference = application.provider_ref.clone()?;
    let (state, note, merchant_id) = match choice {
        "ask" => (
            MerchantState::AdditionalInfoRequired,
            Some(QUESTION.to_string()),
            None,
        ),
        "agreement" => (MerchantState::AgreementSent, None, None),
        "sign" => (
            MerchantState::Active,
            None,
            Some(format!("DM-{}", &application.id[..8].to_uppercase())),
        ),
        "reject" => (
            MerchantState::Rejected,
            Some("Decta cannot accept the business as a merchant at the moment.".to_string()),
            None,
        ),
        _ => return None,
    };
    application
        .state
        .may_become(state)
        .then_some(MerchantDecision {
            provider_ref: reference,
            state,
            note,
            merchant_id,
        })
}

pub async fn decide(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(choice): Form<Choice>,
) -> Response {
    if let Some(refusal) = sandbox_decision::refused(&state, &headers) {
        return refusal;
    }
    let Some(application) = application(&state, &choice.token).await else {
        return gone(&state);
    };
    let Some(decision) = decision_for(&application, &choice.decision) else {
        return page(&state, &choice.token, &application);
    };
    let signed = acquirer(&state).webhook(&decision);
    sandbox_decision::deliver(
        &state,
        "/v2/webhooks/merchant-acquiring",
        signed,
        "/merchant",
    )
    .await
}

fn gone(state: &AppState) -> Response {
    super::pages::template_page(
        state,
        "acquirer_review_page.html",
        StatusCode::NOT_FOUND,
        context! { step => "gone" },
    )
}

fn page(state: &AppState, token: &str, application: &MerchantApplication) -> Response {
    let choices: Vec<(&str, &str)> = [
        ("ask", "Ask for more information"),
        ("agreement", "Send the agreement"),
        ("sign", "Sign the agreement as the business"),
        ("reject", "Reject"),
    ]
    .into_iter()
    .filter(|(choice, _)| decision_for(application, choice).is_some())
    .collect();
    let form = &application.form;
    super::pages::template_page(
        state,
        "acquirer_review_page.html",
        StatusCode::OK,
        context! {
            step => "form",
            token,
            website => form.company_website,
            turnover => crate::domain::onboarding::business_options::VOLUMES_GBP
                .iter()
                .find(|choice| choice.value == form.potential_turnover)
                .map_or(form.potential_turnover.as_str(), |choice| &choice.label),
            description => form.business_description,
            state => application.state.label(),
            note => application.note,
            choices,
        },
    )
}
