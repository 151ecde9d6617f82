//! An invoice draft before the page hydrates (issue 29 point 7): the invoice form posts here
//! and is kept by the API's own call (`PUT /v2/invoices`) through the one door of plain forms
//! (`forms.rs`). "Add item" posts too, and answers the form again with one more row, so a
//! browser without JavaScript can bill several items. A refusal answers with the form, what
//! was typed, and the first failing field with the API's own message.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{json, Value};

use super::forms::{url, FormPost};
use super::AppState;

/// The invoice form's own fields (besides its items), which a refusal shows again.
const KEPT: [&str; 10] = [
    "number",
    "issueDate",
    "dueDate",
    "bankAccountId",
    "partnerId",
    "isDiscountApplied",
    "discountType",
    "discount",
    "isVatApplied",
    "vatAmount",
];

const ITEM_FIELDS: [&str; 5] = [
    "description",
    "periodFrom",
    "periodTo",
    "quantityHours",
    "price",
];

/// At most this many rows (the API's own limit is 100 items).
const MAX_ROWS: usize = 100;

/// The posted rows: `items.N.field`, in order of N, each row's five fields (empty rows dropped
/// unless `keep_empty`).
fn rows(form: &FormPost, keep_empty: bool) -> Vec<[String; 5]> {
    let mut indexes: Vec<usize> = form
        .all()
        .iter()
        .filter_map(|(name, _)| name.strip_prefix("items.")?.split('.').next()?.parse().ok())
        .filter(|n| *n < MAX_ROWS)
        .collect();
    indexes.sort_unstable();
    indexes.dedup();
    indexes
        .into_iter()
        .map(|n| ITEM_FIELDS.map(|field| form.get(&format!("items.{n}.{field}"))))
        .filter(|row| keep_empty || row.iter().any(|value| !value.is_empty()))
        .collect()
}

/// What the page shows again: the fields, the rows renumbered, and `extra`.
fn values(form: &FormPost, rows: &[[String; 5]]) -> Vec<(String, String)> {
    let mut values: Vec<(String, String)> = KEPT
        .iter()
        .map(|name| ((*name).to_string(), form.get(name)))
        .collect();
    for (n, row) in rows.iter().enumerate() {
        for (field, value) in ITEM_FIELDS.iter().zip(row) {
            values.push((format!("items.{n}.{field}"), value.clone()));
        }
    }
    values.push(("rows".into(), rows.len().to_string()));
    values
}

fn body(form: &FormPost, id: Option<&str>, rows: &[[String; 5]]) -> Value {
    let ticked = |name: &str| form.has(name) && form.get(name) != "false";
    json!({
        "id": id,
        "number": form.get("number"),
        "issueDate": form.get("issueDate"),
        "dueDate": form.get("dueDate"),
        "bankAccountId": form.get("bankAccountId"),
        "partnerId": form.get("partnerId"),
        "isDiscountApplied": ticked("isDiscountApplied"),
        "discountType": match form.get("discountType").as_str() {
            "percent" => "percent",
            _ => "fixed-amount",
        },
        // The amount inputs show thousands separators; the values are digits and a point.
        "discount": form.get("discount").replace(',', ""),
        "isVatApplied": ticked("isVatApplied"),
        "vatAmount": form.get("vatAmount"),
        "items": rows.iter().map(|[description, from, to, hours, price]| json!({
            "description": description,
            "periodFrom": from,
            "periodTo": to,
            "quantityHours": hours.replace(',', ""),
            "price": price.replace(',', ""),
        })).collect::<Vec<_>>(),
    })
}

async fn save(state: &AppState, form: &FormPost, path: &str, id: Option<&str>) -> Response {
    if form.has("addItem") {
        let mut rows = rows(form, true);
        if rows.len() < MAX_ROWS {
            rows.push(Default::default());
        }
        let values = values(form, &rows);
        let pairs: Vec<(&str, &str)> = values
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        return form.show(state, path, &pairs).await;
    }
    let rows = rows(form, false);
    let answer = form
        .call(
            state,
            Method::PUT,
            "/v2/invoices",
            Some(body(form, id, &rows)),
        )
        .await;
    if let Some(saved) = answer.text("/id").filter(|_| answer.ok()) {
        return Redirect::to(&url(&format!("/invoice/view/{saved}"), &[("saved", "1")]))
            .into_response();
    }
    // The first field the API named, with its own message: the page marks it.
    let (field, message) = answer
        .body
        .get("fields")
        .and_then(|fields| fields.as_object())
        .and_then(|fields| fields.iter().next())
        .map(|(field, message)| (field.clone(), message.as_str().unwrap_or("").to_string()))
        .unwrap_or_default();
    let mut values = values(form, &rows);
    values.push(("errorField".into(), field.clone()));
    values.push(("errorText".into(), message));
    let pairs: Vec<(&str, &str)> = values
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    form.refused(state, &answer, path, &pairs, &[field.as_str()])
        .await
}

/// `POST /invoice/new`: a new draft.
pub async fn create(State(state): State<AppState>, form: FormPost) -> Response {
    save(&state, &form, "/invoice/new", None).await
}

/// `POST /invoice/edit/{invoiceId}`: a draft changed.
pub async fn edit(
    State(state): State<AppState>,
    Path(id): Path<String>,
    form: FormPost,
) -> Response {
    save(&state, &form, &format!("/invoice/edit/{id}"), Some(&id)).await
}
