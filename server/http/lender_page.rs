//! The sandbox lender's page (sandbox mode only), where `redirectUri` takes the person: the
//! application as the lender received it (with what the bank shared), and the lender's choices,
//! made by the tester: review it, offer the amount asked, accept the offer and pay it out, or
//! decline. Each choice reaches the bank as the lender's signed webhook, through the API router;
//! the page itself changes nothing. Then back to the bank's screen for the product.

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Form;
use minijinja::context;

use super::sandbox_decision::{self, Choice, TokenQuery};
use super::AppState;
use crate::api::lending::loans::status_page;
use crate::domain::accounts::money::{display, Currency};
use crate::domain::lending::application::{LoanState, Product};
use crate::domain::lending::factoring;
use crate::providers::lending::sandbox::SandboxLender;
use crate::providers::lending::Decision;
use crate::services::lending::loans::{self, LoanApplication};
use crate::services::lending::prefill::Shared;

fn lender(state: &AppState) -> SandboxLender {
    SandboxLender::new(
        state.config.identity.sandbox_secret.clone(),
        state.api.db.clock.clone(),
    )
}

async fn application(state: &AppState, token: &str) -> Option<LoanApplication> {
    let reference = lender(state).page_ref(token, state.api.db.now_ms())?;
    loans::by_provider_ref(&state.api.db, "sandbox", &reference)
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

/// The lender's decision for a choice on the page, where the application's state allows it.
fn decision_for(application: &LoanApplication, choice: &str) -> Option<Decision> {
    let reference = application.provider_ref.clone()?;
    let offer = offer_of(application);
    let offered = application.offered_amount.unwrap_or(offer);
    let (state, offered_amount, paid_amount, reason) = match choice {
        "review" => (LoanState::InReview, None, None, None),
        "offer" => (LoanState::PreApproved, Some(offer), None, None),
        "pay" => (LoanState::Approved, None, Some(offered), None),
        "decline" => (
            LoanState::Rejected,
            None,
            None,
            Some("The lender cannot offer finance to the business at the moment.".to_string()),
        ),
        _ => return None,
    };
    application.state.may_become(state).then_some(Decision {
        provider_ref: reference,
        state,
        offered_amount,
        paid_amount,
        reason,
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
    let signed = lender(&state).webhook(&decision);
    sandbox_decision::deliver(
        &state,
        "/v2/webhooks/lending",
        signed,
        status_page(application.product),
    )
    .await
}

/// What the sandbox lender offers: the amount asked, or a factor's advance on invoices.
fn offer_of(application: &LoanApplication) -> i64 {
    match application.product {
        Product::Factoring => factoring::advance(application.amount),
        _ => application.amount,
    }
}

fn gone(state: &AppState) -> Response {
    super::pages::template_page(
        state,
        "lender_page.html",
        StatusCode::NOT_FOUND,
        context! { step => "gone", back => "/loans" },
    )
}

fn page(state: &AppState, token: &str, application: &LoanApplication) -> Response {
    let gbp = |minor: i64| display(minor, Currency::Gbp);
    let shared: Option<Shared> = application
        .shared
        .clone()
        .and_then(|value| serde_json::from_value(value).ok());
    let choices: Vec<(&str, String)> = [
        ("review", "Review the application".to_string()),
        ("offer", format!("Offer {}", gbp(offer_of(application)))),
        (
            "pay",
            format!(
                "Accept the offer and pay out {}",
                gbp(application
                    .offered_amount
                    .unwrap_or_else(|| offer_of(application)))
            ),
        ),
        ("decline", "Decline".to_string()),
    ]
    .into_iter()
    .filter(|(choice, _)| decision_for(application, choice).is_some())
    .collect();
    super::pages::template_page(
        state,
        "lender_page.html",
        StatusCode::OK,
        context! {
            step => "form",
            back => status_page(application.product),
            token,
            amount => gbp(application.amount),
            term => application.term_months,
            purpose => application.form.get("purpose").and_then(|p| p.as_str()).unwrap_or_default(),
            state => application.state.label(),
            choices,
            shared,
        },
    )
}
