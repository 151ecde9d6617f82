//! Passkey calls through the router: who may call them and what bad answers do. The whole
//! ceremony with a real authenticator runs in the browser tests (Chromium's virtual one).

use bank::api::auth::{
    EnrolmentAnswer, LoginReply, MfaInput, MfaStep, PasskeyList, PasskeyRef, RequestRef,
    WebAuthnOptions,
};
use bank::domain::auth::mfa::Method;
use bank::domain::auth::password;
use bank::store;
use serde_json::json;

fn answer(credential: serde_json::Value) -> serde_json::Value {
    body(&EnrolmentAnswer { credential })
}

fn passkey(id: &str) -> serde_json::Value {
    body(&PasskeyRef { id: id.into() })
}

fn with_secret(request_id: &str, secret: &str) -> serde_json::Value {
    body(&MfaInput {
        request_id: request_id.into(),
        secret: secret.into(),
        ..Default::default()
    })
}

use crate::helpers::*;
use crate::on_both_backends;

on_both_backends!(
    passkey_enrolment_needs_a_session_and_a_valid_answer,
    |bank| {
        let anonymous = post(bank, "/v2/users/passkeys/registrations", json!({}), &[]).await;
        assert_eq!(anonymous.status, 401);

        let user = create_user(bank, "anna@example.com", &password::hash("harbour2026")).await;
        let session = store::sessions::issue(&bank.db, &user, bank.db.now_ms())
            .await
            .unwrap();
        let access = format!("__Host-access={}", session.access);

        let early = post(
            bank,
            "/v2/users/passkeys/registrations/finish",
            answer(json!({})),
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
        let public_key = &options.read::<WebAuthnOptions>().public_key;
        assert_eq!(public_key["rp"]["id"], "bank.test");
        assert_eq!(public_key["user"]["name"], "anna@example.com");
        assert_eq!(
            public_key["authenticatorSelection"]["userVerification"],
            "required"
        );

        let garbage = post(bank, "/v2/users/passkeys/registrations/finish", answer(json!({"id": "x", "rawId": "eA", "type": "public-key", "response": {"attestationObject": "AA", "clientDataJSON": "AA"}})), &[("cookie", &access)]).await;
        assert_eq!(garbage.status, 422);
        assert_eq!(
            garbage.field_error("credential"),
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
            .read::<PasskeyList>();
        assert!(listing.results.is_empty());
        assert_eq!(listing.mfa_method, Method::Sms, "nothing changed");

        let missing = send_json(
            bank,
            "DELETE",
            "/v2/users/passkeys",
            passkey("nope"),
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
        login_body("anna@example.com", "harbour2026"),
        &[],
    )
    .await;
    let request_id = login
        .read::<LoginReply>()
        .mfa
        .expect("a second factor")
        .request_id;
    let reply = post(
        bank,
        "/v2/auth/mfa/challenges/take",
        body(&RequestRef {
            request_id: request_id.clone(),
        }),
        &[],
    )
    .await;
    assert_eq!(reply.status, 404);
    let face = post(
        bank,
        "/v2/auth/mfa/login",
        body(&MfaInput {
            request_id,
            method: Some(Method::ChallengeProxied),
            credential: Some(json!({})),
            ..Default::default()
        }),
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
        login_body("new@example.com", "harbour2026"),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200);
    assert!(reply.json().get("mfa").is_none());
    cookie_pair(&reply, "__Host-access");
});

on_both_backends!(
    changing_passkeys_needs_a_fresh_approval_with_the_current_factor,
    |bank| {
        let user = create_user(bank, "anna@example.com", &password::hash("harbour2026")).await;
        let session = store::sessions::issue(&bank.db, &user, bank.db.now_ms())
            .await
            .unwrap();
        let access = format!("__Host-access={}", session.access);
        let call = |path: &'static str, body: serde_json::Value| {
            let access = access.clone();
            async move { post(bank, path, body, &[("cookie", &access)]).await }
        };
        // Just logged in: the log-in itself was the approval.
        assert_eq!(
            call("/v2/users/passkeys/registrations", json!({}))
                .await
                .status,
            200
        );

        // Six minutes later it no longer is.
        sqlx::query("UPDATE sessions SET approved_at = $1 WHERE id = $2")
            .bind(bank.db.now_ms() - 6 * 60_000)
            .bind(&session.session_id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        for (path, body) in [
            ("/v2/users/passkeys/registrations", json!({})),
            ("/v2/users/passkeys/registrations/finish", answer(json!({}))),
        ] {
            let refused = call(path, body).await;
            assert_eq!(refused.status, 403, "{path}");
            assert_eq!(refused.error().code, "step_up_required");
        }
        let removal = send_json(
            bank,
            "DELETE",
            "/v2/users/passkeys",
            passkey("any"),
            &[("cookie", &access)],
        )
        .await;
        assert_eq!(removal.status, 403);

        // A fresh approval by SMS opens the door again.
        let step = call("/v2/auth/mfa/generate", json!({})).await;
        assert_eq!(step.status, 200, "{}", step.body);
        let step: MfaStep = step.read();
        assert_eq!(step.method, Method::Sms);
        let request_id = step.request_id;
        let sms = last_message(bank, "+447700900123").await;
        assert!(
            sms.body.contains("a change to how you log in"),
            "{}",
            sms.body
        );
        let code: String = sms.body.chars().take(6).collect();
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let refused = call("/v2/auth/mfa/verify", with_secret(&request_id, wrong)).await;
        assert_eq!(refused.status, 401);
        assert_eq!(
            call("/v2/auth/mfa/verify", with_secret(&request_id, &code))
                .await
                .status,
            200
        );
        assert_eq!(
            call("/v2/users/passkeys/registrations", json!({}))
                .await
                .status,
            200
        );

        // A log-in code cannot stand in for a step-up.
        let login = post(
            bank,
            "/v2/auth/login",
            login_body("anna@example.com", "harbour2026"),
            &[],
        )
        .await;
        let login_request = login
            .read::<LoginReply>()
            .mfa
            .expect("a second factor")
            .request_id;
        let login_code: String = last_message(bank, "+447700900123")
            .await
            .body
            .chars()
            .take(6)
            .collect();
        let misused = call(
            "/v2/auth/mfa/verify",
            with_secret(&login_request, &login_code),
        )
        .await;
        assert_eq!(misused.status, 404);
    }
);
