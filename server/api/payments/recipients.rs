//! Recipients (SPEC §2 recipients, create, edit; §7 fetch, PUT, DELETE, verify) and the IBAN
//! look-up that names the payee's bank.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::engagement::effective_flags;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::Currency;
use crate::domain::paging::Paging;
use crate::domain::payments::payee::{self, Scheme};
use crate::domain::payments::payee_account::PayeeAccount;
use crate::domain::payments::receiver::AddressBody;
use crate::domain::payments::recipient::{
    self, Offer, PayeeType, RecipientInput, RecipientScope, SwiftAddress,
};
use crate::domain::profiles::access::{Right, Section};
use crate::providers::bank_directory::{self, BankMatch};
use crate::rate_limit::{Limit, UserKey};
use crate::services;
use crate::services::payments::recipients::{self, StoredRecipient};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(upsert, delete))
        .routes(routes!(verify))
        .routes(routes!(lookup))
}

/// SPEC §9: recipients are fetched 1000 at a time.
const LIMIT: i64 = 1000;

/// SPEC §3 "Recipient".
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientView {
    pub id: String,
    /// The payment type: local (UK Local Transfer), sepa or swift.
    pub scheme: Scheme,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: PayeeType,
    pub alias: Option<String>,
    pub iban: Option<String>,
    pub uk_sort_code: Option<String>,
    pub uk_account_number: Option<String>,
    pub bic: Option<String>,
    pub routing_code: Option<String>,
    pub reference: Option<String>,
    /// Initials for the avatar.
    pub abbreviation: String,
    pub currency: Currency,
    pub label: Label,
    pub swift_address: Option<SwiftAddress>,
    pub scope: RecipientScope,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Label {
    pub title: String,
    pub footer: String,
}

fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().find(|c| c.is_alphanumeric()))
        .take(2)
        .flat_map(char::to_uppercase)
        .collect()
}

fn view(stored: StoredRecipient) -> RecipientView {
    let r = stored.recipient;
    let scheme = r.scheme();
    let fields = r.account.fields();
    let owned = |value: Option<&str>| value.map(str::to_string);
    let footer = match &r.account {
        PayeeAccount::Uk {
            sort_code,
            account_number,
        } => format!(
            "{} · {account_number}",
            crate::domain::accounts::identifiers::sort_code_display(sort_code),
        ),
        _ => fields.iban.unwrap_or_default().to_string(),
    };
    RecipientView {
        id: stored.id,
        scheme,
        abbreviation: initials(&r.name),
        label: Label {
            title: r.alias.clone().unwrap_or_else(|| r.name.clone()),
            footer,
        },
        scope: scheme.into(),
        iban: owned(fields.iban),
        uk_sort_code: owned(fields.uk_sort_code),
        uk_account_number: owned(fields.uk_account_number),
        bic: owned(fields.bic),
        routing_code: owned(fields.routing_code),
        swift_address: r.account.address().cloned(),
        name: r.name,
        kind: r.kind,
        alias: r.alias,
        reference: r.reference,
        currency: r.currency,
    }
}

#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct RecipientFilters {
    /// Part of the name or template name.
    pub search: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct RecipientFetch {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    #[serde(default)]
    pub filters: RecipientFilters,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecipientPage {
    pub results: Vec<RecipientView>,
    pub total_pages: i64,
    pub total_results: i64,
    pub page: i64,
}

#[utoipa::path(post, path = "/v2/recipients/fetch", tag = "payments", request_body = RecipientFetch,
    responses((status = 200, body = RecipientPage)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<RecipientFetch>,
) -> Result<Json<RecipientPage>, AppError> {
    profile.require_transactions()?;
    let paging = Paging::parse(input.page, input.limit, LIMIT, LIMIT)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    let search = input
        .filters
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let (rows, total) = recipients::page(
        &state.db,
        &profile.profile_id,
        search,
        paging.limit(),
        paging.offset(),
    )
    .await?;
    Ok(Json(RecipientPage {
        results: rows.into_iter().map(view).collect(),
        total_pages: paging.total_pages(total),
        total_results: total,
        page: paging.page(),
    }))
}

/// SPEC §3 "Recipient" as the form sends it; `id` when editing.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct RecipientBody {
    pub id: Option<String>,
    pub scheme: Option<Scheme>,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: Option<PayeeType>,
    pub alias: String,
    pub iban: String,
    pub uk_sort_code: String,
    pub uk_account_number: String,
    pub bic: String,
    pub routing_code: String,
    pub reference: String,
    pub currency: Option<Currency>,
    pub swift_address: AddressBody,
}

impl RecipientBody {
    fn input(&self) -> RecipientInput {
        RecipientInput {
            scheme: self.scheme,
            name: self.name.clone(),
            kind: self.kind,
            alias: self.alias.clone(),
            iban: self.iban.clone(),
            uk_sort_code: self.uk_sort_code.clone(),
            uk_account_number: self.uk_account_number.clone(),
            bic: self.bic.clone(),
            routing_code: self.routing_code.clone(),
            reference: self.reference.clone(),
            currency: self.currency,
            swift_address: self.swift_address.clone(),
        }
    }
}

/// The profile's account currencies and the SWIFT flag, as the recipient rules need them.
pub(super) async fn offer_for(
    state: &ApiState,
    profile: &SelectedProfile,
) -> Result<(Vec<Currency>, bool), AppError> {
    let mut currencies: Vec<Currency> =
        services::accounts::of_profile(&state.db, &profile.profile_id)
            .await?
            .into_iter()
            .filter(|a| a.status.open())
            .map(|a| a.currency)
            .collect();
    currencies.dedup();
    Ok((
        currencies,
        effective_flags(state)
            .await?
            .get(crate::domain::engagement::features::Flag::SwiftAllowed),
    ))
}

pub(crate) fn require_full(profile: &SelectedProfile) -> Result<(), AppError> {
    profile.require_transactions()?;
    if profile.access.allows(Right::full(Section::Transaction)) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Saved {
    pub recipient: RecipientView,
    /// SPEC §2: 'Recipient has been successfully added' or '… saved'.
    pub message: String,
}

/// Adds a recipient, or (with an id) changes one of the profile's.
#[utoipa::path(put, path = "/v2/recipients", tag = "payments", request_body = RecipientBody,
    responses((status = 200, body = Saved)))]
async fn upsert(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<RecipientBody>,
) -> Result<Json<Saved>, AppError> {
    require_full(&profile)?;
    state
        .limiter
        .check(Limit::RecipientsPerUser, &UserKey(&profile.user_id))
        .await?;
    let (currencies, swift_allowed) = offer_for(&state, &profile).await?;
    let checked = recipient::check(
        &body.input(),
        &Offer {
            currencies: &currencies,
            swift_allowed,
        },
    )
    .map_err(AppError::Fields)?;
    let stored = recipients::save(&state.db, &profile.profile_id, body.id.as_deref(), &checked)
        .await?
        .ok_or(AppError::NotFound)?;
    Ok(Json(Saved {
        recipient: view(stored),
        message: if body.id.is_some() {
            "Recipient has been successfully saved"
        } else {
            "Recipient has been successfully added"
        }
        .into(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct DeleteInput {
    #[serde(default)]
    pub id: String,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct Deleted {
    pub message: String,
}

#[utoipa::path(delete, path = "/v2/recipients", tag = "payments", request_body = DeleteInput,
    responses((status = 200, body = Deleted)))]
async fn delete(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<DeleteInput>,
) -> Result<Json<Deleted>, AppError> {
    require_full(&profile)?;
    if !recipients::delete(&state.db, &profile.profile_id, &input.id).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Deleted {
        message: "Recipient has been successfully deleted".into(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    pub valid: bool,
    /// The payee's bank, when the directory knows its IBAN's bank code.
    pub bank: Option<BankMatch>,
}

/// Checks a recipient's details without keeping them: the form's check before a payment.
#[utoipa::path(post, path = "/v2/recipients/verify", tag = "payments", request_body = RecipientBody,
    responses((status = 200, body = Verified)))]
async fn verify(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<RecipientBody>,
) -> Result<Json<Verified>, AppError> {
    profile.require_transactions()?;
    let (currencies, swift_allowed) = offer_for(&state, &profile).await?;
    let checked = recipient::check(
        &body.input(),
        &Offer {
            currencies: &currencies,
            swift_allowed,
        },
    )
    .map_err(AppError::Fields)?;
    let bank = checked
        .account
        .iban()
        .and_then(|text| payee::iban(text).ok())
        .and_then(|iban| bank_directory::lookup(&iban, &state.config.company.legal_name));
    Ok(Json(Verified { valid: true, bank }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
pub struct LookupInput {
    #[serde(default)]
    pub iban: String,
}

/// SPEC §5: the IBAN look-up runs at 15 to 33 cleaned characters and answers bic and bankName.
#[utoipa::path(post, path = "/v2/banks/lookup", tag = "payments", request_body = LookupInput,
    responses((status = 200, body = BankMatch)))]
async fn lookup(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<LookupInput>,
) -> Result<Json<BankMatch>, AppError> {
    profile.require_transactions()?;
    let cleaned = payee::clean(&input.iban);
    if !(15..=33).contains(&cleaned.len()) {
        return Err(AppError::field(
            "iban",
            "The IBAN can only be 14 to 34 characters long",
        ));
    }
    let iban = payee::iban(&cleaned).map_err(|message| AppError::field("iban", message))?;
    bank_directory::lookup(&iban, &state.config.company.legal_name)
        .map(Json)
        .ok_or_else(|| {
            AppError::refused(
                StatusCode::NOT_FOUND,
                "bank_not_found",
                "Bank not found",
                "We do not know this IBAN's bank. Please enter its BIC.",
            )
        })
}
