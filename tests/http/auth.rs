//! Log-in with an SMS code, sessions and log-out, through the router on both databases.

use axum::body::Body;
use axum::http::Request;
use bank::api::auth::{
    LoginReply, MfaInput, MfaStatusReply, MfaStep, RequestRef, ResendInput, ResendReply,
};
use bank::domain::auth::email::Email;
use bank::domain::auth::mfa::{Method, Status};
use bank::domain::auth::password;
use bank::domain::ids::UserId;
use bank::store;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

const PASSWORD: &str = "harbour2026";

/// The texted code, by whatever method the request has.
fn code_body(request_id: &str, secret: &str) -> serde_json::Value {
    body(&MfaInput {
        request_id: request_id.into(),
        secret: secret.into(),
        ..Default::default()
    })
}

fn sms_body(request_id: &str, secret: &str) -> serde_json::Value {
    body(&MfaInput {
        request_id: request_id.into(),
        secret: secret.into(),
        method: Some(Method::Sms),
        ..Default::default()
    })
}

fn request_body(request_id: &str) -> serde_json::Value {
    body(&RequestRef {
        request_id: request_id.into(),
    })
}

fn resend_body(request_id: &str) -> serde_json::Value {
    body(&ResendInput {
        request_id: request_id.into(),
        method: Some(Method::Sms),
    })
}

/// The second factor a right password leads to.
fn second_factor(reply: &Reply) -> MfaStep {
    reply
        .read::<LoginReply>()
        .mfa
        .unwrap_or_else(|| panic!("no second factor: {}", reply.body))
}

async fn anna(bank: &TestBank) -> UserId {
    create_user(bank, "anna@example.com", &password::hash(PASSWORD)).await
}

/// The newest SMS code sent to Anna, read from the sandbox outbox.
async fn last_code(bank: &TestBank) -> String {
    let latest = store::outbox::latest(&bank.db, Some("+447700900123"), 1)
        .await
        .unwrap();
    latest[0].body[..6].to_string()
}

async fn start_login(bank: &TestBank) -> String {
    let reply = post(
        bank,
        "/v2/auth/login",
        login_body("Anna@Example.com", PASSWORD),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    second_factor(&reply).request_id
}

/// Logs Anna in through both steps and answers the token body.
/// A completed log-in: the answer that set the session cookies.
async fn logged_in(bank: &TestBank) -> crate::helpers::Reply {
    let request_id = start_login(bank).await;
    let code = last_code(bank).await;
    post(
        bank,
        "/v2/auth/mfa/login",
        code_body(&request_id, &code),
        &[],
    )
    .await
}

on_both_backends!(log_in_with_an_sms_code_sets_the_session_cookies, |bank| {
    let user = anna(bank).await;
    let reply = post(
        bank,
        "/v2/auth/login",
        login_body("anna@example.com", PASSWORD),
        &[],
    )
    .await;
    assert_eq!(reply.status, 200);
    let mfa = second_factor(&reply);
    assert_eq!(mfa.method, Method::Sms);
    assert_eq!(mfa.last_digits, "0123");
    assert!(
        set_cookies(&reply).is_empty(),
        "no session before the second factor"
    );
    let request_id = mfa.request_id.as_str();

    let sms = &store::outbox::latest(&bank.db, Some("+447700900123"), 1)
        .await
        .unwrap()[0];
    assert_eq!(sms.channel, "sms");
    assert!(
        sms.body.contains("approve logging in"),
        "the SMS says what it approves: {}",
        sms.body
    );
    let code = last_code(bank).await;

    let status = post(
        bank,
        "/v2/auth/mfa/statuses/take",
        request_body(request_id),
        &[],
    )
    .await;
    assert_eq!(status.read::<MfaStatusReply>().status, Status::Pending);

    let wrong = if code == "000000" { "111111" } else { "000000" };
    let refused = post(bank, "/v2/auth/mfa/login", sms_body(request_id, wrong), &[]).await;
    assert_eq!(refused.status, 401);
    assert_eq!(refused.error().message, "The code is incorrect");

    let done = post(bank, "/v2/auth/mfa/login", sms_body(request_id, &code), &[]).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(
        done.json(),
        json!({}),
        "no token where a script could read it"
    );
    let access = cookie_value(&done, "__Host-access");
    let cookies = set_cookies(&done);
    let access_cookie = cookies
        .iter()
        .find(|c| c.starts_with("__Host-access="))
        .expect("access cookie");
    let refresh_cookie = cookies
        .iter()
        .find(|c| c.starts_with("__Secure-refresh="))
        .expect("refresh cookie");
    for cookie in [access_cookie, refresh_cookie] {
        assert!(
            cookie.contains("HttpOnly")
                && cookie.contains("Secure")
                && cookie.contains("SameSite=Lax")
        );
    }
    assert!(access_cookie.contains("Path=/;") || access_cookie.ends_with("Path=/"));
    assert!(
        refresh_cookie.contains("Path=/v2/auth/login"),
        "the refresh cookie goes only to the renewal call: {refresh_cookie}"
    );
    assert!(access_cookie.contains("Max-Age=1800"));
    assert!(refresh_cookie.contains("Max-Age=3600"));
    let session = store::sessions::authenticate(&bank.db, &access, bank.db.now_ms())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(session.user_id, user);

    // The code is used up.
    let replay = post(bank, "/v2/auth/mfa/login", sms_body(request_id, &code), &[]).await;
    assert_eq!(replay.status, 401);
    assert_eq!(
        post(
            bank,
            "/v2/auth/mfa/statuses/take",
            request_body(request_id),
            &[]
        )
        .await
        .read::<MfaStatusReply>()
        .status,
        Status::Utilized
    );

    let events = store::audit::events_for(&bank.db, &user).await.unwrap();
    for event in [
        "auth.mfa_requested",
        "auth.mfa_wrong_code",
        "auth.login_succeeded",
    ] {
        assert!(
            events.iter().any(|e| e == event),
            "{event} is audited: {events:?}"
        );
    }
});

on_both_backends!(
    wrong_email_or_password_get_one_message_and_missing_fields_are_flagged,
    |bank| {
        anna(bank).await;
        let wrong_password = post(
            bank,
            "/v2/auth/login",
            login_body("anna@example.com", "nope12345"),
            &[],
        )
        .await;
        let unknown = post(
            bank,
            "/v2/auth/login",
            login_body("nobody@example.com", PASSWORD),
            &[],
        )
        .await;
        let malformed = post(
            bank,
            "/v2/auth/login",
            login_body("not-an-email", PASSWORD),
            &[],
        )
        .await;
        for reply in [&wrong_password, &unknown, &malformed] {
            assert_eq!(reply.status, 401);
            assert_eq!(reply.error().message, "Incorrect email or password");
        }
        assert_eq!(
            wrong_password.body, unknown.body,
            "nothing tells whether the email exists"
        );
        let empty = post(bank, "/v2/auth/login", login_body("", ""), &[]).await;
        assert_eq!(empty.status, 422);
        assert_eq!(
            (empty.field_error("email"), empty.field_error("password")),
            ("Field is required".into(), "Field is required".into())
        );
        assert!(
            store::outbox::latest(&bank.db, None, 10)
                .await
                .unwrap()
                .is_empty(),
            "no code was sent"
        );
    }
);

on_both_backends!(
    five_wrong_codes_fail_the_request_and_old_requests_expire,
    |bank| {
        anna(bank).await;
        let request_id = start_login(bank).await;
        let code = last_code(bank).await;
        let wrong = if code == "000000" { "111111" } else { "000000" };
        for attempt in 1..=5 {
            let reply = post(
                bank,
                "/v2/auth/mfa/login",
                code_body(&request_id, wrong),
                &[],
            )
            .await;
            assert_eq!(reply.status, 401);
            let expected = if attempt == 5 {
                "mfa_failed"
            } else {
                "invalid_code"
            };
            assert_eq!(reply.error().code, expected, "attempt {attempt}");
        }
        let too_late = post(
            bank,
            "/v2/auth/mfa/login",
            code_body(&request_id, &code),
            &[],
        )
        .await;
        assert_eq!(too_late.status, 401, "even the right code is refused now");
        assert_eq!(
            post(
                bank,
                "/v2/auth/mfa/statuses/take",
                request_body(&request_id),
                &[]
            )
            .await
            .read::<MfaStatusReply>()
            .status,
            Status::Failed
        );

        // A request past 120 seconds has expired.
        let user = store::users::by_email(&bank.db, &Email::parse("anna@example.com").unwrap())
            .await
            .unwrap()
            .unwrap();
        let old = store::mfa::create(
            &bank.db,
            &store::mfa::NewRequest {
                user_id: &user.id,
                purpose: bank::domain::auth::mfa::Purpose::Authentication,
                method: bank::domain::auth::mfa::Method::Sms,
                code: "123456",
                challenge: None,
                lifetime_ms: 120_000,
                binding: None,
            },
            bank.db.now_ms() - 121_000,
        )
        .await
        .unwrap();
        let expired = post(
            bank,
            "/v2/auth/mfa/login",
            code_body(&old.id, "123456"),
            &[],
        )
        .await;
        assert_eq!(expired.status, 401);
        assert_eq!(expired.error().message, "Request time is up");
        assert_eq!(
            post(
                bank,
                "/v2/auth/mfa/statuses/take",
                request_body(&old.id),
                &[]
            )
            .await
            .read::<MfaStatusReply>()
            .status,
            Status::Expired
        );
        let bad = post(bank, "/v2/auth/mfa/login", code_body(&old.id, "12ab"), &[]).await;
        assert_eq!(bad.status, 422);
    }
);

on_both_backends!(resending_sends_a_new_code_and_retires_the_old_one, |bank| {
    anna(bank).await;
    let first = start_login(bank).await;
    let first_code = last_code(bank).await;
    let reply = post(bank, "/v2/auth/mfa/resend", resend_body(&first), &[]).await;
    assert_eq!(reply.status, 200);
    let resent: ResendReply = reply.read();
    assert_eq!(resent.message, "Code is sent again");
    let second = resent.mfa.request_id;
    assert_ne!(second, first);
    assert_eq!(
        post(
            bank,
            "/v2/auth/mfa/statuses/take",
            request_body(&first),
            &[]
        )
        .await
        .read::<MfaStatusReply>()
        .status,
        Status::Expired
    );
    let old = post(
        bank,
        "/v2/auth/mfa/login",
        code_body(&first, &first_code),
        &[],
    )
    .await;
    assert_eq!(old.status, 401);
    let code = last_code(bank).await;
    let ok = post(bank, "/v2/auth/mfa/login", code_body(&second, &code), &[]).await;
    assert_eq!(ok.status, 200);
});

on_both_backends!(
    refresh_rotates_and_a_reused_token_ends_the_session,
    |bank| {
        anna(bank).await;
        let request_id = start_login(bank).await;
        let code = last_code(bank).await;
        let tokens = post(
            bank,
            "/v2/auth/mfa/login",
            code_body(&request_id, &code),
            &[],
        )
        .await;
        let first_refresh = cookie_pair(&tokens, "__Secure-refresh");

        let renewed = post(
            bank,
            "/v2/auth/login",
            json!({}),
            &[("cookie", &first_refresh)],
        )
        .await;
        assert_eq!(renewed.status, 200);
        assert_eq!(renewed.json(), json!({}));
        let new_access = cookie_value(&renewed, "__Host-access");
        let new_refresh = cookie_pair(&renewed, "__Secure-refresh");
        let by_cookie = post(
            bank,
            "/v2/auth/login",
            json!({}),
            &[("cookie", &new_refresh)],
        )
        .await;
        assert_eq!(by_cookie.status, 200);
        let latest_access = cookie_value(&by_cookie, "__Host-access");
        assert!(
            store::sessions::authenticate(&bank.db, &new_access, bank.db.now_ms())
                .await
                .unwrap()
                .is_none()
        );

        let reused = post(
            bank,
            "/v2/auth/login",
            json!({}),
            &[("cookie", &first_refresh)],
        )
        .await;
        assert_eq!(reused.status, 401);
        assert_eq!(reused.error().code, "session_expired");
        assert!(
            set_cookies(&reused)
                .iter()
                .any(|c| c.starts_with("__Host-access=;")),
            "cookies are cleared"
        );
        assert!(
            store::sessions::authenticate(&bank.db, &latest_access, bank.db.now_ms())
                .await
                .unwrap()
                .is_none(),
            "the family ended"
        );
    }
);

on_both_backends!(logout_ends_the_session_and_clears_cookies, |bank| {
    anna(bank).await;
    let tokens = logged_in(bank).await;
    let access = cookie_value(&tokens, "__Host-access");
    let reply = post(
        bank,
        "/v2/auth/logout",
        json!({}),
        &[("cookie", &format!("__Host-access={access}"))],
    )
    .await;
    assert_eq!(reply.status, 200);
    assert!(set_cookies(&reply)
        .iter()
        .any(|c| c.starts_with("__Secure-refresh=;") && c.contains("Max-Age=0")));
    assert!(
        store::sessions::authenticate(&bank.db, &access, bank.db.now_ms())
            .await
            .unwrap()
            .is_none()
    );
    let refresh = cookie_pair(&tokens, "__Secure-refresh");
    assert_eq!(
        post(bank, "/v2/auth/login", json!({}), &[("cookie", &refresh)])
            .await
            .status,
        401
    );
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_failures_are_rate_limited_with_retry_after() {
    let bank = TestBank::start(Backend::Sqlite).await;
    anna(&bank).await;
    for _ in 0..10 {
        let reply = post(
            &bank,
            "/v2/auth/login",
            login_body("anna@example.com", "wrong1234"),
            &[],
        )
        .await;
        assert_eq!(reply.status, 401);
    }
    let limited = post(
        &bank,
        "/v2/auth/login",
        login_body("anna@example.com", PASSWORD),
        &[],
    )
    .await;
    assert_eq!(limited.status, 429);
    assert_eq!(limited.error().code, "rate_limited");
    assert!(limited.header("retry-after").parse::<u64>().unwrap() > 0);
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_mutations_are_refused() {
    let bank = TestBank::start(Backend::Sqlite).await;
    anna(&bank).await;
    let body = login_body("anna@example.com", PASSWORD).to_string();
    let forged = bank
        .send(
            Request::post("/v2/auth/login")
                .header("content-type", "application/json")
                .header("origin", "https://evil.example")
                .body(Body::from(body.clone()))
                .unwrap(),
        )
        .await;
    assert_eq!(forged.status, 403);
    let other_host = bank
        .send(
            Request::post("/v2/auth/login")
                .header("content-type", "application/json")
                .header("host", "bank.internal:8080")
                .header("origin", "http://evil.example:8080")
                .body(Body::from(body.clone()))
                .unwrap(),
        )
        .await;
    assert_eq!(other_host.status, 403);
    let same_host = bank
        .send(
            Request::post("/v2/auth/login")
                .header("content-type", "application/json")
                .header("host", "127.0.0.1:8080")
                .header("origin", "https://127.0.0.1:8080")
                .body(Body::from(
                    login_body("anna@example.com", "wrong1234").to_string(),
                ))
                .unwrap(),
        )
        .await;
    assert_eq!(
        same_host.status, 401,
        "a same-host request reaches the handler"
    );
    let cookie_without_origin = bank
        .send(
            Request::post("/v2/auth/logout")
                .header("content-type", "application/json")
                .header("cookie", "__Host-access=x")
                .body(Body::from("{}"))
                .unwrap(),
        )
        .await;
    assert_eq!(cookie_without_origin.status, 403);
    assert!(
        store::outbox::latest(&bank.db, None, 10)
            .await
            .unwrap()
            .is_empty(),
        "the forged log-in sent nothing"
    );
    bank.finish().await;
}

on_both_backends!(
    a_session_renders_the_dashboard_set_with_the_selected_profile,
    |bank| {
        let user = anna(bank).await;
        let business = store::profiles::create(
            &bank.db,
            bank::domain::profiles::access::ProfileType::Business,
            "Smith Consulting Ltd",
        )
        .await
        .unwrap();
        let personal = store::profiles::create(
            &bank.db,
            bank::domain::profiles::access::ProfileType::Personal,
            "Anna Smith",
        )
        .await
        .unwrap();
        store::profiles::add_member(
            &bank.db,
            &business,
            &user,
            bank::domain::profiles::access::Role::Admin,
            &[],
            true,
        )
        .await
        .unwrap();
        store::profiles::add_member(
            &bank.db,
            &personal,
            &user,
            bank::domain::profiles::access::Role::Admin,
            &[],
            false,
        )
        .await
        .unwrap();
        let tokens = store::sessions::issue(&bank.db, &user, bank.db.now_ms())
            .await
            .unwrap();
        let get = |path: &str, cookie: String| {
            Request::get(path)
                .header("user-agent", DESKTOP)
                .header("cookie", cookie)
                .body(Body::empty())
                .unwrap()
        };
        let cookie = format!("__Host-access={}", tokens.access);

        let page = bank.send(get("/dashboard", cookie.clone())).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("Hello, <!-- -->Anna"));
        assert!(
            page.body.contains("Smith Consulting Ltd") && page.body.contains("Business Account")
        );
        assert!(page.body.contains("\"routeSet\":\"dashboard\""));
        assert!(
            page.body.contains("routes-dashboard-"),
            "the dashboard chunk is preloaded"
        );
        assert!(
            !page.body.contains("routes-auth-"),
            "only the current route set's chunk"
        );

        for path in ["/", "/login", "/no/such/page"] {
            let reply = bank.send(get(path, cookie.clone())).await;
            assert_eq!(reply.status, 302, "{path}");
            assert_eq!(reply.header("location"), "/dashboard");
        }

        let switched = bank
            .send(get("/dashboard", format!("{cookie}; profile={personal}")))
            .await;
        assert!(switched.body.contains("Personal Account"));
        let unknown_profile = bank
            .send(get("/dashboard", format!("{cookie}; profile=someone-else")))
            .await;
        assert!(
            unknown_profile.body.contains("Smith Consulting Ltd"),
            "a profile the user lacks falls back to the default"
        );

        let stranger = bank
            .send(get("/dashboard", "__Host-access=forged".into()))
            .await;
        assert_eq!(stranger.status, 404, "no session, no dashboard");
        assert!(stranger.body.contains("Page not found"));
    }
);

fn form(path: &str, body: &str, origin: &str) -> Request<Body> {
    Request::post(path)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", origin)
        .body(Body::from(body.to_string()))
        .unwrap()
}

on_both_backends!(
    logging_in_works_as_plain_form_posts_before_hydration,
    |bank| {
        anna(bank).await;
        let wrong = bank
            .send(form(
                "/login",
                "email=anna%40example.com&password=nope1234",
                ORIGIN,
            ))
            .await;
        assert_eq!(wrong.status, 303);
        assert_eq!(wrong.header("location"), "/login?error=invalid_credentials");
        let page = bank.get("/login?error=invalid_credentials", DESKTOP).await;
        assert!(page.body.contains("Incorrect email or password"));

        let sent = bank
            .send(form(
                "/login",
                &format!("email=anna%40example.com&password={PASSWORD}"),
                ORIGIN,
            ))
            .await;
        assert_eq!(sent.status, 303);
        let location = sent.header("location").to_string();
        assert!(
            location.starts_with("/login?mfa=") && location.ends_with("&digits=0123"),
            "{location}"
        );
        let request_id = location
            .trim_start_matches("/login?mfa=")
            .split('&')
            .next()
            .unwrap()
            .to_string();
        let step = bank.get(&location, DESKTOP).await;
        assert!(step.body.contains("Approve Log In Using SMS Code"));
        assert!(step.body.contains("action=\"/login/sms\""));

        let code = last_code(bank).await;
        let wrong_code = if code == "000000" { "111111" } else { "000000" };
        let cells = |digits: &str| {
            digits
                .chars()
                .map(|d| format!("secret={d}"))
                .collect::<Vec<_>>()
                .join("&")
        };
        let refused = bank
            .send(form(
                "/login/sms",
                &format!("requestId={request_id}&digits=0123&{}", cells(wrong_code)),
                ORIGIN,
            ))
            .await;
        assert_eq!(refused.status, 303);
        assert_eq!(
            refused.header("location"),
            format!("/login?mfa={request_id}&digits=0123&error=invalid_code")
        );
        assert!(bank
            .get(refused.header("location"), DESKTOP)
            .await
            .body
            .contains("The code is incorrect"));

        let done = bank
            .send(form(
                "/login/sms",
                &format!("requestId={request_id}&digits=0123&{}", cells(&code)),
                ORIGIN,
            ))
            .await;
        assert_eq!(done.status, 303);
        assert_eq!(done.header("location"), "/dashboard");
        assert!(set_cookies(&done)
            .iter()
            .any(|c| c.starts_with("__Host-access=") && c.contains("HttpOnly")));

        let forged = bank
            .send(form(
                "/login",
                &format!("email=anna%40example.com&password={PASSWORD}"),
                "https://evil.example",
            ))
            .await;
        assert_eq!(forged.status, 403);
    }
);
