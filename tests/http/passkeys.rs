//! Passkey calls through the router: who may call them and what bad answers do. The whole
//! ceremony with a real authenticator runs in the browser tests (Chromium's virtual one).

use bank::domain::auth::password;
use bank::store;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

on_both_backends!(
    passkey_enrolment_needs_a_session_and_a_valid_answer,
    |bank| {
        let anonymous = post(bank, "/v2/users/passkeys/registrations", json!({}), &[]).await;
        assert_eq!(anonymous.status, 401);

        let user = create_user(bank, "anna@example.com", &password::hash("harbour2026")).await;
        let session = store::sessions::issue(&bank.db, &user, store::now_ms())
            .await
            .unwrap();
        let access = format!("__Host-access={}", session.access);

        let early = post(
            bank,
            "/v2/users/passkeys/registrations/finish",
            json!({"credential": {}}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(early.status, 422, "no enrolment was started");

        let options = post(
            bank,
            "/v2/users/passkeys/registrations",
            json!({}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(options.status, 200, "{}", options.body);
        let public_key = &options.json()["publicKey"];
        assert_eq!(public_key["rp"]["id"], "bank.test");
        assert_eq!(public_key["user"]["name"], "anna@example.com");
        assert_eq!(
            public_key["authenticatorSelection"]["userVerification"],
            "required"
        );

        let garbage = post(bank, "/v2/users/passkeys/registrations/finish", json!({"credential": {"id": "x", "rawId": "eA", "type": "public-key", "response": {"attestationObject": "AA", "clientDataJSON": "AA"}}}), &[("cookie", &access)]).await;
        assert_eq!(garbage.status, 422);
        assert_eq!(
            garbage.json()["fields"]["credential"],
            "This passkey could not be set up. Please try again."
        );

        let listing = bank
            .send(
                axum::http::Request::get("/v2/users/passkeys")
                    .header("cookie", &access)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .json();
        assert_eq!(listing["results"], json!([]));
        assert_eq!(listing["mfaMethod"], "sms", "nothing changed");

        let missing = send_json(
            bank,
            "DELETE",
            "/v2/users/passkeys",
            json!({"id": "nope"}),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(missing.status, 404);
    }
);

on_both_backends!(an_sms_request_has_no_passkey_challenge, |bank| {
    create_user(bank, "anna@example.com", &password::hash("harbour2026")).await;
    let login = post(
        bank,
        "/v2/auth/login",
        json!({"email": "anna@example.com", "password": "harbour2026"}),
        &[],
    )
    .await;
    let request_id = login.json()["mfa"]["requestId"]
        .as_str()
        .unwrap()
        .to_string();
    let reply = post(
        bank,
        "/v2/auth/mfa/challenges/take",
        json!({"requestId": request_id}),
        &[],
    )
    .await;
    assert_eq!(reply.status, 404);
    let face = post(
        bank,
        "/v2/auth/mfa/login",
        json!({"requestId": request_id, "method": "challenge_proxied", "credential": {}}),
        &[],
    )
    .await;
    assert_eq!(
        face.status, 404,
        "an SMS request cannot be approved with a passkey"
    );
});

on_both_backends!(a_person_without_phone_or_passkey_logs_straight_in, |bank| {
    let email = bank::domain::auth::email::Email::parse("new@example.com").unwrap();
    let hash = password::hash("harbour2026");
    store::users::create(
        &bank.db,
        &store::users::NewUser {
            email: &email,
            password_hash: &hash,
            name: "",
            surname: "",
            phone_code: None,
            phone_number: None,
            mfa_method: bank::domain::auth::mfa::Method::Sms,
            onboarding_flow: Some(bank::domain::onboarding::kyc::OnboardingFlow::Business),
            kyc_status: bank::domain::onboarding::kyc::KycStatus::UserDataIncomplete,
        },
    )
    .await
    .unwrap();
    let reply = post(
        bank,
        "/v2/auth/login",
        json!({"email": "new@example.com", "password": "harbour2026"}),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200);
    assert!(reply.json().get("mfa").is_none());
    cookie_pair(&reply, "__Host-access");
});
