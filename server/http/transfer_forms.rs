//! A UK local transfer before the page hydrates (issue 11 point 7): the transfer form posts
//! here, the server takes the fee, asks for the SMS approval bound to the transfer and answers
//! with the approval page showing amount, fee, total and payee, whose code form posts back
//! here; the transfer is then submitted under the id the server gave it on the first post, so a
//! re-sent form never pays twice. A refusal answers with the form again, its values and the
//! failing field kept. The payee's details travel only in form bodies and the pages answering
//! them, never in an address (issue 28), where history, logs and Referer headers would keep
//! them; only the finished transfer's redirect to the dashboard is a GET. Every step is the
//! API's own call through the one door of plain forms (`forms.rs`): the approval
//! (`/v2/auth/mfa/generate`, `/v2/auth/mfa/verify`) and the submit (`/v2/transactions`).

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::{IntoResponse, Redirect, Response};
use serde_json::{json, Value};

use super::forms::{url, Answer, FormPost};
use super::AppState;

/// The transfer form's fields (the page's names), which every redirect carries back.
const KEPT: [&str; 8] = [
    "bankAccountId",
    "amount",
    "recipientId",
    "name",
    "type",
    "ukSortCode",
    "ukAccountNumber",
    "details",
];

/// The field errors a transfer page marks by name; any other is `required`.
const FIELDS: [&str; 5] = [
    "amount",
    "name",
    "ukSortCode",
    "ukAccountNumber",
    "reference",
];

/// The form's own values, as the redirects carry them back.
fn kept(form: &FormPost) -> Vec<(&'static str, String)> {
    KEPT.iter()
        .map(|name| {
            let value = form.get(name);
            // The amount input shows thousands separators; the value is the digits and point.
            let value = if *name == "amount" {
                value.replace(',', "")
            } else {
                value
            };
            (*name, value)
        })
        .collect()
}

fn pairs<'a>(
    kept: &'a [(&'static str, String)],
    extra: &[(&'a str, &'a str)],
) -> Vec<(&'a str, &'a str)> {
    kept.iter()
        .map(|(k, v)| (*k, v.as_str()))
        .chain(extra.iter().copied())
        .collect()
}

/// A saved UK local recipient of the selected profile, as the recipients call lists it.
async fn saved_recipient(state: &AppState, form: &FormPost, id: &str) -> Result<Value, Answer> {
    let mut page = 1;
    loop {
        let answer = form
            .call(
                state,
                Method::POST,
                "/v2/recipients/fetch",
                Some(json!({"page": page, "limit": 1000})),
            )
            .await;
        if !answer.ok() {
            return Err(answer);
        }
        let results = answer.body["results"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if let Some(found) = results
            .into_iter()
            .find(|r| r["id"] == id && r["scheme"] == "local")
        {
            return Ok(found);
        }
        if page >= answer.body["totalPages"].as_i64().unwrap_or(0) {
            return Err(Answer::not_found());
        }
        page += 1;
    }
}

/// The terms the form names: a saved UK local recipient, or a new UK payee typed in.
async fn terms_of(state: &AppState, form: &FormPost) -> Result<Value, Answer> {
    let recipient_id = form.get("recipientId");
    let receiver = if recipient_id.is_empty() {
        let kind = match form.get("type").as_str() {
            "" => "company".to_string(),
            kind => kind.to_string(),
        };
        json!({
            "name": form.get("name"),
            "type": kind,
            "ukSortCode": form.get("ukSortCode"),
            "ukAccountNumber": form.get("ukAccountNumber"),
        })
    } else {
        let saved = saved_recipient(state, form, &recipient_id).await?;
        json!({
            "name": saved["name"],
            "type": saved["type"],
            "ukSortCode": saved["ukSortCode"],
            "ukAccountNumber": saved["ukAccountNumber"],
        })
    };
    Ok(json!({
        "amount": form.get("amount").replace(',', ""),
        "sender": {"bankAccountId": form.get("bankAccountId")},
        "receiver": receiver,
        "details": form.get("details"),
        "scheme": "local",
    }))
}

/// The transfer form's two pages, as once hydrated: the amount (`step=amount`), checked by the
/// fee call before the payee page is shown; then the payee (`step=payee`), which carries the
/// amount and goes on to the approval. Its "Back" (`back`) shows the amount page again, what
/// was typed kept. The same steps before and after hydration keep the first screen still.
pub async fn start(
    State(state): State<AppState>,
    Path(realm): Path<String>,
    form: FormPost,
) -> Response {
    let kept = kept(&form);
    let page = format!("/transfer/{realm}");
    if form.has("back") {
        return form
            .show(&state, &page, &pairs(&kept, &[("step", "amount")]))
            .await;
    }
    if form.get("step") == "amount" {
        return amount_checked(&state, &form, &page, &kept).await;
    }
    let kept_payee = pairs(&kept, &[("step", "payee")]);
    let terms = match terms_of(&state, &form).await {
        Ok(terms) => terms,
        Err(answer) => {
            return form
                .refused(&state, &answer, &page, &kept_payee, &FIELDS)
                .await
        }
    };
    // The fee and when the money arrives, shown on the approval page before the code.
    let fee = form
        .call(
            &state,
            Method::POST,
            "/v2/transactions/fees/take",
            Some(terms.clone()),
        )
        .await;
    if !fee.ok() {
        return form
            .refused(&state, &fee, &page, &kept_payee, &FIELDS)
            .await;
    }
    let quoted = |pointer: &str| {
        fee.body
            .pointer(pointer)
            .map(value_text)
            .unwrap_or_default()
    };
    let shown = [
        ("fee", quoted("/fee")),
        ("total", quoted("/total")),
        ("currency", quoted("/currency")),
        ("arrivesEarliest", quoted("/arrives/earliest")),
        ("arrivesLatest", quoted("/arrives/latest")),
    ];
    // Confirmation of Payee, shown on the approval page; one that needs the payer's word gets a
    // box to tick there (the submit's gate is the server's either way).
    let receiver = &terms["receiver"];
    let check = form
        .call(
            &state,
            Method::POST,
            "/v2/payees/check",
            Some(json!({
                "name": receiver["name"],
                "type": receiver["type"],
                "ukSortCode": receiver["ukSortCode"],
                "ukAccountNumber": receiver["ukAccountNumber"],
            })),
        )
        .await;
    let checked: Vec<(&str, String)> = if check.ok() {
        let text = |pointer: &str| {
            check
                .body
                .pointer(pointer)
                .map(value_text)
                .unwrap_or_default()
        };
        let consent = check.body["needsConsent"] == json!(true);
        vec![
            ("payeeCheck", text("/id")),
            ("payeeCheckResult", text("/result")),
            ("payeeCheckMessage", text("/message")),
            ("payeeCheckName", text("/name")),
            ("payeeCheckType", text("/accountType")),
            (
                "payeeCheckConsent",
                if consent {
                    "true".into()
                } else {
                    String::new()
                },
            ),
        ]
    } else {
        Vec::new()
    };
    let approval = form
        .call(
            &state,
            Method::POST,
            "/v2/auth/mfa/generate",
            Some(json!({"purpose": "transfer", "method": "sms", "transfer": terms})),
        )
        .await;
    match approval.text("/requestId").filter(|_| approval.ok()) {
        Some(request) => {
            let id = uuid::Uuid::new_v4().to_string();
            let mut extra: Vec<(&str, &str)> = vec![("request", request), ("id", &id)];
            extra.extend(shown.iter().map(|(k, v)| (*k, v.as_str())));
            extra.extend(checked.iter().map(|(k, v)| (*k, v.as_str())));
            form.show(&state, "/transfer/approve", &pairs(&kept, &extra))
                .await
        }
        None => {
            form.refused(&state, &approval, &page, &kept_payee, &FIELDS)
                .await
        }
    }
}

/// The amount page's post: the fee call checks the account and the amount (with its fee,
/// against what is available) before the payee is asked for; a refusal shows the amount page.
async fn amount_checked(
    state: &AppState,
    form: &FormPost,
    page: &str,
    kept: &[(&'static str, String)],
) -> Response {
    let question = json!({
        "amount": form.get("amount").replace(',', ""),
        "sender": {"bankAccountId": form.get("bankAccountId")},
        "scheme": "local",
    });
    let fee = form
        .call(
            state,
            Method::POST,
            "/v2/transactions/fees/take",
            Some(question),
        )
        .await;
    if !fee.ok() {
        return form
            .refused(
                state,
                &fee,
                page,
                &pairs(kept, &[("step", "amount")]),
                &FIELDS,
            )
            .await;
    }
    form.show(state, page, &pairs(kept, &[("step", "payee")]))
        .await
}

/// A JSON string as itself, a number as its decimal text.
fn value_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// The quote and the payee check the approval page showed, carried back with the code so a
/// refused code shows them again.
const SHOWN: [&str; 11] = [
    "fee",
    "total",
    "currency",
    "arrivesEarliest",
    "arrivesLatest",
    "payeeCheck",
    "payeeCheckResult",
    "payeeCheckMessage",
    "payeeCheckName",
    "payeeCheckType",
    "payeeCheckConsent",
];

/// The approval page's code: check it, then submit the transfer it approves.
pub async fn confirm(State(state): State<AppState>, form: FormPost) -> Response {
    let kept = kept(&form);
    let (request, id) = (form.get("request"), form.get("id"));
    let quote: Vec<(&str, String)> = SHOWN.iter().map(|k| (*k, form.get(k))).collect();
    let mut extra: Vec<(&str, &str)> = vec![("request", &request), ("id", &id)];
    extra.extend(quote.iter().map(|(k, v)| (*k, v.as_str())));
    let returned = pairs(&kept, &extra);
    let terms = match terms_of(&state, &form).await {
        Ok(terms) => terms,
        Err(answer) => {
            return form
                .refused(&state, &answer, "/transfer/approve", &returned, &FIELDS)
                .await
        }
    };
    let verified = form
        .call(
            &state,
            Method::POST,
            "/v2/auth/mfa/verify",
            Some(json!({"requestId": request, "secret": form.joined("code")})),
        )
        .await;
    // A code already used (the form sent again after the transfer went through) may still
    // name a transfer made: the submit answers the first result for its id.
    let used = matches!(verified.text("/code"), Some("not_found" | "mfa_closed"));
    if !verified.ok() && !used {
        return form
            .refused(&state, &verified, "/transfer/approve", &returned, &FIELDS)
            .await;
    }
    let mut body = terms;
    body["id"] = json!(id);
    body["requestId"] = json!(request);
    let check = form.get("payeeCheck");
    if !check.is_empty() {
        body["payeeCheck"] =
            json!({"id": check, "accepted": form.get("payeeRiskAccepted") == "true"});
    }
    let submitted = form
        .call(&state, Method::POST, "/v2/transactions", Some(body))
        .await;
    if !submitted.ok() {
        // The submit's own refusal (rights, limits, balance), unless it only missed the
        // approval whose code the verify step refused.
        let missed_approval = submitted
            .text("/code")
            .is_some_and(|code| code.starts_with("approval_"));
        let shown = if verified.ok() || !missed_approval {
            &submitted
        } else {
            &verified
        };
        return form
            .refused(&state, shown, "/transfer/approve", &returned, &FIELDS)
            .await;
    }
    let account = form.get("bankAccountId");
    match submitted.text("/transaction/id") {
        Some(txn) => {
            Redirect::to(&url("/dashboard", &[("account", &account), ("txn", txn)])).into_response()
        }
        // Above the approval threshold: it waits on the dashboard for a colleague.
        None => Redirect::to(&url("/dashboard", &[("account", &account)])).into_response(),
    }
}
