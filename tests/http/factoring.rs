//! Issue 30, factoring: the invoices a business may offer (sent, in pounds, unpaid, due at
//! least 7 days ahead, not financed already), an application for them followed as a loan
//! (SPEC §4), the advance paid into the GBP account through the ledger, and the invoices of a
//! rejected application free to offer again.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::invoices::{draft, gbp_account, partner};
use crate::on_both_backends;
use bank::api::invoices::drafts::InvoiceView;
use bank::api::lending::factoring::FactoringInvoices;
use bank::api::lending::loans::LoanApplicationView;
use bank::domain::lending::application::LoanState;
use bank::domain::profiles::access::Role;

/// A sent invoice of the business's, due `days` from today.
async fn sent_invoice(bank: &TestBank, who: &Customer, number: &str, days: i64) -> String {
    let today = bank::domain::london::today(bank.db.now_ms());
    let client = partner(bank, who, &format!("Client of {number}")).await;
    let mut body = draft(number, &gbp_account(bank, who).await, &client);
    body["issueDate"] = json!(today.to_string());
    body["dueDate"] = json!((today + time::Duration::days(days)).to_string());
    let saved = call(bank, who, "PUT", "/v2/invoices", body).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let id = saved.read::<InvoiceView>().id;
    let sent = call(
        bank,
        who,
        "POST",
        "/v2/invoices/send",
        json!({"id": id, "emailEntries": [{"email": "accounts@acme.example", "enabled": true}]}),
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    id
}

async fn offerable(bank: &TestBank, who: &Customer) -> FactoringInvoices {
    let reply = call(bank, who, "POST", "/v2/factoring/invoices/fetch", json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

fn factoring(ids: &[&str]) -> Value {
    json!({"type": "factoring", "invoiceIds": ids, "shareData": false})
}

async fn choose(bank: &TestBank, redirect: &str, decision: &str) {
    let token = redirect.split_once("token=").unwrap().1;
    let reply = form_post(
        bank,
        "/sandbox/lender",
        "",
        &[("token", token), ("decision", decision)],
    )
    .await;
    assert_eq!(reply.status, 303, "{}", reply.body);
    assert_eq!(reply.header("location"), "/factoring");
}

on_both_backends!(invoices_financed_and_the_advance_paid_in, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let later = sent_invoice(bank, &owner, "INV-0001", 30).await;
    let soon = sent_invoice(bank, &owner, "INV-0002", 3).await;
    let week = sent_invoice(bank, &owner, "INV-0003", 7).await;
    // A draft is not offered.
    let client = partner(bank, &owner, "Drafty Ltd").await;
    let unsent = call(
        bank,
        &owner,
        "PUT",
        "/v2/invoices",
        draft("INV-0004", &gbp_account(bank, &owner).await, &client),
    )
    .await;
    let unsent = unsent.read::<InvoiceView>().id;

    let open = offerable(bank, &owner).await;
    let ids: Vec<&str> = open.results.iter().map(|i| i.id.as_str()).collect();
    assert_eq!(
        ids,
        [week.as_str(), later.as_str()],
        "due a week ahead or later, soonest first"
    );
    assert_eq!(open.advance_percent, 90);
    let outstanding: f64 = open.results.iter().map(|i| i.outstanding).sum();

    for refused in [vec![soon.as_str()], vec![unsent.as_str()], vec![]] {
        let reply = call(
            bank,
            &owner,
            "POST",
            "/v2/loan-applications",
            factoring(&refused),
        )
        .await;
        assert_eq!(reply.status, 422, "{}", reply.body);
        assert_eq!(
            reply.field_error("invoiceIds"),
            "Choose unpaid invoices due at least 7 days from today"
        );
    }

    let applied = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications",
        factoring(&[&later, &week]),
    )
    .await;
    assert_eq!(applied.status, 200, "{}", applied.body);
    let applied: LoanApplicationView = applied.read();
    assert_eq!(applied.amount, outstanding);
    assert_eq!(
        applied.invoices,
        ["INV-0003", "INV-0001"],
        "soonest due first"
    );
    assert_eq!(applied.purpose, "Invoice finance");
    assert!(
        offerable(bank, &owner).await.results.is_empty(),
        "each invoice financed once"
    );
    // Factoring is not held to the loans' three months.
    let again = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications",
        factoring(&[&later]),
    )
    .await;
    assert_eq!(again.status, 422, "financed already: {}", again.body);

    let account = bank::services::accounts::of_profile(&bank.db, &owner.profile_id)
        .await
        .unwrap()
        .into_iter()
        .find(|a| a.is_primary)
        .unwrap();
    let booked = |account: bank::store::bank_accounts::BankAccount| async move {
        let mut conn = bank.db.pool.acquire().await.unwrap();
        bank::store::ledger::balance(&mut conn, &account.ledger_account_id)
            .await
            .unwrap()
            .booked
    };
    let before = booked(account.clone()).await;
    let redirect = applied.redirect_uri.unwrap();
    choose(bank, &redirect, "offer").await;
    choose(bank, &redirect, "pay").await;
    let list = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications/fetch",
        json!({"type": "factoring"}),
    )
    .await;
    let now = &list
        .read::<bank::api::lending::loans::LoanApplications>()
        .results[0];
    assert_eq!(now.status, LoanState::Approved);
    let advance = (outstanding * 100.0).round() as i64 * 9 / 10;
    assert_eq!(now.paid_amount, Some(advance as f64 / 100.0));
    assert_eq!(
        booked(account).await - before,
        advance,
        "the advance, paid in once"
    );
    ledger_is_sound(bank).await;
});

on_both_backends!(a_declined_factoring_frees_its_invoices, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let invoice = sent_invoice(bank, &owner, "INV-0001", 20).await;
    let applied: LoanApplicationView = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications",
        factoring(&[&invoice]),
    )
    .await
    .read();
    assert!(offerable(bank, &owner).await.results.is_empty());
    choose(bank, &applied.redirect_uri.unwrap(), "decline").await;
    assert_eq!(offerable(bank, &owner).await.results.len(), 1);
});

on_both_backends!(factoring_needs_its_right_and_a_uk_business, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let invoice = sent_invoice(bank, &owner, "INV-0001", 20).await;
    let accountant = colleague(
        bank,
        &owner.profile_id,
        "accountant@example.com",
        Role::Accountant,
        &["transaction:r", "invoice:rw"],
    )
    .await;
    assert_eq!(
        call(
            bank,
            &accountant,
            "POST",
            "/v2/factoring/invoices/fetch",
            json!({})
        )
        .await
        .status,
        403
    );
    assert_eq!(
        call(
            bank,
            &accountant,
            "POST",
            "/v2/loan-applications",
            factoring(&[&invoice])
        )
        .await
        .status,
        403
    );
    // Another business cannot offer Olivia's invoice.
    let other = registered_business(bank, "sam@example.com", "Other Ltd").await;
    let reply = call(
        bank,
        &other,
        "POST",
        "/v2/loan-applications",
        factoring(&[&invoice]),
    )
    .await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert!(offerable(bank, &other).await.results.is_empty());
    assert_eq!(offerable(bank, &owner).await.results.len(), 1);
});
