//! Confirmation of Payee (issue 33 point 2, beyond SPEC): `POST /v2/payees/check` checks the
//! name the payer gave a UK account before they review a transfer or keep a recipient; the
//! transfer then names the check (`payeeCheck`) and, where its answer needs it, the payer's
//! agreement. Checks cost the bank a call to the payee's bank, so they are rate-limited per
//! person.

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::common_answers::PayeeCheckView;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::payments::recipient::PayeeType;
use crate::rate_limit::{Limit, UserKey};
use crate::services::payments::payee_check::{self, UkPayee};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new().routes(routes!(check))
}

/// The account and the name to check.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct PayeeCheckInput {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: Option<PayeeType>,
    pub uk_sort_code: String,
    pub uk_account_number: String,
}

#[utoipa::path(post, path = "/v2/payees/check", tag = "recipients",
    request_body = PayeeCheckInput, responses((status = 200, body = PayeeCheckView)))]
async fn check(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<PayeeCheckInput>,
) -> Result<Json<PayeeCheckView>, AppError> {
    profile.require_transactions()?;
    let payee = uk_payee(&input)?;
    state
        .limiter
        .check(Limit::PayeeChecksPerUser, &UserKey(&profile.user_id))
        .await?;
    let row = payee_check::check(
        &state.db,
        state.payee_checker.as_deref(),
        &profile.profile_id,
        &payee,
        payee_check::OwnAccount::Unread,
    )
    .await?;
    Ok(Json(PayeeCheckView::of(&row)))
}

/// The input as a UK account, with SPEC §5's messages for what is missing or malformed.
fn uk_payee(input: &PayeeCheckInput) -> Result<UkPayee, AppError> {
    use crate::domain::payments::payee;
    let mut fields = std::collections::BTreeMap::new();
    let name = input.name.trim();
    if name.is_empty() {
        fields.insert("name".to_string(), "Field is required".to_string());
    }
    let sort_code = payee::sort_code(&input.uk_sort_code)
        .map_err(|message| fields.insert("ukSortCode".to_string(), message.to_string()));
    let account_number = payee::uk_account_number(&input.uk_account_number)
        .map_err(|message| fields.insert("ukAccountNumber".to_string(), message.to_string()));
    match (sort_code, account_number) {
        (Ok(sort_code), Ok(account_number)) if fields.is_empty() => Ok(UkPayee {
            sort_code,
            account_number,
            name: name.to_string(),
            payee_type: input.kind.unwrap_or(PayeeType::Company),
        }),
        _ => Err(AppError::Fields(fields)),
    }
}
