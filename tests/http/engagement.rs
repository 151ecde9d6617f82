//! Issue 31: promos as feature entries (SPEC §3 toNotify; targeting, dates, capping), the
//! christmasSupportHours, maintenance and mobileFunctionality flags, and the leads page's
//! call-back request.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;
use bank::domain::engagement::promos::{Audience, Campaign, Promo};
use bank::domain::profiles::access::{ProfileType, Role};

pub(crate) async fn entries(bank: &TestBank, who: &Customer) -> Value {
    let reply = call(bank, who, "GET", "/v1/features", Value::Null).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

pub(crate) fn state_of(entries: &Value, name: &str) -> Option<String> {
    entries
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .map(|e| e["state"].as_str().unwrap().to_string())
}

async fn start(bank: &TestBank, promo: Promo, audience: Audience, from: i64, until: Option<i64>) {
    bank::services::engagement::promos::start(
        &bank.db,
        &Campaign {
            promo,
            audience,
            starts_at: from,
            ends_at: until,
        },
    )
    .await
    .unwrap();
}

async fn flag(bank: &TestBank, name: &str, on: bool) {
    bank::store::features::set_override(&bank.db, name, on)
        .await
        .unwrap();
    // Each process reads the maintenance flag at most once a second.
    bank.db.clock.advance(Duration::from_secs(2));
}

on_both_backends!(a_promo_reaches_its_audience_once, |bank| {
    let owner = business_owner(bank).await;
    let private = personal_customer(bank, "sam@example.com", "Sam Carter").await;
    let now = bank.db.now_ms();
    start(
        bank,
        Promo::RolesPromo,
        Audience {
            profile_type: Some(ProfileType::Business),
            roles: vec![Role::Admin],
            primary_currency: Some(Currency::Gbp),
            has_card: None,
        },
        now - 1,
        None,
    )
    .await;
    let minute = 60 * 1000;
    start(
        bank,
        Promo::SwiftPromo,
        Audience::default(),
        now + minute,
        None,
    )
    .await;
    start(
        bank,
        Promo::IfCards,
        Audience {
            has_card: Some(true),
            ..Audience::default()
        },
        now - 1,
        None,
    )
    .await;

    let seen = entries(bank, &owner).await;
    assert_eq!(state_of(&seen, "rolesPromo").as_deref(), Some("toNotify"));
    assert_eq!(
        state_of(&seen, "referrals").as_deref(),
        Some("on"),
        "flags stay"
    );
    assert_eq!(state_of(&seen, "swiftPromo"), None, "not started yet");
    assert_eq!(state_of(&seen, "ifCards"), None, "only for card holders");
    assert_eq!(state_of(&entries(bank, &private).await, "rolesPromo"), None);
    let anonymous = bank.get("/v1/features", DESKTOP).await.json();
    assert_eq!(anonymous.as_array().unwrap().len(), 14, "flags only");

    // Dismissed: never shown again; a late "seen" does not undo it.
    for (body, status) in [
        (json!({"name": "rolesPromo", "state": "dismissed"}), 200),
        (json!({"name": "rolesPromo", "state": "seen"}), 200),
    ] {
        let reply = call(bank, &owner, "PUT", "/v1/features", body).await;
        assert_eq!(reply.status, status, "{}", reply.body);
        assert_eq!(reply.json()["message"], "Success");
    }
    assert_eq!(
        state_of(&entries(bank, &owner).await, "rolesPromo").as_deref(),
        Some("dismissed")
    );

    bank.db.clock.advance(Duration::from_secs(2 * 60));
    assert_eq!(
        state_of(&entries(bank, &owner).await, "swiftPromo").as_deref(),
        Some("toNotify"),
        "started"
    );
    bank::services::engagement::promos::end(&bank.db, Promo::SwiftPromo)
        .await
        .unwrap();
    assert_eq!(
        state_of(&entries(bank, &owner).await, "swiftPromo"),
        None,
        "ended"
    );
});

on_both_backends!(a_promo_answer_is_checked, |bank| {
    let owner = business_owner(bank).await;
    for (body, field) in [
        (json!({"name": "referrals", "state": "seen"}), "name"),
        (json!({"name": "nonsense", "state": "seen"}), "name"),
        (json!({"name": "rolesPromo", "state": "toNotify"}), "state"),
        (json!({"name": "rolesPromo", "state": "on"}), "state"),
    ] {
        let reply = call(bank, &owner, "PUT", "/v1/features", body).await;
        assert_eq!(reply.status, 422, "{}", reply.body);
        assert!(!reply.field_error(field).is_empty());
    }
    let anonymous = send_json(
        bank,
        "PUT",
        "/v1/features",
        json!({"name": "rolesPromo", "state": "seen"}),
        &[],
    )
    .await;
    assert_eq!(anonymous.status, 401);
    let (count,) = sqlx::query_as::<_, (i64,)>("SELECT CAST(COUNT(*) AS BIGINT) FROM promo_views")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    assert_eq!(count, 0, "nothing recorded");
});

on_both_backends!(
    christmas_support_hours_are_told_while_the_flag_is_on,
    |bank| {
        let owner = business_owner(bank).await;
        assert_eq!(state_of(&entries(bank, &owner).await, "supportInfo"), None);
        flag(bank, "christmasSupportHours", true).await;
        assert_eq!(
            state_of(&entries(bank, &owner).await, "supportInfo").as_deref(),
            Some("toNotify")
        );
        let page = bank
            .send(
                axum::http::Request::get("/dashboard")
                    .header("authorization", owner.bearer())
                    .header("user-agent", DESKTOP)
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        assert!(
            page.body.contains("25 and 26 December: closed"),
            "the configured hours reach the app"
        );
        call(
            bank,
            &owner,
            "PUT",
            "/v1/features",
            json!({"name": "supportInfo", "state": "dismissed"}),
        )
        .await;
        assert_eq!(
            state_of(&entries(bank, &owner).await, "supportInfo").as_deref(),
            Some("dismissed")
        );
        flag(bank, "christmasSupportHours", false).await;
        assert_eq!(state_of(&entries(bank, &owner).await, "supportInfo"), None);
    }
);

on_both_backends!(maintenance_closes_the_bank_and_opens_it_again, |bank| {
    let owner = business_owner(bank).await;
    flag(bank, "maintenance", true).await;
    let api = call(bank, &owner, "GET", "/v2/session", Value::Null).await;
    assert_eq!(api.status, 503, "{}", api.body);
    assert_eq!(api.header("retry-after"), "300");
    assert_eq!(api.error().code, "maintenance");
    assert_eq!(
        api.error().message,
        "The Internet bank is down for planned maintenance. Please try again in a few minutes."
    );
    assert_eq!(bank.get("/healthz", DESKTOP).await.status, 200);
    assert_eq!(bank.get("/v1/features", DESKTOP).await.status, 200);
    let webhook = post(bank, "/v2/webhooks/lending", json!({}), &[]).await;
    assert_eq!(
        webhook.status, 401,
        "outside parties still reach the bank (unsigned: refused)"
    );
    for path in ["/login", "/dashboard", "/privacy-policy"] {
        let page = bank.get(path, DESKTOP).await;
        assert_eq!(page.status, 503, "{path}");
        assert_eq!(page.header("retry-after"), "300");
        assert!(page.body.contains("down for planned maintenance"), "{path}");
    }
    // A plain form post changes nothing: it is shown the same screen.
    let posted = form_post(bank, "/transfer/1", &owner.bearer(), &[("amount", "10.00")]).await;
    assert_eq!(posted.status, 503);
    assert!(posted.body.contains("down for planned maintenance"));

    flag(bank, "maintenance", false).await;
    assert_eq!(
        call(bank, &owner, "GET", "/v2/session", Value::Null)
            .await
            .status,
        200,
        "open again without a restart"
    );
    assert_eq!(bank.get("/login", DESKTOP).await.status, 200);
});

on_both_backends!(
    phones_get_the_desktop_layout_without_mobile_functionality,
    |bank| {
        assert!(bank
            .get("/login", IPHONE)
            .await
            .body
            .contains("\"layout\":\"mobile\""));
        flag(bank, "mobileFunctionality", false).await;
        let page = bank.get("/login", IPHONE).await;
        assert_eq!(page.status, 200);
        assert!(
            page.body.contains("\"layout\":\"desktop\""),
            "{}",
            page.body
        );
    }
);

fn call_back() -> Value {
    json!({
        "name": "Amir Khan",
        "company": "Khan Logistics Ltd",
        "email": "amir@khan-logistics.example",
        "phone": "07700 900123",
        "note": "Twelve vans, paying drivers weekly.",
    })
}

on_both_backends!(a_call_back_request_reaches_support, |bank| {
    let reply = post(bank, "/v1/utils/call-back", call_back(), &[]).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(
        reply.json()["message"],
        "Thank you. Our business team will call you back within one working day."
    );
    let open = bank::store::support_messages::open(&bank.db).await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].1, "leads");
    assert_eq!(open[0].3, "Call back: Khan Logistics Ltd");
    let told = last_message(bank, "amir@khan-logistics.example").await;
    assert!(told.body.contains("07700900123"), "{}", told.body);

    let reply = post(bank, "/v1/utils/call-back", json!({}), &[]).await;
    assert_eq!(reply.status, 422);
    for field in ["name", "company", "email", "phone"] {
        assert_eq!(reply.field_error(field), "Field is required");
    }
    let mut long = call_back();
    long["phone"] = json!("+44 7700 900123 45678");
    let reply = post(bank, "/v1/utils/call-back", long, &[]).await;
    assert_eq!(reply.field_error("phone"), "Phone number is out of range");
    assert_eq!(
        bank::store::support_messages::open(&bank.db)
            .await
            .unwrap()
            .len(),
        1,
        "nothing more kept"
    );
    for _ in 0..4 {
        assert_eq!(
            post(bank, "/v1/utils/call-back", call_back(), &[])
                .await
                .status,
            200
        );
    }
    assert_eq!(
        post(bank, "/v1/utils/call-back", call_back(), &[])
            .await
            .status,
        429,
        "five an hour from one address"
    );
});

on_both_backends!(terms_and_policies_show_what_the_person_accepted, |bank| {
    let owner = business_owner(bank).await;
    let reply = call(bank, &owner, "GET", "/v2/users/policies", Value::Null).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let answer = reply.json();
    assert_eq!(answer["version"], bank::domain::policies::VERSION);
    assert_eq!(
        answer["covers"],
        json!(["/terms-and-conditions", "/privacy-policy"])
    );
    assert_eq!(answer["accepted"], json!([]));
    bank::store::policy_acceptances::record(
        &bank.db,
        &owner.user_id,
        "2026-01-05",
        1_767_600_000_000,
    )
    .await
    .unwrap();
    bank::store::policy_acceptances::record(
        &bank.db,
        &owner.user_id,
        bank::domain::policies::VERSION,
        1_795_651_200_000,
    )
    .await
    .unwrap();
    let answer = call(bank, &owner, "GET", "/v2/users/policies", Value::Null)
        .await
        .json();
    assert_eq!(
        answer["accepted"],
        json!([
            {"version": bank::domain::policies::VERSION, "acceptedAt": "2026-11-26T00:00:00Z"},
            {"version": "2026-01-05", "acceptedAt": "2026-01-05T08:00:00Z"},
        ])
    );
    let page = bank
        .send(
            axum::http::Request::get("/terms-and-policies")
                .header("authorization", owner.bearer())
                .header("user-agent", DESKTOP)
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("You accepted this version on 26.11.2026"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Complaints policy"));
    let anonymous = bank.get("/v2/users/policies", DESKTOP).await;
    assert_eq!(anonymous.status, 401);
});

on_both_backends!(the_registration_step_is_kept_for_another_device, |bank| {
    let owner = business_owner(bank).await;
    let taken = call(bank, &owner, "POST", "/v2/users/take", json!({})).await;
    assert_eq!(taken.json()["registrationState"], Value::Null);
    let reply = call(
        bank,
        &owner,
        "PATCH",
        "/v1/users/registration/state",
        json!({"state": "personal_address"}),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["message"], "Success");
    let taken = call(bank, &owner, "POST", "/v2/users/take", json!({})).await;
    assert_eq!(taken.json()["registrationState"], "personal_address");
    let unknown = call(
        bank,
        &owner,
        "PATCH",
        "/v1/users/registration/state",
        json!({"state": "step_9"}),
    )
    .await;
    assert_eq!(unknown.status, 422);
    assert_eq!(unknown.field_error("state"), "Unknown registration step");
    let anonymous = send_json(
        bank,
        "PATCH",
        "/v1/users/registration/state",
        json!({"state": "personal_details"}),
        &[],
    )
    .await;
    assert_eq!(anonymous.status, 401);
});

on_both_backends!(
    a_review_is_asked_after_the_first_money_in_once_in_90_days,
    |bank| {
        let owner = customer(bank, "olivia@example.com", "Bennett Ltd").await;
        let gbp = open_account(bank, &owner.profile_id, Currency::Gbp, true).await;
        assert_eq!(
            state_of(&entries(bank, &owner).await, "review"),
            None,
            "nothing yet"
        );
        bank::providers::sandbox_payments::credit(&bank.db, &gbp.iban, "250.00", "Acme Ltd", "")
            .await
            .unwrap();
        assert_eq!(
            state_of(&entries(bank, &owner).await, "review").as_deref(),
            Some("toNotify")
        );
        let wrong = call(
            bank,
            &owner,
            "POST",
            "/v2/users/reviews",
            json!({"platform": "yelp"}),
        )
        .await;
        assert_eq!(wrong.status, 422);
        let chose = call(
            bank,
            &owner,
            "POST",
            "/v2/users/reviews",
            json!({"platform": "trustpilot"}),
        )
        .await;
        assert_eq!(chose.status, 200, "{}", chose.body);
        assert_eq!(
            state_of(&entries(bank, &owner).await, "review"),
            None,
            "asked once"
        );
        let (platform,): (Option<String>,) =
            sqlx::query_as("SELECT platform FROM reviews WHERE user_id = $1")
                .bind(&owner.user_id)
                .fetch_one(&bank.db.pool)
                .await
                .unwrap();
        assert_eq!(platform.as_deref(), Some("trustpilot"));
        // 91 days on, the 90 quiet days are over, but the first money in is no longer fresh.
        bank.db
            .clock
            .advance(Duration::from_secs(91 * 24 * 60 * 60));
        assert!(
            !bank::services::engagement::reviews::ask_now(&bank.db, &owner.user_id)
                .await
                .unwrap()
        );
    }
);

/// Whether to ask for a review is read on every signed-in page. On PostgreSQL it reads the first
/// received transfer of the person's accounts, not the payments out before it nor other
/// customers' money in, and finds their active card without going through the bank's other
/// active cards. (The sequential scan is switched off so the plan shows what the indexes allow.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whether_to_ask_for_a_review_reads_one_row_whatever_the_history() {
    use crate::transfers::{approved, local_terms, submit, with};
    let started = TestBank::start(Backend::Postgres).await;
    let bank = &started;
    let owner = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &owner.profile_id, Currency::Gbp, true).await;
    let auth = owner.bearer();
    // Their first money in, booked an hour on: the payments out below come before it.
    let later = bank.db.now_ms() + 3_600_000;
    bank::providers::sandbox_payments::credit_at(
        &bank.db, &gbp.iban, "100.00", "Acme Ltd", "", later,
    )
    .await
    .unwrap();
    // Other customers' money in, before the fresh window too.
    let other = customer(bank, "tom@example.com", "Tom's Shop Ltd").await;
    let theirs = open_account(bank, &other.profile_id, Currency::Gbp, true).await;
    for n in 0..20 {
        let reference = format!("Order {n}");
        bank::providers::sandbox_payments::credit(
            &bank.db,
            &theirs.iban,
            "1.00",
            "Buyer",
            &reference,
        )
        .await
        .unwrap();
    }
    for n in 0..30 {
        let terms = local_terms(&gbp, "1.00", "Acme Ltd");
        let request_id = approved(bank, &auth, &terms).await;
        let id = uuid::Uuid::new_v4().to_string();
        let made = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
        assert_eq!(made.status.as_u16(), 200, "payment {n}: {}", made.body);
    }
    let (person, fresh_from) = (format!("'{}'", owner.user_id.as_str()), later + 1);
    let sql = bank::store::reviews::standing_sql()
        .replace("$1", &person)
        .replace("$2", &fresh_from.to_string())
        .replace("$3", "0");
    let (read, plan) = rows_read_by(bank, &sql, "transactions").await;
    assert!(read <= 3, "read {read} transactions rows:\n{plan}");
    assert!(
        plan.contains("cards_user_active"),
        "the person's active cards are not found by their own index:\n{plan}"
    );
    // As the bank runs it: prepared, and planned without its values.
    let (read, plan) = rows_read_by_generic_plan(
        bank,
        bank::store::reviews::standing_sql(),
        "text, bigint, bigint",
        &format!("{person}, {fresh_from}, 0"),
        "transactions",
    )
    .await;
    assert!(
        read <= 3,
        "read {read} transactions rows in the generic plan:\n{plan}"
    );
}
