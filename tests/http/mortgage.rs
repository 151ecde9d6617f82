//! Issue 30, the mortgage: its steps saved part by part (SPEC §3 Mortgage basic, Business and
//! Property finances; §5 directors and shareholders need a name and a share count; §9 up to 10
//! and 30), prefilled from the business, and submitted only with both finances (SPEC §4 EMPTY,
//! ONLY_ONE), then followed as a loan application of type mortgage.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::lending::loans::LoanApplicationView;
use bank::api::lending::mortgage::MortgageView;
use bank::domain::lending::application::LoanState;
use bank::domain::profiles::access::Role;

fn basic() -> Value {
    json!({
        "nationalStatus": "UK National",
        "periodAsDirector": "More than 3 years",
        "directors": [{"name": "Olivia Bennett", "numberOfShares": 600}],
        "shareholders": [{"name": "Sam Hale", "numberOfShares": 400}],
        "name": "Olivia Bennett",
        "companyName": "Bennett & Hale Trading Ltd",
        "companyNumber": "09876543",
    })
}

fn business() -> Value {
    json!({
        "reason": "A warehouse of our own",
        "borrowAmount": "250000",
        "operationPeriod": "More than 3 years",
        "pastThreeYearsNetProfit": "180000",
        "hasOtherAccounts": false,
        "otherAccounts": [],
        "industry": "manufacturing",
    })
}

fn property() -> Value {
    json!({
        "occupancyIntent": "Occupy the property",
        "cost": "400000",
        "rentalIncome": "",
        "borrowAmount": "300000",
        "description": "Two-storey warehouse with a yard",
        "address": "Unit 4, Riverside, Leeds LS1 4AP",
        "operationPeriod": "More than 3 years",
        "pastThreeYearsNetProfit": "180000",
        "hasOtherAccounts": true,
        "otherAccounts": [{"account": "Barclays 20-00-00 12345678"}],
    })
}

async fn put(bank: &TestBank, who: &Customer, part: &str, body: Value) -> Reply {
    call(bank, who, "PUT", &format!("/v2/mortgage/{part}"), body).await
}

async fn submit(bank: &TestBank, who: &Customer) -> Reply {
    call(
        bank,
        who,
        "POST",
        "/v2/loan-applications",
        json!({"type": "mortgage", "shareData": true}),
    )
    .await
}

on_both_backends!(a_mortgage_saved_part_by_part_then_submitted, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let start = call(bank, &owner, "POST", "/v2/mortgage/fetch", json!({})).await;
    assert_eq!(start.status, 200, "{}", start.body);
    let start: MortgageView = start.read();
    assert!(start.basic.is_none() && start.application.is_none());
    assert_eq!(start.prefill.company_name, "Bennett & Hale Trading Ltd");
    assert_eq!(start.prefill.company_number, "09876543");
    assert_eq!(start.prefill.name, "Anna Smith");

    // Nothing saved: no basic details yet; then EMPTY, then ONLY_ONE.
    assert_eq!(submit(bank, &owner).await.error().code, "basic_missing");
    let saved = put(bank, &owner, "basic", basic()).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let empty = submit(bank, &owner).await;
    assert_eq!(empty.status, 422);
    assert_eq!(empty.error().code, "EMPTY");
    assert_eq!(
        put(bank, &owner, "business-finances", business())
            .await
            .status,
        200
    );
    let only_one = submit(bank, &owner).await;
    assert_eq!(only_one.error().code, "ONLY_ONE");
    assert!(
        only_one.error().message.contains("both"),
        "{}",
        only_one.body
    );

    let saved = put(bank, &owner, "property-finances", property()).await;
    let view: MortgageView = saved.read();
    assert!(view.business_finances.is_some() && view.property_finances.is_some());
    let submitted = submit(bank, &owner).await;
    assert_eq!(submitted.status, 200, "{}", submitted.body);
    let application: LoanApplicationView = submitted.read();
    assert_eq!(application.amount, 300_000.0);
    assert_eq!(application.purpose, "Commercial mortgage");
    assert_eq!(application.status, LoanState::PreApproved);
    assert!(application.redirect_uri.is_some());

    let after: MortgageView = call(bank, &owner, "POST", "/v2/mortgage/fetch", json!({}))
        .await
        .read();
    assert!(
        after.basic.is_none(),
        "the draft is cleared once the lender has it"
    );
    assert_eq!(after.application.unwrap().id, application.id);
    assert!(after.next_application_from.is_some());
    // A business loan is another product: its own three months.
    let loans = call(
        bank,
        &owner,
        "POST",
        "/v2/loan-applications/fetch",
        json!({"type": "business"}),
    )
    .await;
    assert_eq!(loans.json()["results"], json!([]));
});

on_both_backends!(every_check_of_the_mortgage_steps, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let mut b = basic();
    b["directors"] = json!([{"name": "", "numberOfShares": null}]);
    b["shareholders"] = json!((0..31)
        .map(|i| json!({"name": format!("S{i}"), "numberOfShares": 1}))
        .collect::<Vec<_>>());
    let reply = put(bank, &owner, "basic", b).await;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.field_error("directors.0.name"), "Field is required");
    assert_eq!(
        reply.field_error("directors.0.numberOfShares"),
        "Field is required"
    );
    assert_eq!(reply.field_error("shareholders"), "Up to 30 shareholders");
    let mut b = basic();
    b["directors"] = json!((0..11)
        .map(|i| json!({"name": format!("D{i}"), "numberOfShares": 1}))
        .collect::<Vec<_>>());
    assert_eq!(
        put(bank, &owner, "basic", b).await.field_error("directors"),
        "Up to 10 directors"
    );
    let mut f = business();
    f["industry"] = json!("");
    f["hasOtherAccounts"] = json!(true);
    let reply = put(bank, &owner, "business-finances", f).await;
    assert_eq!(reply.field_error("industry"), "Select industry type");
    assert_eq!(reply.field_error("otherAccounts"), "Field is required");
    let mut p = property();
    p["borrowAmount"] = json!("500000");
    p["occupancyIntent"] = json!("Buy as an investment");
    let reply = put(bank, &owner, "property-finances", p).await;
    assert_eq!(
        reply.field_error("borrowAmount"),
        "You can borrow up to the property's cost"
    );
    assert_eq!(reply.field_error("rentalIncome"), "Field is required");
    let view: MortgageView = call(bank, &owner, "POST", "/v2/mortgage/fetch", json!({}))
        .await
        .read();
    assert!(
        view.basic.is_none()
            && view.business_finances.is_none()
            && view.property_finances.is_none()
    );
});

on_both_backends!(a_mortgage_needs_the_loan_right, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let accountant = colleague(
        bank,
        &owner.profile_id,
        "accountant@example.com",
        Role::Accountant,
        &["transaction:r", "invoice:rw"],
    )
    .await;
    assert_eq!(
        call(bank, &accountant, "POST", "/v2/mortgage/fetch", json!({}))
            .await
            .status,
        403
    );
    assert_eq!(put(bank, &accountant, "basic", basic()).await.status, 403);
    assert_eq!(submit(bank, &accountant).await.status, 403);
    let person = personal_customer(bank, "tom@example.com", "Tom Price").await;
    assert_eq!(put(bank, &person, "basic", basic()).await.status, 403);
    // Each business's draft is its own.
    assert_eq!(put(bank, &owner, "basic", basic()).await.status, 200);
    let other = registered_business(bank, "sam@example.com", "Other Ltd").await;
    let view: MortgageView = call(bank, &other, "POST", "/v2/mortgage/fetch", json!({}))
        .await
        .read();
    assert!(view.basic.is_none());
});

on_both_backends!(finance_calls_are_rate_limited, |bank| {
    let owner = registered_business(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    for _ in 0..30 {
        assert_eq!(put(bank, &owner, "basic", basic()).await.status, 200);
    }
    let limited = put(bank, &owner, "basic", basic()).await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    // Applying counts against the same limit, and is refused before reaching the lender.
    assert_eq!(submit(bank, &owner).await.status, 429);
});
