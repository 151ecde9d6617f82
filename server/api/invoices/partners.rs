//! Contractors and clients (SPEC §2 invoice/contractors, §3 partner, §7 POST
//! /v2/invoices/partners/fetch, /take, PUT and DELETE /v2/invoices/partners, §8
//! partner_name_already_exists).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::common_answers::Success;
use crate::api::error::{ApiJson, AppError};
use crate::api::selected_profile::SelectedProfile;
use crate::api::ApiState;
use crate::domain::accounts::money::Currency;
use crate::domain::invoices::partner::{self, PartnerInput, PartnerType, NAME_TAKEN};
use crate::domain::paging::Paging;
use crate::services::invoices::partners::{self, Deleted, SaveError, StoredPartner};

pub fn routes() -> OpenApiRouter<ApiState> {
    OpenApiRouter::new()
        .routes(routes!(fetch))
        .routes(routes!(take))
        .routes(routes!(upsert, delete))
}

/// A page of partners at most (the invoice form lists them all to choose from).
const LIMIT: i64 = 1000;

/// SPEC §3 partner, with the address and VAT number an invoice prints.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerView {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: PartnerType,
    pub registration_number: Option<String>,
    pub currency: Currency,
    pub email: String,
    pub vat_number: Option<String>,
    pub country: String,
    pub address1: String,
    pub city: String,
    pub postcode: Option<String>,
}

pub(super) fn view(stored: StoredPartner) -> PartnerView {
    let p = stored.partner;
    PartnerView {
        id: stored.id,
        name: p.name,
        kind: p.kind,
        registration_number: p.registration_number,
        currency: p.currency,
        email: p.email,
        vat_number: p.vat_number,
        country: p.country,
        address1: p.address1,
        city: p.city,
        postcode: p.postcode,
    }
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct PartnerFetch {
    pub page: Option<i64>,
    pub limit: Option<i64>,
    /// Part of the name.
    pub search: Option<String>,
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerPage {
    pub results: Vec<PartnerView>,
    pub total_pages: i64,
    pub total_results: i64,
    pub page: i64,
}

#[utoipa::path(post, path = "/v2/invoices/partners/fetch", tag = "invoices",
    request_body = PartnerFetch, responses((status = 200, body = PartnerPage)))]
async fn fetch(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<PartnerFetch>,
) -> Result<Json<PartnerPage>, AppError> {
    let paging = Paging::parse(input.page, input.limit, LIMIT, LIMIT)
        .map_err(|(field, message)| AppError::field(field, &message))?;
    let search = input
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let (rows, total) = partners::page(
        &state.db,
        &profile.profile_id,
        search,
        paging.limit(),
        paging.offset(),
    )
    .await?;
    Ok(Json(PartnerPage {
        results: rows.into_iter().map(view).collect(),
        total_pages: paging.total_pages(total),
        total_results: total,
        page: paging.page(),
    }))
}

#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default)]
#[serde(default)]
pub struct PartnerRef {
    pub id: String,
}

/// One partner of the profile; another profile's is not found.
#[utoipa::path(post, path = "/v2/invoices/partners/take", tag = "invoices",
    request_body = PartnerRef, responses((status = 200, body = PartnerView)))]
async fn take(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<PartnerRef>,
) -> Result<Json<PartnerView>, AppError> {
    partners::find(&state.db, &profile.profile_id, input.id.trim())
        .await?
        .map(|stored| Json(view(stored)))
        .ok_or(AppError::NotFound)
}

/// SPEC §3 partner as the form sends it; `id` when editing.
#[derive(serde::Deserialize, serde::Serialize, utoipa::ToSchema, Default, Clone)]
#[serde(rename_all = "camelCase", default)]
pub struct PartnerBody {
    pub id: Option<String>,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: Option<PartnerType>,
    pub registration_number: String,
    pub currency: Option<Currency>,
    pub email: String,
    pub vat_number: String,
    pub country: String,
    pub address1: String,
    pub city: String,
    pub postcode: String,
}

impl PartnerBody {
    fn input(&self) -> PartnerInput {
        PartnerInput {
            name: self.name.clone(),
            kind: self.kind,
            registration_number: self.registration_number.clone(),
            currency: self.currency,
            email: self.email.clone(),
            vat_number: self.vat_number.clone(),
            country: self.country.clone(),
            address1: self.address1.clone(),
            city: self.city.clone(),
            postcode: self.postcode.clone(),
        }
    }
}

fn name_taken() -> AppError {
    AppError::refused(
        StatusCode::CONFLICT,
        "partner_name_already_exists",
        "Name already in use",
        NAME_TAKEN,
    )
}

/// Adds a contractor or client, or (with an id) changes one of the profile's.
#[utoipa::path(put, path = "/v2/invoices/partners", tag = "invoices",
    request_body = PartnerBody, responses((status = 200, body = PartnerView)))]
async fn upsert(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(body): ApiJson<PartnerBody>,
) -> Result<Json<PartnerView>, AppError> {
    let checked = partner::check(&body.input()).map_err(AppError::Fields)?;
    let id = body
        .id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty());
    match partners::save(&state.db, &profile.profile_id, id, &checked).await {
        Ok(stored) => Ok(Json(view(stored))),
        Err(SaveError::NameTaken) => Err(name_taken()),
        Err(SaveError::NotFound) => Err(AppError::NotFound),
        Err(SaveError::Storage(error)) => Err(error.into()),
    }
}

/// Removes one of the profile's partners.
#[utoipa::path(delete, path = "/v2/invoices/partners", tag = "invoices",
    request_body = PartnerRef, responses((status = 200, body = Success)))]
async fn delete(
    State(state): State<ApiState>,
    profile: SelectedProfile,
    ApiJson(input): ApiJson<PartnerRef>,
) -> Result<Json<Success>, AppError> {
    match partners::delete(&state.db, &profile.profile_id, input.id.trim()).await? {
        Deleted::Deleted => Ok(Json(Success {
            success: true,
            message: None,
        })),
        Deleted::NotFound => Err(AppError::NotFound),
        Deleted::Billed => Err(AppError::refused(
            StatusCode::CONFLICT,
            "partner_has_invoices",
            "Contractor/client has invoices",
            "This contractor/client has invoices, so it stays with them. You can still edit it.",
        )),
    }
}
