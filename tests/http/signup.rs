//! Sign-up through the router on both databases: e-mail code, password, personal details,
//! address search and address, and the KYC status they lead to.

use bank::api::auth::{SendInput, VerifyInput};
use bank::api::common_answers::Success;
use bank::api::signup::CreateInput;
use bank::domain::onboarding::kyc::OnboardingFlow;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

fn send_body(email: &str) -> serde_json::Value {
    body(&SendInput {
        email: email.into(),
    })
}

fn verify_body(email: &str, code: &str) -> serde_json::Value {
    body(&VerifyInput {
        email: email.into(),
        code: code.into(),
    })
}

fn create_body(password: &str, flow: OnboardingFlow) -> serde_json::Value {
    body(&CreateInput {
        password: password.into(),
        onboarding_flow: Some(flow),
        ..Default::default()
    })
}

const EMAIL: &str = "grace@example.com";

fn code_in(subject: &str) -> String {
    subject[..6].to_string()
}

/// Verifies Grace's e-mail and answers the registration cookie.
async fn verified(bank: &TestBank) -> String {
    let sent = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(EMAIL),
        &[],
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let code = code_in(&last_message(bank, EMAIL).await.subject);
    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &code),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    cookie_pair(&reply, "__Host-registration")
}

/// A new business sign-up, logged in: answers the access cookie.
async fn signed_up(bank: &TestBank) -> String {
    let registration = verified(bank).await;
    let reply = post(
        bank,
        "/v2/users",
        create_body("harbour2026", OnboardingFlow::Business),
        &[("cookie", &registration)],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    cookie_pair(&reply, "__Host-access")
}

async fn patch_user(bank: &TestBank, access: &str, body: serde_json::Value) -> Reply {
    send_json(bank, "PATCH", "/v2/users", body, &[("cookie", access)]).await
}

on_both_backends!(an_email_code_verifies_the_address_once, |bank| {
    let bad = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body("grace@"),
        &[],
    )
    .await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.field_error("email"), "Email is invalid");

    let sent = post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(EMAIL),
        &[],
    )
    .await;
    let sent: Success = sent.read();
    assert!(sent.success && sent.message.is_none());
    let mail = last_message(bank, EMAIL).await;
    assert_eq!(mail.channel, "email");
    let code = code_in(&mail.subject);
    assert!(mail.body.contains(&code));

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, wrong),
        &[],
    )
    .await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.error().message, "The code is incorrect");
    assert!(set_cookies(&reply).is_empty());

    let reply = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &code),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200);
    let cookie = set_cookies(&reply).join("; ");
    assert!(
        cookie.contains("__Host-registration=")
            && cookie.contains("HttpOnly")
            && cookie.contains("Secure")
    );

    let replay = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &code),
        &[],
    )
    .await;
    assert_eq!(replay.status, 400);
    assert_eq!(replay.error().code, "code_used");

    // A new code replaces the old one; five wrong codes use it up.
    post(
        bank,
        "/v1/auth/send-verification-email-v2",
        send_body(EMAIL),
        &[],
    )
    .await;
    let fresh = code_in(&last_message(bank, EMAIL).await.subject);
    let wrong = if fresh == "000000" {
        "111111"
    } else {
        "000000"
    };
    for _ in 0..5 {
        post(
            bank,
            "/v1/auth/verify-email-v2",
            verify_body(EMAIL, wrong),
            &[],
        )
        .await;
    }
    let late = post(
        bank,
        "/v1/auth/verify-email-v2",
        verify_body(EMAIL, &fresh),
        &[],
    )
    .await;
    assert_eq!(late.error().code, "code_failed");
});

on_both_backends!(
    sending_codes_is_rate_limited_and_says_nothing_about_existing_accounts,
    |bank| {
        create_user(bank, "anna@example.com", "unused").await;
        let reply = post(
            bank,
            "/v1/auth/send-verification-email-v2",
            send_body("anna@example.com"),
            &[],
        )
        .await;
        assert_eq!(
            reply.json(),
            json!({"success": true}),
            "the same answer as for a new address"
        );
        let mail = last_message(bank, "anna@example.com").await;
        assert!(mail.subject.contains("already have"), "{}", mail.subject);
        let verify = post(
            bank,
            "/v1/auth/verify-email-v2",
            verify_body("anna@example.com", "123456"),
            &[],
        )
        .await;
        assert_eq!(verify.status, 400);

        for _ in 0..4 {
            post(
                bank,
                "/v1/auth/send-verification-email-v2",
                send_body(EMAIL),
                &[],
            )
            .await;
        }
        let limited = post(
            bank,
            "/v1/auth/send-verification-email-v2",
            send_body(EMAIL),
            &[],
        )
        .await;
        assert_eq!(limited.status, 200);
        let limited = post(
            bank,
            "/v1/auth/send-verification-email-v2",
            send_body(EMAIL),
            &[],
        )
        .await;
        assert_eq!(limited.status, 429);
        assert!(!limited.header("retry-after").is_empty());
    }
);

on_both_backends!(
    a_verified_email_creates_one_account_with_the_chosen_flow,
    |bank| {
        let none = post(
            bank,
            "/v2/users",
            create_body("harbour2026", OnboardingFlow::Business),
            &[],
        )
        .await;
        assert_eq!(none.status, 403, "no account without a verified email");

        let registration = verified(bank).await;
        let weak = post(
            bank,
            "/v2/users",
            create_body("harbour", OnboardingFlow::Business),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(weak.status, 422);
        assert_eq!(
            weak.field_error("password"),
            "Password must contain at least one latin letter and a number"
        );
        let short = post(
            bank,
            "/v2/users",
            create_body("h2", OnboardingFlow::Business),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(
            short.field_error("password"),
            "Password must be at least 8 characters"
        );

        let created = post(
            bank,
            "/v2/users",
            create_body("harbour2026", OnboardingFlow::Personal),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(created.status, 200, "{}", created.body);
        let access = cookie_pair(&created, "__Host-access");
        let again = post(
            bank,
            "/v2/users",
            create_body("harbour2026", OnboardingFlow::Personal),
            &[("cookie", &registration)],
        )
        .await;
        assert_eq!(again.status, 403, "the registration cookie is spent");

        let me = post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
            .await
            .json();
        assert_eq!(me["email"], EMAIL);
        assert_eq!(me["onboardingFlow"], "personal");
        assert_eq!(me["kycStatus"], "user_data_incomplete");
        assert_eq!(me["isBusinessAllowed"], false);

        let kyc = bank
            .send(
                axum::http::Request::get("/v1/users/kyc/status-v3")
                    .header("cookie", &access)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .json();
        assert_eq!(kyc["kyc_status"], "user_data_incomplete");
        assert_eq!(kyc["account_ready"], false);
        assert_eq!(kyc["onboarding_flow"], "personal");
    }
);

on_both_backends!(personal_details_and_address_complete_the_person, |bank| {
    let access = signed_up(bank).await;
    let address = json!({"country": "GB", "postcode": "EC2M 7EA", "city": "London", "address1": "Finsbury Circus", "buildingNumber": "20"});
    let early = patch_user(bank, &access, address.clone()).await;
    assert_eq!(early.status, 409, "details come before the address");

    let bad = patch_user(
        bank,
        &access,
        json!({"title": "", "name": "", "surname": "Hopper", "dob": "2015-01-01"}),
    )
    .await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.field_error("title"), "Title required");
    assert_eq!(bad.field_error("name"), "Field is required");
    assert_eq!(bad.field_error("dob"), "You must be at least 18 years old");
    let me = post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
        .await
        .json();
    assert_eq!(me["surname"], "", "bad input changes nothing");

    let good = patch_user(bank, &access, json!({"title": "Ms", "name": "Grace", "middlename": "Brewster", "surname": "Hopper", "dob": "1990-02-09", "isPep": false})).await;
    assert_eq!(good.status, 200, "{}", good.body);
    assert_eq!(good.json()["dob"], "1990-02-09");
    assert_eq!(good.json()["middleName"], "Brewster");

    let short = post(
        bank,
        "/v2/countries/addresses/search",
        json!({"postalCode": "EC2"}),
        &[("cookie", &access)],
    )
    .await;
    assert_eq!(short.status, 422);
    let found = post(
        bank,
        "/v2/countries/addresses/search",
        json!({"postalCode": "ec2m 7ea"}),
        &[("cookie", &access)],
    )
    .await;
    assert_eq!(found.status, 200);
    let results = found.json()["results"].as_array().unwrap().clone();
    assert!(results.iter().any(|r| r["buildingNumber"] == "20"
        && r["addressLine1"] == "Finsbury Circus"
        && r["city"] == "London"
        && r["postalCode"] == "EC2M 7EA"));
    let anonymous = post(
        bank,
        "/v2/countries/addresses/search",
        json!({"postalCode": "EC2M 7EA"}),
        &[],
    )
    .await;
    assert_eq!(anonymous.status, 401);

    let mut no_number = address.clone();
    no_number["buildingNumber"] = json!("");
    let reply = patch_user(bank, &access, no_number).await;
    assert_eq!(reply.field_error("buildingNumber"), "Field is required");

    let done = patch_user(bank, &access, address).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(
        done.json()["kycStatus"],
        "profile_incomplete",
        "a business sign-up goes on to the business"
    );
    assert_eq!(done.json()["buildingNumber"], "20");
    let locked = patch_user(
        bank,
        &access,
        json!({"title": "Mr", "name": "G", "surname": "H", "dob": "1990-02-09"}),
    )
    .await;
    assert_eq!(locked.status, 409);
});

on_both_backends!(
    a_new_account_opens_the_director_set_where_the_wizard_resumes,
    |bank| {
        let access = signed_up(bank).await;
        for agent in [DESKTOP, IPHONE] {
            // The controller sends the new account on to its first step.
            let controller = page_with_cookie(bank, "/controller", agent, &access).await;
            assert_eq!(controller.status, 302, "{}", controller.body);
            assert_eq!(controller.header("location"), "/onboarding/user");
            let elsewhere = page_with_cookie(bank, "/dashboard", agent, &access).await;
            assert_eq!(elsewhere.status, 302);
            assert_eq!(elsewhere.header("location"), "/controller");
        }
        let wizard = page_with_cookie(bank, "/onboarding/user", DESKTOP, &access).await;
        assert!(wizard.body.contains("Personal details") && wizard.body.contains("Date of birth"));
        patch_user(
            bank,
            &access,
            json!({"title": "Ms", "name": "Grace", "surname": "Hopper", "dob": "1990-02-09"}),
        )
        .await;
        let resumed = page_with_cookie(bank, "/onboarding/user", DESKTOP, &access).await;
        assert!(
            resumed.body.contains("Building number"),
            "the wizard resumes at the address"
        );
        assert!(resumed.body.contains("Welcome") || resumed.body.contains("Personal address"));
    }
);
