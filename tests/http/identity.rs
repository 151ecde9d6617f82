//! Identity verification (issue 10 point 4): the agreement, the widget's token, the sandbox
//! widget's upload, and the signed webhook that moves the KYC status on.

use axum::body::Body;
use axum::http::Request;
use bank::api::onboarding::identity::AgreementInput;
use bank::domain::ids::UserId;
use bank::providers::identity::{ProviderName, WidgetAccess};
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 16, b'J', b'F', b'I', b'F'];

fn cookie(auth: &str) -> String {
    format!("__Host-access={}", auth.trim_start_matches("Bearer "))
}

async fn status(bank: &TestBank, user_id: &UserId) -> String {
    bank::store::users::by_id(&bank.db, user_id)
        .await
        .unwrap()
        .unwrap()
        .kyc_status
        .as_str()
        .to_string()
}

fn multipart(fields: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "XbankBoundary42".to_string();
    let mut body = Vec::new();
    for (name, file, bytes) in fields {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match file {
            Some(file) => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{file}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
            ),
            None => body.extend_from_slice(format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes()),
        }
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (boundary, body)
}

async fn upload(bank: &TestBank, token: &str, document: &[u8], outcome: &str) -> Reply {
    let (boundary, body) = multipart(&[
        ("token", None, token.as_bytes()),
        ("document", Some("passport.jpg"), document),
        ("selfie", Some("me.jpg"), JPEG),
        ("outcome", None, outcome.as_bytes()),
    ]);
    bank.send(
        Request::post("/sandbox/identity")
            .header(
                "content-type",
                format!("multipart/form-data; boundary={boundary}"),
            )
            .header("origin", ORIGIN)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

async fn token(bank: &TestBank, auth: &str) -> Reply {
    post(
        bank,
        "/v2/identity/access-tokens",
        json!({}),
        &[("authorization", auth)],
    )
    .await
}

async fn wait_for_status(bank: &TestBank, user_id: &UserId, wanted: &str) {
    for _ in 0..100 {
        if status(bank, user_id).await == wanted {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!(
        "status stayed {} instead of {wanted}",
        status(bank, user_id).await
    );
}

on_both_backends!(
    the_sandbox_widget_verifies_a_person_through_the_signed_webhook,
    |bank| {
        let (user_id, auth) = applicant(bank, "grace@example.com", "business", "to_verify").await;
        // The agreement comes first.
        let early = token(bank, &auth).await;
        assert_eq!(early.error().code, "agreement_required");
        let refused = post(
            bank,
            "/v2/identity/agreement",
            body(&AgreementInput { accepted: false }),
            &[("authorization", &auth)],
        )
        .await;
        assert_eq!(refused.field_error("accepted"), "Field is required");
        let agreed = post(
            bank,
            "/v2/identity/agreement",
            body(&AgreementInput { accepted: true }),
            &[("authorization", &auth)],
        )
        .await;
        assert_eq!(agreed.status, 200, "{}", agreed.body);

        let access = token(bank, &auth).await;
        assert_eq!(access.status, 200, "{}", access.body);
        let access: WidgetAccess = access.read();
        assert_eq!(access.provider, ProviderName::Sandbox);
        let token_text = access.token;
        let url = access.widget_url.expect("the sandbox widget's page");
        assert!(url.ends_with(&format!("/sandbox/identity?token={token_text}")));

        // The widget may be framed by the bank's own pages, and only by them.
        let widget = bank
            .get(&format!("/sandbox/identity?token={token_text}"), DESKTOP)
            .await;
        assert_eq!(widget.status, 200);
        assert!(widget
            .header("content-security-policy")
            .contains("frame-ancestors 'self'"));
        assert!(widget.body.contains("capture=\"user\""));
        let other = bank.get("/login", DESKTOP).await;
        assert!(other
            .header("content-security-policy")
            .contains("frame-ancestors 'none'"));

        // A file that is not a picture is refused, whatever its name.
        let bad = upload(bank, &token_text, b"MZ\x90\x00 an executable", "approve").await;
        assert_eq!(bad.status, 422);
        assert_eq!(status(bank, &user_id).await, "to_verify");

        let done = upload(bank, &token_text, JPEG, "approve").await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert!(
            done.body.contains("type: \"completed\""),
            "the widget tells its parent"
        );
        // Submitted at once, reviewed a moment later, through the signed webhook.
        wait_for_status(bank, &user_id, "kyb_pending").await;
        assert_eq!(
            bank::store::identity_checks::review(&bank.db, &user_id)
                .await
                .unwrap()
                .as_deref(),
            Some("approved")
        );
    }
);

on_both_backends!(a_sandbox_review_can_ask_for_new_photos_or_reject, |bank| {
    let (user_id, auth) = applicant(bank, "grace@example.com", "personal", "to_verify").await;
    post(
        bank,
        "/v2/identity/agreement",
        body(&AgreementInput { accepted: true }),
        &[("authorization", &auth)],
    )
    .await;
    let first = token(bank, &auth).await.read::<WidgetAccess>().token;
    upload(bank, &first, JPEG, "retry").await;
    wait_for_status(bank, &user_id, "to_complete").await;
    let second = token(bank, &auth).await.read::<WidgetAccess>().token;
    upload(bank, &second, JPEG, "reject").await;
    wait_for_status(bank, &user_id, "rejected").await;
    assert_eq!(
        token(bank, &auth).await.status,
        409,
        "no widget once rejected"
    );
});

on_both_backends!(
    the_webhook_refuses_a_bad_signature_and_changes_nothing,
    |bank| {
        let (user_id, _) = applicant(bank, "grace@example.com", "business", "to_verify").await;
        let body = json!({
            "type": "applicantReviewed", "applicantId": "a-1", "externalUserId": user_id,
            "reviewResult": {"reviewAnswer": "GREEN"},
        })
        .to_string();
        let send = |digest: String| {
            let body = body.clone();
            async move {
                bank.send(
                    Request::post("/v2/webhooks/identity")
                        .header("content-type", "application/json")
                        .header("x-payload-digest", digest)
                        .header("x-payload-digest-alg", "HMAC_SHA256_HEX")
                        .body(Body::from(body))
                        .unwrap(),
                )
                .await
            }
        };
        let forged = bank::providers::identity::webhook::sign(
            &"not-the-secret".to_string().into(),
            body.as_bytes(),
        );
        let refused = send(forged).await;
        assert_eq!(refused.status, 401);
        assert_eq!(status(bank, &user_id).await, "to_verify");

        let signed = bank::providers::identity::webhook::sign(
            &"sandbox-identity-secret".to_string().into(),
            body.as_bytes(),
        );
        assert_eq!(send(signed.clone()).await.status, 200);
        assert_eq!(
            status(bank, &user_id).await,
            "kyb_pending",
            "a business's review follows"
        );
        // A replay finds the status moved on and changes nothing.
        assert_eq!(send(signed).await.status, 200);
        assert_eq!(status(bank, &user_id).await, "kyb_pending");
    }
);

on_both_backends!(an_expired_widget_token_asks_for_a_new_one, |bank| {
    let sandbox = bank::providers::identity::sandbox::SandboxIdentity::new(
        "sandbox-identity-secret".to_string().into(),
        std::time::Duration::from_secs(1),
        bank.db.clock.clone(),
    );
    let old = sandbox.issue(&UserId::from("someone"), bank.db.now_ms() - 5_000);
    let page = bank
        .get(&format!("/sandbox/identity?token={old}"), DESKTOP)
        .await;
    assert!(
        page.body.contains("type: \"invalid-token\""),
        "{}",
        page.body
    );
    let upload = upload(bank, &old, JPEG, "approve").await;
    assert!(upload.body.contains("invalid-token"));
});

on_both_backends!(the_verification_screen_works_before_hydration, |bank| {
    let (user_id, auth) = applicant(bank, "grace@example.com", "business", "to_verify").await;
    let cookie = cookie(&auth);
    let page = page_with_cookie(bank, "/sumsub", DESKTOP, &cookie).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("action=\"/sumsub\""));
    // The agreement as a plain form: unticked comes back with its error, ticked opens the widget.
    let form = |body: &'static str| {
        let cookie = cookie.clone();
        async move {
            bank.send(
                Request::post("/sumsub")
                    .header("content-type", "application/x-www-form-urlencoded")
                    .header("origin", ORIGIN)
                    .header("cookie", cookie)
                    .body(Body::from(body))
                    .unwrap(),
            )
            .await
        }
    };
    assert_eq!(form("").await.header("location"), "/sumsub?error=required");
    assert_eq!(
        form("accepted=on").await.header("location"),
        "/sumsub?step=widget"
    );
    let widget = page_with_cookie(bank, "/sumsub?step=widget", IPHONE, &cookie).await;
    assert_eq!(widget.status, 200);
    assert!(
        widget.body.contains("<iframe") && widget.body.contains("/sandbox/identity?token="),
        "{}",
        widget.body
    );
    // Past the step, the screen sends the person back to the controller.
    bank::store::users::set_status(
        &bank.db,
        &user_id,
        bank::domain::onboarding::kyc::KycStatus::Pending,
    )
    .await
    .unwrap();
    let later = page_with_cookie(bank, "/sumsub", DESKTOP, &cookie).await;
    assert_eq!(later.status, 302);
    assert_eq!(later.header("location"), "/controller");
});

/// A stand-in for Sumsub's API: checks every call's signature, creates applicants (once per
/// external user id) and issues SDK tokens.
async fn fake_sumsub() -> std::net::SocketAddr {
    use axum::extract::{OriginalUri, State};
    use axum::http::{HeaderMap, Method, StatusCode};
    use axum::response::IntoResponse;
    use std::sync::{Arc, Mutex};
    type Applicants = Arc<Mutex<Vec<String>>>;
    async fn any(
        State(applicants): State<Applicants>,
        method: Method,
        OriginalUri(uri): OriginalUri,
        headers: HeaderMap,
        body: axum::body::Bytes,
    ) -> axum::response::Response {
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string()
        };
        let path = uri
            .path_and_query()
            .map(|p| p.as_str().to_string())
            .unwrap_or_default();
        let expected = bank::providers::identity::sumsub::signature(
            &"secret-key".to_string().into(),
            &header("x-app-access-ts"),
            method.as_str(),
            &path,
            &body,
        );
        if header("x-app-token") != "app-token" || header("x-app-access-sig") != expected {
            return (
                StatusCode::UNAUTHORIZED,
                axum::Json(json!({"description": "bad signature"})),
            )
                .into_response();
        }
        let input: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
        if uri.path() == "/resources/applicants" {
            assert_eq!(uri.query(), Some("levelName=basic-kyc-level"));
            let external = input["externalUserId"].as_str().unwrap().to_string();
            let mut list = applicants.lock().unwrap();
            if list.contains(&external) {
                return (
                    StatusCode::CONFLICT,
                    axum::Json(json!({"description": "already exists"})),
                )
                    .into_response();
            }
            list.push(external.clone());
            return (
                StatusCode::CREATED,
                axum::Json(json!({"id": format!("app-{external}")})),
            )
                .into_response();
        }
        if uri
            .path()
            .starts_with("/resources/applicants/-;externalUserId=")
        {
            let external = uri
                .path()
                .trim_start_matches("/resources/applicants/-;externalUserId=")
                .trim_end_matches("/one");
            return axum::Json(json!({"id": format!("app-{external}")})).into_response();
        }
        if uri.path() == "/resources/accessTokens/sdk" {
            return axum::Json(json!({"token": format!("_act-{}", input["userId"].as_str().unwrap()), "userId": input["userId"]})).into_response();
        }
        StatusCode::NOT_FOUND.into_response()
    }
    serve(
        axum::Router::new()
            .fallback(any)
            .with_state(Applicants::default()),
    )
    .await
}

#[tokio::test]
async fn the_sumsub_adapter_signs_its_calls_and_reads_its_webhooks() {
    use bank::config::SumsubSettings as Settings;
    use bank::providers::identity::sumsub::Sumsub;
    use bank::providers::identity::{Applicant, IdentityProvider, Review};
    let address = fake_sumsub().await;
    let settings = |secret: &str| Settings {
        base_url: format!("http://{address}"),
        app_token: "app-token".to_string().into(),
        secret_key: secret.to_string().into(),
        webhook_secret: "webhook-secret".to_string().into(),
        level: "basic-kyc-level".into(),
        token_lifetime: std::time::Duration::from_secs(600),
    };
    let sumsub = Sumsub::new(settings("secret-key"));
    let grace = Applicant {
        user_id: &UserId::from("user-1"),
        email: "grace@example.com",
        name: "Grace",
        surname: "Hopper",
        dob: Some("1990-02-09"),
        country: Some("GB"),
    };
    let access = sumsub.access(&grace).await.unwrap();
    assert_eq!(access.token, "_act-user-1");
    assert_eq!(access.provider.as_str(), "sumsub");
    // A second visit finds the applicant made on the first.
    assert_eq!(sumsub.access(&grace).await.unwrap().token, "_act-user-1");
    assert!(Sumsub::new(settings("wrong")).access(&grace).await.is_err());

    let body = bank::providers::identity::webhook::body(
        "app-user-1",
        &UserId::from("user-1"),
        Review::Approved,
    );
    let mut headers = axum::http::HeaderMap::new();
    headers.insert(
        "x-payload-digest",
        bank::providers::identity::webhook::sign(&"webhook-secret".to_string().into(), &body)
            .parse()
            .unwrap(),
    );
    let event = sumsub.read_webhook(&headers, &body).unwrap();
    assert_eq!(
        (event.user_id.as_str(), event.review),
        ("user-1", Some(Review::Approved))
    );
    headers.insert("x-payload-digest", "00".parse().unwrap());
    assert!(sumsub.read_webhook(&headers, &body).is_err());
}

/// Sumsub as an outside party (issue 33 point 6): the widget's token is asked of it through the
/// bank, and its answer (or its failure) is recorded for the back office's dashboard.
#[tokio::test]
async fn sumsubs_answers_are_recorded_for_the_dashboard() {
    for (secret, answered) in [("secret-key", true), ("wrong", false)] {
        let address = fake_sumsub().await;
        let bank = TestBank::start_with(Backend::Sqlite, move |config| {
            config.identity.sumsub = Some(bank::config::SumsubSettings {
                base_url: format!("http://{address}"),
                app_token: "app-token".to_string().into(),
                secret_key: secret.to_string().into(),
                webhook_secret: "webhook-secret".to_string().into(),
                level: "basic-kyc-level".into(),
                token_lifetime: std::time::Duration::from_secs(600),
            });
        })
        .await;
        let (_, auth) = applicant(&bank, "grace@example.com", "business", "to_verify").await;
        let agreed = post(
            &bank,
            "/v2/identity/agreement",
            body(&AgreementInput { accepted: true }),
            &[("authorization", &auth)],
        )
        .await;
        assert_eq!(agreed.status, 200, "{}", agreed.body);
        let access = token(&bank, &auth).await;
        assert_eq!(access.status == 200, answered, "{}", access.body);
        let health = sqlx::query_as::<_, (Option<i64>, Option<i64>)>(
            "SELECT last_success_at, last_failure_at FROM provider_health WHERE party = $1",
        )
        .bind(bank::providers::party::SUMSUB)
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
        assert_eq!(
            (health.0.is_some(), health.1.is_some()),
            (answered, !answered)
        );
    }
}
