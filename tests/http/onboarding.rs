//! Onboarding after sign-up (issue 10): the business wizard saved step by step, the phone
//! verified by SMS, and the KYC status moving on only from the step it asks for.

use bank::api::signup::KycStatusReply;
use bank::domain::onboarding::kyc::KycStatus;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;

pub fn company() -> Value {
    json!({
        "country": "GB", "type": "ltd",
        "name": "Bennett & Hale Trading Ltd", "number": "09876543", "incorporation_date": "2019-05-01",
        "email": "office@bennett-hale.example", "telephone": "+44 20 7946 0000",
        "business_type": "wholesale_retail", "business_size": "micro",
        "monthly_incoming_transaction_count": "11-50", "monthly_incoming_transaction_volume": "10000-50000",
        "monthly_outgoing_transaction_count": "11-50", "monthly_outgoing_transaction_volume": "10000-50000",
        "website": "bennett-hale.example", "vat_number": "GB123456789",
        "legal_address_1": "Finsbury Circus", "legal_city": "London", "legal_postcode": "EC2M 7EA",
        "legal_building_number": "20", "legal_country": "GB", "actual_same_as_legal": true,
        "sourceOfFunds": "revenue", "purposeDescription": "payments_suppliers;OTHER:Paying rent",
        "sendingCounterparties": "clients", "receivingCounterparties": "suppliers;tax",
        "sendingCountries": "GB;DE", "receivingCountries": "GB",
    })
}

pub async fn put_step(bank: &TestBank, auth: &str, step: i64, data: &Value) -> Reply {
    send_json(
        bank,
        "PUT",
        "/v2/onboardings",
        json!({"step": step, "data": data}),
        &[("authorization", auth)],
    )
    .await
}

/// Every step of the business wizard with `data`, then the submission; answers the
/// submission's reply (its KYC status), having checked each step was saved.
pub async fn complete_wizard(bank: &TestBank, auth: &str, data: &Value) -> Reply {
    for step in 0..5 {
        let saved = put_step(bank, auth, step, data).await;
        assert_eq!(saved.status, 200, "step {step}: {}", saved.body);
    }
    let submitted = send_json(
        bank,
        "PATCH",
        "/v2/onboardings",
        json!({}),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(submitted.status, 200, "{}", submitted.body);
    submitted
}

async fn status(bank: &TestBank, auth: &str) -> String {
    let reply = bank
        .send(
            axum::http::Request::get("/v1/users/kyc/status-v3")
                .header("authorization", auth)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    reply
        .read::<KycStatusReply>()
        .kyc_status
        .as_str()
        .to_string()
}

on_both_backends!(the_business_wizard_saves_each_step_and_resumes, |bank| {
    let (user_id, auth) =
        applicant(bank, "grace@example.com", "business", "profile_incomplete").await;
    let fresh = post(
        bank,
        "/v2/onboardings/take",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(fresh.status, 200, "{}", fresh.body);
    assert_eq!(fresh.json()["step"], 0);

    // A step cannot be skipped, and each step's answers meet SPEC §5.
    let early = put_step(bank, &auth, 2, &company()).await;
    assert_eq!(early.field_error("step"), "Step is out of range");
    let mut norway = company();
    norway["country"] = json!("NO");
    norway["type"] = json!("as");
    let refused = put_step(bank, &auth, 0, &norway).await;
    assert_eq!(refused.status, 422);
    assert_eq!(refused.error().code, "country_not_supported");
    for step in 0..5 {
        let saved = put_step(bank, &auth, step, &company()).await;
        assert_eq!(saved.status, 200, "step {step}: {}", saved.body);
        assert_eq!(saved.json()["step"], step + 1);
    }
    let mut bad = company();
    bad["number"] = json!("AB!");
    let reply = put_step(bank, &auth, 1, &bad).await;
    assert_eq!(reply.field_error("number"), "Invalid registration number");
    let mut other_empty = company();
    other_empty["sendingCounterparties"] = json!("clients;OTHER:");
    let reply = put_step(bank, &auth, 4, &other_empty).await;
    assert_eq!(
        reply.field_error("sendingCounterparties"),
        "Option \"Other\" selected, but not filled"
    );

    // The wizard resumes with what was saved.
    let resumed = post(
        bank,
        "/v2/onboardings/take",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(resumed.json()["step"], 5);
    assert_eq!(resumed.json()["data"]["name"], "Bennett & Hale Trading Ltd");

    // Changing the country starts the answers again.
    let mut germany = json!({"country": "DE", "type": "gmbh"});
    let moved = put_step(bank, &auth, 0, &germany).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(moved.json()["step"], 1);
    assert_eq!(moved.json()["data"]["name"], "");
    germany["country"] = json!("GB");
    germany["type"] = json!("ltd");
    put_step(bank, &auth, 0, &germany).await;
    let submitted = complete_wizard(bank, &auth, &company()).await;
    assert_eq!(
        submitted.read::<KycStatusReply>().kyc_status,
        KycStatus::VerifyPhone
    );
    let profiles = bank::store::profiles::for_user(&bank.db, &user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 1);
    assert_eq!(profiles[0].name, "Bennett & Hale Trading Ltd");
    assert_eq!(profiles[0].my_access.role.as_str(), "admin");

    // Submitted once: a second submission or save changes nothing.
    let again = send_json(
        bank,
        "PATCH",
        "/v2/onboardings",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(again.status, 409);
    assert_eq!(put_step(bank, &auth, 0, &company()).await.status, 409);
    assert_eq!(
        bank::store::profiles::for_user(&bank.db, &user_id)
            .await
            .unwrap()
            .len(),
        1
    );
});

on_both_backends!(a_personal_customer_has_no_business_wizard, |bank| {
    let (_, auth) = applicant(bank, "tom@example.com", "personal", "verify_phone").await;
    let take = post(
        bank,
        "/v2/onboardings/take",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(take.status, 404);
    assert_eq!(put_step(bank, &auth, 0, &company()).await.status, 409);
});

on_both_backends!(the_wizard_reference_lists, |bank| {
    let (_, auth) = applicant(bank, "grace@example.com", "business", "profile_incomplete").await;
    let get = |path: &'static str| {
        let auth = auth.clone();
        async move {
            bank.send(
                axum::http::Request::get(path)
                    .header("authorization", auth)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
        }
    };
    let usage =
        get("/v1/utils/account-usage?fields=sourceOfFunds&incorporationDate=2026-10-01").await;
    assert_eq!(usage.status, 200, "{}", usage.body);
    assert_eq!(usage.json()["sourceOfFunds"][0]["value"], "startup_capital");
    let labels: Vec<_> = usage.json()["receivingCounterparties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["label"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        labels,
        [
            "Suppliers or Vendors",
            "Employees or Contractors",
            "Business Partners",
            "Tax Authorities and Government Agencies",
            "Loan or Credit Repayments"
        ]
    );
    assert_eq!(
        get("/v1/utils/turnover").await.json()["volumeGbp"][0]["label"],
        "Up to £10,000"
    );
    assert!(
        get("/v1/utils/business-types")
            .await
            .json()
            .as_array()
            .unwrap()
            .len()
            > 10
    );
});

on_both_backends!(a_phone_is_verified_by_a_texted_code, |bank| {
    let (user_id, auth) = applicant(bank, "grace@example.com", "business", "verify_phone").await;
    let patch = |telephone: &'static str| {
        let auth = auth.clone();
        async move {
            send_json(
                bank,
                "PATCH",
                "/v1/users/telephone",
                json!({"telephone": telephone}),
                &[("authorization", &auth)],
            )
            .await
        }
    };
    let long = patch("+44 7700 900123 45678").await;
    assert_eq!(
        long.field_error("telephone"),
        "Phone number is out of range"
    );
    let set = patch("+44 7700 900456").await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert!(
        set.json().get("message").is_none(),
        "a success carries no message"
    );
    assert_eq!(
        set.json()["telephoneDetails"],
        json!({"countryCode": "+44", "number": "7700900456"})
    );
    // Not verified yet: no second factor for the log-in.
    assert!(bank::store::users::phone(&bank.db, &user_id)
        .await
        .unwrap()
        .is_none());

    let send = || {
        let auth = auth.clone();
        async move {
            bank.send(
                axum::http::Request::get("/v1/auth/send-verification-sms-auth")
                    .header("authorization", auth)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
        }
    };
    assert_eq!(send().await.json(), json!({"success": true}));
    let first = last_message(bank, "+447700900456").await.body[..6].to_string();
    // A changed number needs a new code: the first one no longer verifies.
    patch("+44 7700 900789").await;
    let stale = post(
        bank,
        "/v1/auth/verify-sms-auth",
        json!({"code": first}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(stale.status, 400);
    assert_eq!(status(bank, &auth).await, "verify_phone");

    send().await;
    let code = last_message(bank, "+447700900789").await.body[..6].to_string();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let reply = post(
        bank,
        "/v1/auth/verify-sms-auth",
        json!({"code": wrong}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(reply.error().message, "The code is incorrect");
    let ok = post(
        bank,
        "/v1/auth/verify-sms-auth",
        json!({"code": code}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(ok.json(), json!({"success": true}));
    assert_eq!(status(bank, &auth).await, "to_verify");
    assert_eq!(
        bank::store::users::phone(&bank.db, &user_id).await.unwrap(),
        Some(("+44".into(), "7700900789".into()))
    );
    // Past the step, the number cannot be changed or re-verified here.
    assert_eq!(patch("+44 7700 900111").await.status, 409);
    assert_eq!(send().await.status, 409);
});

on_both_backends!(the_sandbox_register_answers_the_company_search, |bank| {
    let (_, auth) = applicant(bank, "grace@example.com", "business", "profile_incomplete").await;
    let short = post(
        bank,
        "/v2/companies/search",
        json!({"searchKeyword": "i"}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(short.status, 422);
    let found = post(
        bank,
        "/v2/companies/search",
        json!({"searchKeyword": "infinity"}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(found.status, 200, "{}", found.body);
    let results = found.json()["results"].as_array().unwrap().clone();
    assert!(results.iter().any(|c| c["number"] == "09089539"
        && c["address"]["buildingNumber"] == "83"
        && c["address"]["postcode"] == "M1 2JQ"));
    let anonymous = post(
        bank,
        "/v2/companies/search",
        json!({"searchKeyword": "infinity"}),
        &[],
    )
    .await;
    assert_eq!(anonymous.status, 401);
});

/// A stand-in for the Companies House search API: checks the key and answers one company.
async fn fake_companies_house() -> std::net::SocketAddr {
    use axum::extract::Query;
    use axum::http::HeaderMap;
    async fn search(
        headers: HeaderMap,
        Query(query): Query<std::collections::HashMap<String, String>>,
    ) -> axum::response::Response {
        use axum::response::IntoResponse;
        // HTTP Basic with the key as the user name and no password: "test-key:".
        if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Basic dGVzdC1rZXk6")
        {
            return axum::http::StatusCode::UNAUTHORIZED.into_response();
        }
        assert_eq!(query.get("items_per_page").map(String::as_str), Some("20"));
        axum::Json(json!({
            "kind": "search#companies", "total_results": 2,
            "items": [
                {"title": format!("{} TRADING LIMITED", query["q"].to_uppercase()), "company_number": "12345678",
                 "company_status": "active", "company_type": "ltd", "date_of_creation": "2019-05-01",
                 "address": {"premises": "20", "address_line_1": "Finsbury Circus", "locality": "London",
                             "postal_code": "EC2M 7EA", "country": "United Kingdom"}},
                {"title": "GONE LIMITED", "company_number": "00000001", "company_status": "dissolved",
                 "address": {"address_line_1": "1 Nowhere"}}
            ]
        }))
        .into_response()
    }
    serve(axum::Router::new().route("/search/companies", axum::routing::get(search))).await
}

#[tokio::test]
async fn the_companies_house_adapter_reads_the_search_api() {
    use bank::config::CompaniesHouseSettings as Settings;
    use bank::providers::companies::{CompaniesHouse, CompanyRegister};
    let address = fake_companies_house().await;
    let register = CompaniesHouse::new(Settings {
        base_url: format!("http://{address}"),
        api_key: "test-key".to_string().into(),
    });
    let found = register.search("bennett").await.unwrap();
    assert_eq!(found.len(), 1, "dissolved companies are left out");
    assert_eq!(found[0].name, "BENNETT TRADING LIMITED");
    assert_eq!(found[0].incorporation_date.as_deref(), Some("2019-05-01"));
    assert_eq!(found[0].address.building_number.as_deref(), Some("20"));
    assert_eq!(found[0].address.address1, "Finsbury Circus");
    let wrong_key = CompaniesHouse::new(Settings {
        base_url: format!("http://{address}"),
        api_key: "other".to_string().into(),
    });
    assert!(wrong_key.search("bennett").await.is_err());
}
