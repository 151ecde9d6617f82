use bank::domain::messages::{Channel, Message};
use bank::providers::notify::{Notifications, NotifyError};

use crate::helpers::*;
use crate::on_both_backends;

fn sms(to: &str, body: &str) -> Message {
    Message {
        channel: Channel::Sms,
        to: to.into(),
        subject: "Log-in code".into(),
        body: body.into(),
        attachments: Vec::new(),
    }
}

on_both_backends!(
    the_sandbox_outbox_lists_what_was_sent_newest_first,
    |bank| {
        let notify = Notifications::new(&bank.db, true, None).unwrap();
        notify
            .send(sms("+447700900123", "Your code is 111111"))
            .await
            .unwrap();
        notify
            .send(Message {
                channel: Channel::Email,
                to: "anna@example.com".into(),
                subject: "Verify your email".into(),
                body: "Your code is 222222 <script>alert(1)</script>".into(),
                attachments: Vec::new(),
            })
            .await
            .unwrap();
        notify
            .send(sms("+447700900123", "Your code is 333333"))
            .await
            .unwrap();

        // The component kit renders on the server in both layouts, every state in place.
        for agent in [DESKTOP, IPHONE] {
            let kit = bank.get("/dev/ui", agent).await;
            assert_eq!(kit.status, 200);
            for shown in [
                "Component kit",
                "Status chips",
                "aria-busy=\"true\"",
                "Page 20",
            ] {
                assert!(kit.body.contains(shown), "{shown}");
            }
        }

        let page = bank.get("/dev/outbox", DESKTOP).await;
        assert_eq!(page.status, 200);
        assert_eq!(page.header("cache-control"), "no-store");
        let first = page.body.find("333333").unwrap();
        assert!(first < page.body.find("111111").unwrap(), "newest first");
        assert!(
            page.body.contains("&lt;script&gt;"),
            "message text is escaped"
        );
        assert!(!page.body.contains("<script>alert"));

        let filtered = bank.get("/dev/outbox?to=ANNA@example.com", DESKTOP).await;
        assert!(filtered.body.contains("222222"));
        assert!(!filtered.body.contains("111111"));
        let none = bank.get("/dev/outbox?to=nobody@example.com", DESKTOP).await;
        assert!(none
            .body
            .contains("Nothing has been sent to nobody@example.com yet."));

        // From anywhere but this machine, neither dev page exists, also through a proxy.
        for path in ["/dev/outbox", "/dev/money-in", "/dev/ui"] {
            let outside = bank
                .send(from_peer(
                    axum::http::Request::get(path)
                        .body(axum::body::Body::empty())
                        .unwrap(),
                    "203.0.113.5",
                ))
                .await;
            assert_eq!(outside.status, 404, "{path}");
            assert!(!outside.body.contains("333333"));
        }
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_sandbox_mode_there_is_no_outbox_and_sms_without_a_provider_fails() {
    let bank = TestBank::start_with(Backend::Sqlite, |c| c.sandbox = false).await;
    assert_eq!(bank.get("/dev/outbox", DESKTOP).await.status, 404);
    // Nor the component kit, which the app would otherwise render like any page.
    for agent in [DESKTOP, IPHONE] {
        let kit = bank.get("/dev/ui", agent).await;
        assert_eq!(kit.status, 404);
        assert!(!kit.body.contains("Component kit"));
    }
    let login = bank.get("/login", DESKTOP).await;
    assert!(
        !login.body.contains("sandbox-banner"),
        "a real bank shows no sandbox strip"
    );
    let notify = Notifications::new(&bank.db, false, None).unwrap();
    let error = notify.send(sms("+447700900123", "x")).await.unwrap_err();
    assert!(matches!(error, NotifyError::NoProvider(Channel::Sms)));
    assert!(
        bank::store::outbox::latest(&bank.db, None, 10)
            .await
            .unwrap()
            .is_empty(),
        "nothing was kept"
    );
    bank.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sandbox_bank_says_so_on_every_page() {
    let bank = TestBank::start(Backend::Sqlite).await;
    for path in [
        "/login",
        "/privacy-policy",
        "/onboarding/user",
        "/no-such-page",
    ] {
        let page = bank.get(path, DESKTOP).await;
        assert!(
            page.body.contains(r#"class="sandbox-banner""#),
            "{path}: {}",
            page.status
        );
    }
    bank.finish().await;
}

// A mail server that does not answer is an outside party down (issue 33 point 6): the send
// fails and the failure is recorded for the back office's dashboard.
on_both_backends!(a_mail_server_that_does_not_answer_is_recorded, |bank| {
    let smtp = bank::config::SmtpConfig {
        url: "smtp://127.0.0.1:1".to_string().into(),
        from: "Harbour <hello@harbour.example>".into(),
    };
    let notify = Notifications::new(&bank.db, false, Some(&smtp)).unwrap();
    let sent = notify
        .send(Message {
            channel: Channel::Email,
            to: "ada@example.com".into(),
            subject: "Your code".into(),
            body: "123456".into(),
            attachments: vec![],
        })
        .await;
    assert!(sent.is_err());
    let failed: Option<String> =
        sqlx::query_scalar("SELECT last_error FROM provider_health WHERE party = $1")
            .bind(bank::providers::party::SMTP)
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
    assert!(failed.is_some());
});
