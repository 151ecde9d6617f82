//! Issue 30, business loans: SPEC §7 POST /v2/loan-applications and /fetch, the lender's
//! sandbox page and its signed decisions (SPEC §4 Loan states, only forward), the money paid in
//! through the ledger once, SPEC §8's three months between applications, and SPEC §6's who may
//! apply.

use axum::body::Body;
use axum::http::Request;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::lending::loans::{LoanApplicationInput, LoanApplicationView, LoanApplications};
use bank::domain::accounts::money::Currency;
use bank::domain::lending::application::{LoanState, TOO_SOON};
use bank::domain::profiles::access::Role;
use bank::providers::lending::sandbox::SandboxLender;
use bank::providers::lending::Decision;

pub(crate) fn loan(amount: &str, share: bool) -> Value {
    body(&LoanApplicationInput {
        kind: Some(bank::domain::lending::application::Product::Business),
        amount: amount.into(),
        term_months: Some(12),
        purpose: "Equipment".into(),
        description: "Two delivery vans".into(),
        monthly_turnover: "40000".into(),
        share_data: share,
        invoice_ids: vec![],
    })
}

pub(crate) async fn apply(bank: &TestBank, who: &Customer, body: Value) -> LoanApplicationView {
    let reply = call(bank, who, "POST", "/v2/loan-applications", body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

pub(crate) async fn applications(bank: &TestBank, who: &Customer) -> LoanApplications {
    let reply = call(
        bank,
        who,
        "POST",
        "/v2/loan-applications/fetch",
        json!({"type": "business"}),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

async fn gbp(bank: &TestBank, who: &Customer) -> bank::store::bank_accounts::BankAccount {
    bank::services::accounts::of_profile(&bank.db, &who.profile_id)
        .await
        .unwrap()
        .into_iter()
        .find(|a| a.currency == Currency::Gbp)
        .unwrap()
}

pub(crate) async fn balance(bank: &TestBank, who: &Customer) -> i64 {
    let account = gbp(bank, who).await;
    let mut conn = bank.db.pool.acquire().await.unwrap();
    bank::store::ledger::balance(&mut conn, &account.ledger_account_id)
        .await
        .unwrap()
        .booked
}

/// The tester's choice on the sandbox lender's page.
async fn choose(bank: &TestBank, redirect: &str, decision: &str) -> Reply {
    let token = redirect.split_once("token=").unwrap().1;
    form_post(
        bank,
        "/sandbox/lender",
        "",
        &[("token", token), ("decision", decision)],
    )
    .await
}

fn lender(bank: &TestBank) -> SandboxLender {
    SandboxLender::new(
        sandbox_config().identity.sandbox_secret,
        bank.db.clock.clone(),
    )
}

async fn webhook(bank: &TestBank, body: Vec<u8>, signature: &str) -> Reply {
    bank.send(
        Request::post("/v2/webhooks/lending")
            .header("content-type", "application/json")
            .header("x-lender-signature", signature)
            .body(Body::from(body))
            .unwrap(),
    )
    .await
}

on_both_backends!(a_loan_is_offered_then_paid_into_the_account_once, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let none = applications(bank, &owner).await;
    assert!(none.results.is_empty());
    assert_eq!(none.next_application_from, None);

    let applied = apply(bank, &owner, loan("25,000", true)).await;
    // SPEC §4: applied reads as eligible with a lender other than youlend.
    assert_eq!(applied.status, LoanState::PreApproved);
    assert_eq!(applied.status_label, "Eligible for a loan");
    assert_eq!(applied.provider, "sandbox");
    assert_eq!((applied.amount, applied.term_months), (25_000.0, 12));
    let redirect = applied.redirect_uri.clone().expect("where to continue");
    assert!(redirect.starts_with("/sandbox/lender?token="), "{redirect}");
    let shared = applied.shared.clone().expect("shared with consent");
    assert_eq!(shared.company.name, "Bennett & Hale Trading Ltd");
    assert_eq!(shared.company.number, "09876543");
    assert!(shared.company.registered_office.contains("EC2A 1AF"));
    assert_eq!(shared.directors, ["Anna Smith"]);
    assert_eq!(shared.turnover.len(), 12);

    // The lender's page shows the application and what was shared.
    let page = bank
        .send(Request::get(&redirect).body(Body::empty()).unwrap())
        .await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("Your application for £25,000.00"),
        "{}",
        page.body
    );
    assert!(page.body.contains("company number 09876543"));
    assert!(page.body.contains("Offer £25,000.00"));

    let before = balance(bank, &owner).await;
    let offered = choose(bank, &redirect, "offer").await;
    assert_eq!(offered.status, 303, "{}", offered.body);
    let told = last_message(bank, "olivia@example.com").await;
    assert_eq!(told.subject, "An offer for your business loan");
    assert!(
        told.body.contains("has offered £25,000.00"),
        "{}",
        told.body
    );
    assert_eq!(offered.header("location"), "/loans");
    let now = applications(bank, &owner).await.results.remove(0);
    assert_eq!(now.status, LoanState::PreApproved);
    assert_eq!(now.offered_amount, Some(25_000.0));
    assert_eq!(
        balance(bank, &owner).await,
        before,
        "an offer moves no money"
    );

    let paid = choose(bank, &redirect, "pay").await;
    assert_eq!(paid.status, 303, "{}", paid.body);
    assert_eq!(
        last_message(bank, "olivia@example.com").await.subject,
        "£25,000.00 from Harbour Sandbox Lending is in your account"
    );
    let now = applications(bank, &owner).await.results.remove(0);
    assert_eq!(now.status, LoanState::Approved);
    assert_eq!(now.status_label, "Approved");
    assert_eq!(now.paid_amount, Some(25_000.0));
    assert_eq!(now.redirect_uri, None, "nothing to continue once decided");
    assert_eq!(balance(bank, &owner).await, before + 2_500_000);
    let row = bank::services::accounts::transaction(
        &bank.db,
        &now.paid_transaction_id.clone().unwrap().into(),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(
        row.counterparty_name.as_deref(),
        Some("Harbour Sandbox Lending")
    );
    assert_eq!(row.amount, 2_500_000);

    // The lender's decision delivered again (and twice at once) pays nothing more.
    let decision = Decision {
        provider_ref: format!("sbx-{}", now.id),
        state: LoanState::Approved,
        offered_amount: None,
        paid_amount: Some(2_500_000),
        reason: None,
    };
    let (body, (_, signature)) = lender(bank).webhook(&decision);
    let (a, b) = tokio::join!(
        webhook(bank, body.clone(), &signature),
        webhook(bank, body.clone(), &signature)
    );
    assert_eq!(
        (a.status.as_u16(), b.status.as_u16()),
        (200, 200),
        "{} {}",
        a.body,
        b.body
    );
    assert_eq!(balance(bank, &owner).await, before + 2_500_000);
    // And a late "in review" cannot take it back.
    let late = Decision {
        state: LoanState::InReview,
        paid_amount: None,
        ..decision
    };
    let (body, (_, signature)) = lender(bank).webhook(&late);
    assert_eq!(webhook(bank, body, &signature).await.status, 200);
    assert_eq!(
        applications(bank, &owner).await.results[0].status,
        LoanState::Approved
    );
    // Nothing to choose on the lender's page now.
    assert_eq!(choose(bank, &redirect, "decline").await.status, 200);
    assert_eq!(
        applications(bank, &owner).await.results[0].status,
        LoanState::Approved
    );

    let events = bank::store::audit::events_for(&bank.db, &owner.user_id)
        .await
        .unwrap();
    assert!(
        events.contains(&"lending.applied".to_string()),
        "{events:?}"
    );
    let all = sqlx::query_as::<_, (String,)>(
        "SELECT event FROM audit_log WHERE event LIKE 'lending.%' ORDER BY created_at, event",
    )
    .fetch_all(&bank.db.pool)
    .await
    .unwrap();
    let all: Vec<String> = all.into_iter().map(|(e,)| e).collect();
    assert_eq!(
        all.iter().filter(|e| *e == "lending.decided").count(),
        2,
        "offer and approval, each once: {all:?}"
    );
    assert_eq!(all.iter().filter(|e| *e == "lending.paid_out").count(), 1);
    ledger_is_sound(bank).await;
});

on_both_backends!(declined_and_without_consent, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let applied = apply(bank, &owner, loan("1000", false)).await;
    assert!(applied.shared.is_none(), "nothing shared without consent");
    let redirect = applied.redirect_uri.unwrap();
    let page = bank
        .send(Request::get(&redirect).body(Body::empty()).unwrap())
        .await;
    assert!(!page.body.contains("shared with your agreement"));
    assert_eq!(choose(bank, &redirect, "review").await.status, 303);
    let now = applications(bank, &owner).await.results.remove(0);
    assert_eq!(now.status, LoanState::InReview);
    assert_eq!(choose(bank, &redirect, "decline").await.status, 303);
    let now = applications(bank, &owner).await.results.remove(0);
    assert_eq!(
        (now.status, now.status_label.as_str()),
        (LoanState::Rejected, "Rejected")
    );
    assert!(now.reason.unwrap().contains("cannot offer finance"));
    assert_eq!(now.paid_amount, None);
});

on_both_backends!(every_check_of_the_form, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let reply = call(bank, &owner, "POST", "/v2/loan-applications", json!({})).await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.field_error("type"), "Field is required");
    let reply = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications",
        json!({"type": "business"}),
    )
    .await;
    for field in ["amount", "termMonths", "purpose", "monthlyTurnover"] {
        assert_eq!(reply.field_error(field), "Field is required");
    }
    let mut small = loan("999.99", false);
    small["termMonths"] = json!(5);
    let reply = call(bank, &owner, "POST", "/v2/loan-applications", small).await;
    assert_eq!(
        reply.field_error("amount"),
        "Enter an amount from £1,000.00 to £500,000.00"
    );
    assert_eq!(reply.field_error("termMonths"), "Field is required");
    let mut mortgage = loan("5000", false);
    mortgage["type"] = json!("mortgage");
    let reply = call(bank, &owner, "POST", "/v2/loan-applications", mortgage).await;
    assert_eq!(reply.status, 422);
    assert!(
        applications(bank, &owner).await.results.is_empty(),
        "nothing kept"
    );
});

async fn signed_in_again(bank: &TestBank, who: &Customer) -> Customer {
    let tokens = bank::store::sessions::issue(&bank.db, &who.user_id, bank.db.now_ms())
        .await
        .unwrap();
    Customer {
        user_id: who.user_id.clone(),
        profile_id: who.profile_id.clone(),
        token: tokens.access,
    }
}

on_both_backends!(a_further_loan_waits_three_months, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    apply(bank, &owner, loan("5000", false)).await;
    let again = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications",
        loan("5000", false),
    )
    .await;
    assert_eq!(again.status, 409, "{}", again.body);
    let error = again.error();
    assert_eq!(error.code, "loan_too_soon");
    assert!(error.message.starts_with(TOO_SOON), "{}", error.message);
    let list = applications(bank, &owner).await;
    assert_eq!(list.results.len(), 1);
    let from = list.next_application_from.expect("when it may be made");
    // Two at once after the wait: one is taken.
    let first = time::Date::parse(
        &list.results[0].applied_on,
        &time::format_description::well_known::Iso8601::DATE,
    )
    .unwrap();
    let days = (time::Date::parse(&from, &time::format_description::well_known::Iso8601::DATE)
        .unwrap()
        - first)
        .whole_days();
    assert!((89..=92).contains(&days), "{days}");
    bank.db.clock.advance(std::time::Duration::from_secs(
        days as u64 * 86_400 - 3_600 * 26,
    ));
    // Months later: signed in afresh.
    let owner = signed_in_again(bank, &owner).await;
    let early = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications",
        loan("5000", false),
    )
    .await;
    assert_eq!(early.status, 409, "the day before: {}", early.body);
    bank.db
        .clock
        .advance(std::time::Duration::from_secs(3_600 * 26));
    let owner = signed_in_again(bank, &owner).await;
    let (a, b) = tokio::join!(
        call(
            bank,
            &owner,
            "POST",
            "/v2/loan-applications",
            loan("5000", false)
        ),
        call(
            bank,
            &owner,
            "POST",
            "/v2/loan-applications",
            loan("5000", false)
        )
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} {}", a.body, b.body);
    assert_eq!(applications(bank, &owner).await.results.len(), 2);
});

on_both_backends!(who_may_apply, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    // Without the loan right: no loans.
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
        "/v2/loan-applications/fetch",
        json!({"type": "business"}),
    )
    .await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    // Reading is not applying.
    let reader = colleague(
        bank,
        &owner.profile_id,
        "reader@example.com",
        Role::Custom,
        &["loan:r"],
    )
    .await;
    assert_eq!(applications(bank, &reader).await.results.len(), 0);
    let reply = call(
        bank,
        &reader,
        "POST",
        "/v2/loan-applications",
        loan("5000", false),
    )
    .await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    // The screen, rendered on the server, shows a reader no form to apply with; the owner one.
    for (who, form) in [(&reader, false), (&owner, true)] {
        let cookie = format!("__Host-access={}", who.token);
        let page = page_with_cookie(bank, "/loans", DESKTOP, &cookie).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("Business Loans"));
        assert_eq!(page.body.contains("name=\"monthlyTurnover\""), form);
    }
    // A personal profile, and a business whose primary account is in euro.
    let person = personal_customer(bank, "tom@example.com", "Tom Price").await;
    let reply = call(
        bank,
        &person,
        "POST",
        "/v2/loan-applications",
        loan("5000", false),
    )
    .await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let euro = customer(bank, "eva@example.com", "Euro Trading GmbH").await;
    open_account(bank, &euro.profile_id, Currency::Eur, true).await;
    open_account(bank, &euro.profile_id, Currency::Gbp, false).await;
    let reply = call(
        bank,
        &euro,
        "POST",
        "/v2/loan-applications",
        loan("5000", false),
    )
    .await;
    assert_eq!(reply.status, 403, "{}", reply.body);

    // Another business sees none of Olivia's applications, and its page link is hers alone.
    let applied = apply(bank, &owner, loan("5000", false)).await;
    let other = registered_business(bank, "sam@example.com", "Other Ltd").await;
    assert!(applications(bank, &other).await.results.is_empty());
    assert_eq!(applications(bank, &owner).await.results[0].id, applied.id);
});

on_both_backends!(a_forged_decision_changes_nothing, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let applied = apply(bank, &owner, loan("5000", false)).await;
    let before = balance(bank, &owner).await;
    let decision = Decision {
        provider_ref: format!("sbx-{}", applied.id),
        state: LoanState::Approved,
        offered_amount: None,
        paid_amount: Some(500_000),
        reason: None,
    };
    let forger = SandboxLender::new(
        secrecy::SecretString::from("a guess"),
        bank.db.clock.clone(),
    );
    let (body, (_, signature)) = forger.webhook(&decision);
    let reply = webhook(bank, body.clone(), &signature).await;
    assert_eq!(reply.status, 401, "{}", reply.body);
    let reply = webhook(bank, body, "").await;
    assert_eq!(reply.status, 401);
    // Signed, but from the wrong state (applied cannot become approved): nothing either.
    let (body, (_, signature)) = lender(bank).webhook(&decision);
    assert_eq!(webhook(bank, body, &signature).await.status, 200);
    assert_eq!(balance(bank, &owner).await, before);
    assert_eq!(
        applications(bank, &owner).await.results[0].status,
        LoanState::PreApproved
    );
    // A page link that was not signed by the lender opens nothing.
    let page = bank
        .send(
            Request::get("/sandbox/lender?token=forged.0000")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(page.status, 404);
    // Unknown to the bank.
    let stray = Decision {
        provider_ref: "sbx-nobody".into(),
        ..decision
    };
    let (body, (_, signature)) = lender(bank).webhook(&stray);
    assert_eq!(webhook(bank, body, &signature).await.status, 404);
});

on_both_backends!(no_lender_no_finance, |c| c.sandbox = false, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    for path in ["/v2/loan-applications/fetch", "/v2/loan-applications"] {
        let reply = call(bank, &owner, "POST", path, loan("5000", false)).await;
        assert_eq!(reply.status, 503, "{path}: {}", reply.body);
        assert_eq!(reply.error().code, "lending_unavailable");
    }
    let page = bank
        .send(
            Request::get("/sandbox/lender?token=x.y")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(page.status, 404);
    // The app hides the products: the session says none is offered.
    let session = call(bank, &owner, "GET", "/v2/session", json!({})).await;
    let session: bank::api::session_state::SessionState = session.read();
    assert!(!session.finance_offered && !session.acquiring_offered);
});

on_both_backends!(the_sandbox_offers_finance_and_card_acceptance, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let session = call(bank, &owner, "GET", "/v2/session", json!({})).await;
    let session: bank::api::session_state::SessionState = session.read();
    assert!(session.finance_offered && session.mortgage_offered && session.acquiring_offered);
});

on_both_backends!(an_application_the_lender_never_got_blocks_nothing, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    // Kept, then the process stopped before the lender had it (no reference), long ago.
    let long_ago = bank.db.now_ms() - 11 * 60 * 1000;
    let mut tx = bank.db.begin_write().await.unwrap();
    bank::store::loan_applications::insert(
        &mut tx,
        &bank::store::loan_applications::NewApplication {
            id: "stranded",
            profile_id: &owner.profile_id,
            product: bank::domain::lending::application::Product::Business,
            provider: "sandbox",
            amount: 500_000,
            term_months: 12,
            form: &json!({"purpose": "Equipment"}),
            shared: None,
            applied_by: &owner.user_id,
            applied_day: &bank::domain::london::day_of(long_ago),
            at: long_ago,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let list = applications(bank, &owner).await;
    assert!(list.results.is_empty(), "not shown");
    assert_eq!(list.next_application_from, None, "and no wait");
    let applied = apply(bank, &owner, loan("5000", false)).await;
    assert_ne!(applied.id, "stranded");
    assert!(bank::store::loan_applications::find(&bank.db, "stranded")
        .await
        .unwrap()
        .is_none());
});
