//! Forgotten passwords through the router on both databases.

use bank::api::auth::{ForgotInput, ResetInput};
use bank::domain::auth::password;
use bank::store;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;

const EMAIL: &str = "anna@example.com";

fn forgot(email: &str) -> serde_json::Value {
    body(&ForgotInput {
        email: email.into(),
    })
}

fn token_in(body: &str) -> String {
    let start = body.find("token=").expect("a reset link") + "token=".len();
    body[start..].split_whitespace().next().unwrap().to_string()
}

async fn reset(bank: &TestBank, token: &str, new_password: &str) -> Reply {
    post(
        bank,
        &format!("/v1/auth/reset-password?token={token}"),
        body(&ResetInput {
            password: new_password.into(),
        }),
        &[],
    )
    .await
}

on_both_backends!(
    forgot_password_answers_the_same_for_unknown_addresses,
    |bank| {
        create_user(bank, EMAIL, &password::hash("harbour2026")).await;
        let bad = post(bank, "/v1/auth/forgot-password", forgot("anna"), &[]).await;
        assert_eq!(bad.status, 422);
        assert_eq!(bad.field_error("email"), "Email is invalid");

        let unknown = post(
            bank,
            "/v1/auth/forgot-password",
            forgot("nobody@example.com"),
            &[],
        )
        .await;
        let known = post(bank, "/v1/auth/forgot-password", forgot(EMAIL), &[]).await;
        assert_eq!(unknown.status, 200);
        assert_eq!(unknown.body, known.body);
        // The worker takes requests in order: once the known address has its mail, the
        // unknown one has been dealt with, and got nothing.
        let mail = wait_for_message(bank, EMAIL, |m| m.body.contains("reset-password")).await;
        assert!(
            store::outbox::latest(&bank.db, Some("nobody@example.com"), 1)
                .await
                .unwrap()
                .is_empty()
        );
        assert!(
            mail.body
                .contains("https://bank.test/reset-password?token="),
            "{}",
            mail.body
        );

        post(bank, "/v1/auth/forgot-password", forgot(EMAIL), &[]).await;
        post(bank, "/v1/auth/forgot-password", forgot(EMAIL), &[]).await;
        let limited = post(bank, "/v1/auth/forgot-password", forgot(EMAIL), &[]).await;
        assert_eq!(limited.status, 429);
    }
);

on_both_backends!(
    a_reset_link_changes_the_password_once_and_ends_every_session,
    |bank| {
        let user = create_user(bank, EMAIL, &password::hash("harbour2026")).await;
        let session = store::sessions::issue(&bank.db, &user, bank.db.now_ms())
            .await
            .unwrap();
        let access = format!("__Host-access={}", session.access);
        assert_eq!(
            post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
                .await
                .status,
            200
        );

        post(bank, "/v1/auth/forgot-password", forgot(EMAIL), &[]).await;
        let token = token_in(
            &wait_for_message(bank, EMAIL, |m| m.body.contains("reset-password"))
                .await
                .body,
        );

        let weak = reset(bank, &token, "short1").await;
        assert_eq!(weak.status, 422);
        assert_eq!(
            weak.field_error("password"),
            "Password must be at least 8 characters"
        );
        let wrong = reset(bank, "not-a-token", "harbour2027").await;
        assert_eq!(wrong.status, 403);
        assert_eq!(wrong.error().message, "Password reset link has expired");

        let done = reset(bank, &token, "harbour2027").await;
        assert_eq!(done.status, 200, "{}", done.body);
        assert_eq!(
            done.read::<bank::api::common_answers::Done>().message,
            "Password successfully changed"
        );
        assert_eq!(
            post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
                .await
                .status,
            401,
            "old sessions end"
        );
        let notice = last_message(bank, EMAIL).await;
        assert!(notice.subject.contains("password was changed"));

        let replay = reset(bank, &token, "harbour2028").await;
        assert_eq!(replay.status, 403, "a link works once");

        let old = post(
            bank,
            "/v2/auth/login",
            login_body(EMAIL, "harbour2026"),
            &[],
        )
        .await;
        assert_eq!(old.status, 401);
        let new = post(
            bank,
            "/v2/auth/login",
            login_body(EMAIL, "harbour2027"),
            &[],
        )
        .await;
        assert_eq!(new.status, 200);
        assert!(store::audit::events_for(&bank.db, &user)
            .await
            .unwrap()
            .contains(&"auth.password_changed".to_string()));
    }
);

on_both_backends!(a_reset_link_expires_after_an_hour, |bank| {
    let user = create_user(bank, EMAIL, &password::hash("harbour2026")).await;
    let token = store::password_resets::create(&bank.db, &user, bank.db.now_ms() - 61 * 60 * 1000)
        .await
        .unwrap();
    let late = reset(bank, &token, "harbour2027").await;
    assert_eq!(late.status, 403);
    assert_eq!(late.error().message, "Password reset link has expired");
    // A newer link makes the earlier ones void.
    let first = store::password_resets::create(&bank.db, &user, bank.db.now_ms())
        .await
        .unwrap();
    let _second = store::password_resets::create(&bank.db, &user, bank.db.now_ms())
        .await
        .unwrap();
    assert_eq!(reset(bank, &first, "harbour2027").await.status, 403);
});

on_both_backends!(opening_a_reset_link_logs_the_signed_in_user_out, |bank| {
    let user = create_user(bank, EMAIL, &password::hash("harbour2026")).await;
    let session = store::sessions::issue(&bank.db, &user, bank.db.now_ms())
        .await
        .unwrap();
    let access = format!("__Host-access={}", session.access);
    let without_token = page_with_cookie(bank, "/reset-password", DESKTOP, &access).await;
    assert_eq!(
        without_token.status, 302,
        "a signed-in user without a token stays signed in"
    );
    assert_eq!(
        post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
            .await
            .status,
        200
    );

    let made_up = page_with_cookie(bank, "/reset-password?token=abc", DESKTOP, &access).await;
    assert_eq!(made_up.status, 302, "a made-up token logs nobody out");
    assert!(set_cookies(&made_up).is_empty());
    assert_eq!(
        post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
            .await
            .status,
        200
    );

    let token = store::password_resets::create(&bank.db, &user, bank.db.now_ms())
        .await
        .unwrap();
    let page = page_with_cookie(
        bank,
        &format!("/reset-password?token={token}"),
        DESKTOP,
        &access,
    )
    .await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Choose a new password"));
    assert!(
        set_cookies(&page)
            .iter()
            .any(|c| c.starts_with("__Host-access=;")),
        "{:?}",
        set_cookies(&page)
    );
    assert_eq!(
        post(bank, "/v2/users/take", json!({}), &[("cookie", &access)])
            .await
            .status,
        401
    );
});

on_both_backends!(
    reset_requests_wait_in_the_database_and_are_sent_once_by_a_fleet,
    |bank| {
        create_user(bank, EMAIL, &password::hash("harbour2026")).await;
        // A second process on the same database runs its own worker.
        let other = bank.another_process(|_| {}).await;
        let asked = post(bank, "/v1/auth/forgot-password", forgot(EMAIL), &[]).await;
        assert_eq!(asked.status, 200);
        wait_for_message(bank, EMAIL, |m| m.body.contains("reset-password")).await;
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        let sent = store::outbox::latest(&bank.db, Some(EMAIL), 10)
            .await
            .unwrap();
        assert_eq!(sent.len(), 1, "one link for one request");
        drop(other);

        // A request a dead process had leased (until an hour from now, so this process's own
        // worker leaves it alone) is due again when its lease runs out, not before.
        let far = bank.db.now_ms() + 3_600_000;
        sqlx::query(
            "INSERT INTO reset_requests (id, email, ip, created_at, leased_until) \
             VALUES ('dead-lease', 'late@example.com', '127.0.0.1', 0, $1)",
        )
        .bind(far)
        .execute(&bank.db.pool)
        .await
        .unwrap();
        assert!(store::reset_requests::lease(&bank.db, far - 1)
            .await
            .unwrap()
            .is_none());
        let first = store::reset_requests::lease(&bank.db, far).await.unwrap();
        let first = first.expect("the request is leased");
        assert!(store::reset_requests::lease(&bank.db, far + 1)
            .await
            .unwrap()
            .is_none());
        let again = store::reset_requests::lease(&bank.db, far + 60_001)
            .await
            .unwrap();
        assert_eq!(again.map(|r| r.id), Some(first.id.clone()));
        store::reset_requests::done(&bank.db, &first.id)
            .await
            .unwrap();
        assert!(store::reset_requests::lease(&bank.db, far + 200_000)
            .await
            .unwrap()
            .is_none());
    }
);
