//! Issue 31 point 4, the account referral programme: the customer's code, link and short link
//! (SPEC §7 POST /v2/users/referrals, POST /v2/short-links/take), invitations by email and their
//! SPEC §3 states (pending when invited, active when the friend's account is ready, rewarded
//! once, through the ledger), the rate limits, and the campaign key kept with sign-up.

use bank::api::engagement::referrals::{InvitePage, ReferralProgramme};
use bank::api::signup::CreateInput;
use bank::domain::engagement::referrals::{Programme, ReferralState};
use bank::domain::onboarding::kyc::KycStatus;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;

async fn programme(bank: &TestBank, who: &Customer) -> ReferralProgramme {
    let reply = call(bank, who, "POST", "/v2/users/referrals", json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

async fn invites(bank: &TestBank, who: &Customer) -> InvitePage {
    let reply = call(
        bank,
        who,
        "GET",
        "/v2/users/referrals/invites?page=1&limit=100",
        Value::Null,
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

async fn account_ready(bank: &TestBank, id: &bank::domain::ids::UserId) {
    bank::store::users::set_status(&bank.db, id, KycStatus::Completed)
        .await
        .unwrap();
}

async fn rewards_booked(bank: &TestBank) -> i64 {
    sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM referrals WHERE transaction_id IS NOT NULL",
    )
    .fetch_one(&bank.db.pool)
    .await
    .unwrap()
    .0
}

on_both_backends!(a_link_and_its_short_link_lead_to_sign_up, |bank| {
    let olivia = business_owner(bank).await;
    let mine = programme(bank, &olivia).await;
    assert_eq!(mine.code.len(), 8);
    assert!(mine.link.ends_with(&format!(
        "/onboarding/user?ref={}&programme=account",
        mine.code
    )));
    assert_eq!(mine.reward, "25.00");
    assert!(mine.whatsapp_message.contains(&mine.short_link));
    assert_eq!(
        programme(bank, &olivia).await.short_link,
        mine.short_link,
        "one link"
    );
    let path = mine.short_link.split_once("/s/").unwrap().1;
    let followed = bank.get(&format!("/s/{path}"), DESKTOP).await;
    assert_eq!(followed.status, 302);
    assert_eq!(
        followed.header("location"),
        format!("/onboarding/user?ref={}&programme=account", mine.code)
    );
    assert_eq!(bank.get("/s/nothing1", DESKTOP).await.status, 404);

    let elsewhere = call(
        bank,
        &olivia,
        "POST",
        "/v2/short-links/take",
        json!({"url": "https://evil.example/phish"}),
    )
    .await;
    assert_eq!(elsewhere.status, 422);
    assert_eq!(
        elsewhere.field_error("url"),
        "Only links to this bank can be shortened"
    );
    let own = call(
        bank,
        &olivia,
        "POST",
        "/v2/short-links/take",
        json!({"url": "/cards"}),
    )
    .await;
    assert_eq!(own.status, 200, "{}", own.body);
    assert!(own.json()["shortUrl"].as_str().unwrap().contains("/s/"));

    bank::store::features::set_override(&bank.db, "referrals", false)
        .await
        .unwrap();
    let off = call(bank, &olivia, "POST", "/v2/users/referrals", json!({})).await;
    assert_eq!(off.status, 403, "{}", off.body);
});

on_both_backends!(
    an_invited_friend_becomes_active_then_rewarded_once,
    |bank| {
        let olivia = business_owner(bank).await;
        let reply = call(
            bank,
            &olivia,
            "POST",
            "/v2/users/referrals/invites",
            json!({"email": "Ada@Example.com"}),
        )
        .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.json()["message"], "Success");
        let mail = last_message(bank, "ada@example.com").await;
        assert!(mail.body.contains("programme=account"), "{}", mail.body);
        let listed = invites(bank, &olivia).await;
        assert_eq!(listed.total_results, 1);
        assert_eq!(listed.results[0].email, "ada@example.com");
        assert_eq!(listed.results[0].state, ReferralState::Pending);

        let bad = call(
            bank,
            &olivia,
            "POST",
            "/v2/users/referrals/invites",
            json!({"email": "not an email"}),
        )
        .await;
        assert_eq!(bad.status, 422);

        // She signs up without the link: the invitation to her address refers her all the same.
        let ada = signs_up(bank, "ada@example.com", personal_sign_up()).await;
        assert_eq!(
            invites(bank, &olivia).await.results[0].state,
            ReferralState::Pending
        );
        bank::store::referrals::activate_ready_accounts(&bank.db, bank.db.now_ms())
            .await
            .unwrap();
        assert_eq!(
            invites(bank, &olivia).await.results[0].state,
            ReferralState::Pending,
            "not before her account is ready"
        );
        account_ready(bank, &ada).await;
        assert_eq!(
            bank::store::referrals::activate_ready_accounts(&bank.db, bank.db.now_ms())
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            invites(bank, &olivia).await.results[0].state,
            ReferralState::Active
        );
        for _ in 0..3 {
            bank::store::referrals::pay_due(&bank.db, bank.db.now_ms(), 10)
                .await
                .unwrap();
        }
        assert_eq!(
            invites(bank, &olivia).await.results[0].state,
            ReferralState::Rewarded
        );
        assert_eq!(rewards_booked(bank).await, 1, "paid once");
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(
    two_friends_ready_at_once_pay_two_rewards_never_three,
    |bank| {
        let olivia = business_owner(bank).await;
        let code = programme(bank, &olivia).await.code;
        let mut friends = Vec::new();
        for email in ["ada@example.com", "grace@example.com"] {
            let id = signs_up(
                bank,
                email,
                CreateInput {
                    referral_code: Some(code.clone()),
                    referral_programme: Some(Programme::Account),
                    ..personal_sign_up()
                },
            )
            .await;
            friends.push(id);
        }
        // A third signs up with the code through the card programme's link: not this programme.
        signs_up(
            bank,
            "alan@example.com",
            CreateInput {
                referral_code: Some(code.clone()),
                ..personal_sign_up()
            },
        )
        .await;
        for id in &friends {
            account_ready(bank, id).await;
        }
        let now = bank.db.now_ms();
        let (a, b) = tokio::join!(
            bank::store::referrals::activate_ready_accounts(&bank.db, now),
            bank::store::referrals::activate_ready_accounts(&bank.db, now),
        );
        assert_eq!(a.unwrap() + b.unwrap(), 2);
        let (x, y, z) = tokio::join!(
            bank::store::referrals::pay_due(&bank.db, now, 10),
            bank::store::referrals::pay_due(&bank.db, now, 10),
            bank::store::referrals::pay_due(&bank.db, now, 10),
        );
        assert_eq!(x.unwrap() + y.unwrap() + z.unwrap(), 2);
        assert_eq!(rewards_booked(bank).await, 2);
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(invitations_are_rate_limited_per_address, |bank| {
    let olivia = business_owner(bank).await;
    for attempt in 0..4 {
        let reply = call(
            bank,
            &olivia,
            "POST",
            "/v2/users/referrals/invites",
            json!({"email": "ada@example.com"}),
        )
        .await;
        let expected = if attempt < 3 { 200 } else { 429 };
        assert_eq!(reply.status, expected, "attempt {attempt}: {}", reply.body);
    }
    assert_eq!(invites(bank, &olivia).await.total_results, 1, "one friend");
});

on_both_backends!(the_campaign_key_is_kept_with_sign_up, |bank| {
    signs_up(
        bank,
        "ada@example.com",
        CreateInput {
            campaign: Some("spring_2027".into()),
            ..personal_sign_up()
        },
    )
    .await;
    signs_up(
        bank,
        "bob@example.com",
        CreateInput {
            campaign: Some("<script>".into()),
            ..personal_sign_up()
        },
    )
    .await;
    let kept: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT email, campaign FROM users ORDER BY email")
            .fetch_all(&bank.db.pool)
            .await
            .unwrap();
    assert_eq!(
        kept,
        vec![
            (
                "ada@example.com".to_string(),
                Some("spring_2027".to_string())
            ),
            ("bob@example.com".to_string(), None),
        ]
    );
});

on_both_backends!(the_referrals_page_renders_on_the_server, |bank| {
    let olivia = business_owner(bank).await;
    call(
        bank,
        &olivia,
        "POST",
        "/v2/users/referrals/invites",
        json!({"email": "ada@example.com"}),
    )
    .await;
    for layout in [DESKTOP, IPHONE] {
        let page = bank
            .send(
                axum::http::Request::get("/referrals")
                    .header("authorization", olivia.bearer())
                    .header("user-agent", layout)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("ada@example.com"));
        assert!(page.body.contains("Invited"));
        assert!(page.body.contains("/s/"), "the short link");
    }
});
