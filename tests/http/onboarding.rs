//! Onboarding after sign-up (issue 10): the business wizard saved step by step, the phone
//! verified by SMS, and the KYC status moving on only from the step it asks for.

use bank::api::common_answers::Success;
use bank::api::onboarding::business::{OnboardingReply, SaveInput};
use bank::api::onboarding::companies::{CompanyQuery, CompanyResults};
use bank::api::onboarding::phone::{CodeInput, TelephoneInput};
use bank::api::onboarding::reference::{AccountUsage, Turnover};
use bank::api::signup::KycStatusReply;
use bank::domain::onboarding::business::BusinessData;
use bank::domain::onboarding::business_options::Choice;
use bank::domain::onboarding::kyc::KycStatus;
use bank::services::users::person::{Telephone, UserDetails};
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

pub fn company() -> BusinessData {
    let text = |value: &str| value.to_string();
    BusinessData {
        country: text("GB"),
        kind: text("ltd"),
        name: text("Bennett & Hale Trading Ltd"),
        number: text("09876543"),
        incorporation_date: text("2019-05-01"),
        email: text("office@bennett-hale.example"),
        telephone: text("+44 20 7946 0000"),
        business_type: text("wholesale_retail"),
        business_size: text("micro"),
        monthly_incoming_transaction_count: text("11-50"),
        monthly_incoming_transaction_volume: text("10000-50000"),
        monthly_outgoing_transaction_count: text("11-50"),
        monthly_outgoing_transaction_volume: text("10000-50000"),
        website: text("bennett-hale.example"),
        vat_number: text("GB123456789"),
        legal_address_1: text("Finsbury Circus"),
        legal_city: text("London"),
        legal_postcode: text("EC2M 7EA"),
        legal_building_number: text("20"),
        legal_country: text("GB"),
        actual_same_as_legal: true,
        source_of_funds: text("revenue"),
        purpose_description: text("payments_suppliers;OTHER:Paying rent"),
        sending_counterparties: text("clients"),
        receiving_counterparties: text("suppliers;tax"),
        sending_countries: text("GB;DE"),
        receiving_countries: text("GB"),
        ..BusinessData::default()
    }
}

pub async fn put_step(bank: &TestBank, auth: &str, step: i64, data: &BusinessData) -> Reply {
    send_json(
        bank,
        "PUT",
        "/v2/onboardings",
        body(&SaveInput {
            step,
            data: data.clone(),
        }),
        &[("authorization", auth)],
    )
    .await
}

/// Every step of the business wizard with `data`, then the submission; answers the
/// submission's reply (its KYC status), having checked each step was saved.
pub async fn complete_wizard(bank: &TestBank, auth: &str, data: &BusinessData) -> Reply {
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
    assert_eq!(fresh.read::<OnboardingReply>().step, 0);

    // A step cannot be skipped, and each step's answers meet SPEC §5.
    let early = put_step(bank, &auth, 2, &company()).await;
    assert_eq!(early.field_error("step"), "Step is out of range");
    let mut norway = company();
    (norway.country, norway.kind) = ("NO".into(), "as".into());
    let refused = put_step(bank, &auth, 0, &norway).await;
    assert_eq!(refused.status, 422);
    assert_eq!(refused.error().code, "country_not_supported");
    for step in 0..5 {
        let saved = put_step(bank, &auth, step, &company()).await;
        assert_eq!(saved.status, 200, "step {step}: {}", saved.body);
        assert_eq!(saved.read::<OnboardingReply>().step, step + 1);
    }
    let mut bad = company();
    bad.number = "AB!".into();
    let reply = put_step(bank, &auth, 1, &bad).await;
    assert_eq!(reply.field_error("number"), "Invalid registration number");
    let mut other_empty = company();
    other_empty.sending_counterparties = "clients;OTHER:".into();
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
    let resumed = resumed.read::<OnboardingReply>();
    assert_eq!(resumed.step, 5);
    assert_eq!(resumed.data.name, "Bennett & Hale Trading Ltd");

    // Changing the country starts the answers again.
    let mut germany = BusinessData {
        country: "DE".into(),
        kind: "gmbh".into(),
        ..BusinessData::default()
    };
    let moved = put_step(bank, &auth, 0, &germany).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    let moved = moved.read::<OnboardingReply>();
    assert_eq!((moved.step, moved.data.name.as_str()), (1, ""));
    (germany.country, germany.kind) = ("GB".into(), "ltd".into());
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
    let usage = usage.read::<AccountUsage>();
    assert_eq!(usage.source_of_funds[0].value, "startup_capital");
    let labels: Vec<_> = usage
        .receiving_counterparties
        .iter()
        .map(|c| c.label.as_ref())
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
        get("/v1/utils/turnover")
            .await
            .read::<Turnover>()
            .volume_gbp[0]
            .label,
        "Up to £10,000"
    );
    assert!(
        get("/v1/utils/business-types")
            .await
            .read::<Vec<Choice>>()
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
                body(&TelephoneInput {
                    telephone: telephone.into(),
                }),
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
        set.read::<UserDetails>().telephone_details,
        Some(Telephone {
            country_code: "+44".into(),
            number: "7700900456".into()
        })
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
    assert!(send().await.read::<Success>().success);
    let first = last_message(bank, "+447700900456").await.body[..6].to_string();
    // A changed number needs a new code: the first one no longer verifies.
    patch("+44 7700 900789").await;
    let stale = post(
        bank,
        "/v1/auth/verify-sms-auth",
        body(&CodeInput { code: first }),
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
        body(&CodeInput { code: wrong.into() }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(reply.error().message, "The code is incorrect");
    let ok = post(
        bank,
        "/v1/auth/verify-sms-auth",
        body(&CodeInput { code }),
        &[("authorization", &auth)],
    )
    .await;
    assert!(ok.read::<Success>().success);
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
        body(&CompanyQuery {
            search_keyword: "i".into(),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(short.status, 422);
    let found = post(
        bank,
        "/v2/companies/search",
        body(&CompanyQuery {
            search_keyword: "infinity".into(),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(found.status, 200, "{}", found.body);
    let results = found.read::<CompanyResults>().results;
    assert!(results.iter().any(|c| c.number == "09089539"
        && c.address.building_number.as_deref() == Some("83")
        && c.address.postcode == "M1 2JQ"));
    let anonymous = post(
        bank,
        "/v2/companies/search",
        body(&CompanyQuery {
            search_keyword: "infinity".into(),
        }),
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
