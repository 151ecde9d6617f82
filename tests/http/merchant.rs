//! Issue 30, card acceptance: SPEC §7 POST /v2/merchant-applications and /fetch with provider
//! decta, SPEC §5's form checks (URL, each share 1 to 100, adding up to 100), SPEC §4's
//! Merchant states through the sandbox acquirer's page and its signed webhook (including the
//! business answering a question), and SPEC §6's merchant right on a business.

use axum::body::Body;
use axum::http::Request;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::lending::merchant::{MerchantApplicationView, MerchantApplications};
use bank::domain::lending::application::MerchantState;
use bank::domain::lending::merchant::{NOT_100, PERCENT};
use bank::domain::profiles::access::Role;
use bank::providers::merchant_acquiring::sandbox::SandboxDecta;
use bank::providers::merchant_acquiring::MerchantDecision;

/// The shares of card sales by region; a region of 0 is left out, as the form leaves it empty.
fn application(uk: i64, eea: i64) -> Value {
    let mut ratio = serde_json::Map::new();
    for (region, share) in [("uk", uk), ("eea", eea)] {
        if share != 0 {
            ratio.insert(region.into(), json!(share));
        }
    }
    json!({
        "provider": "decta",
        "form": {
            "companyWebsite": "https://bennett-hale.example",
            "potentialTurnover": "10000-50000",
            "potentialGeographyPercentRatio": ratio,
            "businessDescription": "Office furniture sold online and in our London showroom",
        },
    })
}

async fn fetch(bank: &TestBank, who: &Customer) -> Option<MerchantApplicationView> {
    let reply = call(
        bank,
        who,
        "POST",
        "/v2/merchant-applications/fetch",
        json!({}),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read::<MerchantApplications>().application
}

async fn apply(bank: &TestBank, who: &Customer, body: Value) -> MerchantApplicationView {
    let reply = call(bank, who, "POST", "/v2/merchant-applications", body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

async fn choose(bank: &TestBank, redirect: &str, decision: &str) -> Reply {
    let token = redirect.split_once("token=").unwrap().1;
    form_post(
        bank,
        "/sandbox/acquirer",
        "",
        &[("token", token), ("decision", decision)],
    )
    .await
}

async fn webhook(bank: &TestBank, body: Vec<u8>, signature: &str) -> Reply {
    bank.send(
        Request::post("/v2/webhooks/merchant-acquiring")
            .header("content-type", "application/json")
            .header("x-acquirer-signature", signature)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

on_both_backends!(through_questions_and_an_agreement_to_active, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    assert!(
        fetch(bank, &owner).await.is_none(),
        "SPEC §4 none: Start Applying"
    );

    let applied = apply(bank, &owner, application(70, 30)).await;
    assert_eq!(applied.provider, "decta");
    assert_eq!(applied.state.value, MerchantState::Pending);
    assert_eq!(applied.state.label, "Pending");
    let redirect = applied.redirect_uri.clone().expect("the acquirer's page");
    let again = call(
        bank,
        &owner,
        "POST",
        "/v2/merchant-applications",
        application(70, 30),
    )
    .await;
    assert_eq!(
        again.status, 409,
        "one application at a time: {}",
        again.body
    );

    let page = bank
        .send(Request::get(&redirect).body(Body::empty()).unwrap())
        .await;
    assert!(page.body.contains("bennett-hale.example"), "{}", page.body);
    assert!(page.body.contains("£10,000 to £50,000"));

    assert_eq!(choose(bank, &redirect, "ask").await.status, 303);
    let asked = fetch(bank, &owner).await.unwrap();
    assert_eq!(asked.state.value, MerchantState::AdditionalInfoRequired);
    assert_eq!(asked.state.label, "Additional information required");
    assert!(asked.note.unwrap().contains("refund policy"));
    let told = last_message(bank, "olivia@example.com").await;
    assert_eq!(told.subject, "Decta asks for more information");
    assert!(told.body.contains("refund policy"));
    assert_eq!(asked.redirect_uri, None, "the business has the next step");

    // The business answers by sending the form again: pending, with the answer.
    let mut answer = application(70, 30);
    answer["form"]["businessDescription"] =
        json!("Office furniture, delivered in 5 days by courier; refunds within 30 days");
    let answered = apply(bank, &owner, answer).await;
    assert_eq!(answered.state.value, MerchantState::Pending);
    assert!(answered
        .form
        .business_description
        .contains("refunds within 30 days"));
    assert_eq!(answered.note, None);

    assert_eq!(choose(bank, &redirect, "agreement").await.status, 303);
    let sent = fetch(bank, &owner).await.unwrap();
    assert_eq!(sent.state.value, MerchantState::AgreementSent);
    assert!(sent.redirect_uri.is_some(), "the agreement to sign");
    assert_eq!(choose(bank, &redirect, "sign").await.status, 303);
    let active = fetch(bank, &owner).await.unwrap();
    assert_eq!(active.state.value, MerchantState::Active);
    assert_eq!(
        last_message(bank, "olivia@example.com").await.subject,
        "You can now accept cards"
    );
    assert!(active.merchant_id.unwrap().starts_with("DM-"));

    // Once active, a late "rejected" changes nothing.
    let acquirer = SandboxDecta::new(
        sandbox_config().identity.sandbox_secret,
        bank.db.clock.clone(),
    );
    let late = MerchantDecision {
        provider_ref: format!("sbx-{}", active.id),
        state: MerchantState::Rejected,
        note: None,
        merchant_id: None,
    };
    let (body, (_, signature)) = acquirer.webhook(&late);
    assert_eq!(webhook(bank, body, &signature).await.status, 200);
    assert_eq!(
        fetch(bank, &owner).await.unwrap().state.value,
        MerchantState::Active
    );

    let decided = sqlx::query_as::<_, (i64,)>(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM audit_log WHERE event = 'merchant.decided'",
    )
    .fetch_one(&bank.db.pool)
    .await
    .unwrap()
    .0;
    assert_eq!(decided, 3, "asked, agreement, signed");
});

on_both_backends!(a_rejected_business_may_apply_again, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let applied = apply(bank, &owner, application(100, 0)).await;
    let redirect = applied.redirect_uri.unwrap();
    assert_eq!(choose(bank, &redirect, "reject").await.status, 303);
    let rejected = fetch(bank, &owner).await.unwrap();
    assert_eq!(rejected.state.value, MerchantState::Rejected);
    assert!(rejected.note.unwrap().contains("cannot accept"));
    let again = apply(bank, &owner, application(50, 50)).await;
    assert_eq!(again.state.value, MerchantState::Pending);
    assert_ne!(again.id, rejected.id);
});

on_both_backends!(every_check_of_the_merchant_form, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let mut bad = application(60, 30);
    bad["form"]["companyWebsite"] = json!("bennett hale");
    let reply = call(bank, &owner, "POST", "/v2/merchant-applications", bad).await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.field_error("form.companyWebsite"), "Invalid URL");
    assert_eq!(
        reply.field_error("form.potentialGeographyPercentRatio"),
        NOT_100
    );
    let reply = call(
        bank,
        &owner,
        "POST",
        "/v2/merchant-applications",
        application(101, -1),
    )
    .await;
    assert_eq!(
        reply.field_error("form.potentialGeographyPercentRatio.uk"),
        PERCENT
    );
    assert_eq!(
        reply.field_error("form.potentialGeographyPercentRatio.eea"),
        PERCENT
    );
    let reply = call(
        bank,
        &owner,
        "POST",
        "/v2/merchant-applications",
        json!({"provider": "decta", "form": {}}),
    )
    .await;
    for field in [
        "form.companyWebsite",
        "form.potentialTurnover",
        "form.potentialGeographyPercentRatio",
        "form.businessDescription",
    ] {
        assert_eq!(reply.field_error(field), "Field is required");
    }
    let mut other = application(100, 0);
    other["provider"] = json!("acme");
    let reply = call(bank, &owner, "POST", "/v2/merchant-applications", other).await;
    assert_eq!(reply.field_error("provider"), "Field is required");
    assert!(fetch(bank, &owner).await.is_none(), "nothing kept");
});

on_both_backends!(who_may_apply_for_card_acceptance, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let accountant = colleague(
        bank,
        &owner.profile_id,
        "accountant@example.com",
        Role::Accountant,
        &["transaction:r", "invoice:rw"],
    )
    .await;
    let reply = call(
        bank,
        &accountant,
        "POST",
        "/v2/merchant-applications",
        application(100, 0),
    )
    .await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let reader = colleague(
        bank,
        &owner.profile_id,
        "reader@example.com",
        Role::Custom,
        &["merchant:r"],
    )
    .await;
    assert!(fetch(bank, &reader).await.is_none());
    let reply = call(
        bank,
        &reader,
        "POST",
        "/v2/merchant-applications",
        application(100, 0),
    )
    .await;
    assert_eq!(reply.status, 403);
    let person = personal_customer(bank, "tom@example.com", "Tom Price").await;
    let reply = call(
        bank,
        &person,
        "POST",
        "/v2/merchant-applications/fetch",
        json!({}),
    )
    .await;
    assert_eq!(reply.status, 403);
    // A euro business may accept cards (SPEC §6 asks only for a business).
    let euro = customer(bank, "eva@example.com", "Euro Trading GmbH").await;
    open_account(
        bank,
        &euro.profile_id,
        bank::domain::accounts::money::Currency::Eur,
        true,
    )
    .await;
    apply(bank, &euro, application(100, 0)).await;
    // Each sees only its own.
    assert!(fetch(bank, &owner).await.is_none());
});

on_both_backends!(a_forged_acquirer_decision_changes_nothing, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let applied = apply(bank, &owner, application(100, 0)).await;
    let forger = SandboxDecta::new(
        secrecy::SecretString::from("a guess"),
        bank.db.clock.clone(),
    );
    let decision = MerchantDecision {
        provider_ref: format!("sbx-{}", applied.id),
        state: MerchantState::AgreementSent,
        note: None,
        merchant_id: None,
    };
    let (body, (_, signature)) = forger.webhook(&decision);
    assert_eq!(webhook(bank, body, &signature).await.status, 401);
    assert_eq!(
        fetch(bank, &owner).await.unwrap().state.value,
        MerchantState::Pending
    );
    // The acquirer cannot answer the business's questions for it.
    let acquirer = SandboxDecta::new(
        sandbox_config().identity.sandbox_secret,
        bank.db.clock.clone(),
    );
    let ask = MerchantDecision {
        state: MerchantState::AdditionalInfoRequired,
        note: Some("Which cards?".into()),
        ..decision.clone()
    };
    let (body, (_, signature)) = acquirer.webhook(&ask);
    assert_eq!(webhook(bank, body, &signature).await.status, 200);
    let answer = MerchantDecision {
        state: MerchantState::Pending,
        note: None,
        ..decision
    };
    let (body, (_, signature)) = acquirer.webhook(&answer);
    assert_eq!(webhook(bank, body, &signature).await.status, 200);
    assert_eq!(
        fetch(bank, &owner).await.unwrap().state.value,
        MerchantState::AdditionalInfoRequired
    );
});

on_both_backends!(
    no_acquirer_no_card_acceptance,
    |c| c.sandbox = false,
    |bank| {
        let owner =
            registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        for path in [
            "/v2/merchant-applications/fetch",
            "/v2/merchant-applications",
        ] {
            let reply = call(bank, &owner, "POST", path, application(100, 0)).await;
            assert_eq!(reply.status, 503, "{path}: {}", reply.body);
            assert_eq!(reply.error().code, "acquiring_unavailable");
        }
    }
);

on_both_backends!(
    a_merchant_application_the_acquirer_never_got_blocks_nothing,
    |bank| {
        let owner =
            registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        let long_ago = bank.db.now_ms() - 11 * 60 * 1000;
        let mut tx = bank.db.begin_write().await.unwrap();
        bank::store::merchant_applications::insert(
            &mut tx,
            "stranded",
            &owner.profile_id,
            "decta",
            &bank::domain::lending::merchant::MerchantForm::default(),
            &owner.user_id,
            long_ago,
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
        assert!(
            fetch(bank, &owner).await.is_none(),
            "SPEC §4 none: Start Applying"
        );
        let applied = apply(bank, &owner, application(100, 0)).await;
        assert_ne!(applied.id, "stranded");
    }
);

on_both_backends!(two_merchant_applications_at_once_make_one, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let (a, b) = tokio::join!(
        call(
            bank,
            &owner,
            "POST",
            "/v2/merchant-applications",
            application(100, 0)
        ),
        call(
            bank,
            &owner,
            "POST",
            "/v2/merchant-applications",
            application(60, 40)
        )
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} {}", a.body, b.body);
    assert!(fetch(bank, &owner).await.is_some());
});
