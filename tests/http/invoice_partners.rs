//! Issue 29 point 1: a business's contractors and clients (SPEC §7 partners): created, listed,
//! taken, edited and deleted; each SPEC §5 rule with its message; a unique name per profile
//! (SPEC §8 partner_name_already_exists), also when two saves race; `invoice:r` reads and
//! cannot write; a personal profile has no invoicing; another profile's partner is not found.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::invoices::partners::{PartnerPage, PartnerView};
use bank::domain::profiles::access::{ProfileType, Role};

fn acme(name: &str) -> Value {
    json!({
        "name": name,
        "type": "company",
        "registrationNumber": "09876543",
        "currency": "GBP",
        "email": "accounts@acme.example",
        "vatNumber": "GB 123 4567 89",
        "country": "GB",
        "address1": "1 Market Street",
        "city": "Leeds",
        "postcode": "LS1 6DT",
    })
}

async fn put(bank: &TestBank, who: &Customer, body: Value) -> Reply {
    call(bank, who, "PUT", "/v2/invoices/partners", body).await
}

async fn list(bank: &TestBank, who: &Customer) -> PartnerPage {
    let page = call(bank, who, "POST", "/v2/invoices/partners/fetch", json!({})).await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.read()
}

on_both_backends!(a_business_keeps_its_contractors_and_clients, |bank| {
    let owner = business_owner(bank).await;
    let added = put(bank, &owner, acme("Acme Supplies Ltd")).await;
    assert_eq!(added.status, 200, "{}", added.body);
    let acme_view: PartnerView = added.read();
    assert_eq!(acme_view.vat_number.as_deref(), Some("GB123456789"));
    let mut jane = acme("Jane Doe");
    jane["type"] = json!("private");
    jane["registrationNumber"] = json!("");
    jane["vatNumber"] = json!("");
    assert_eq!(put(bank, &owner, jane).await.status, 200);

    let page = list(bank, &owner).await;
    assert_eq!(page.total_results, 2);
    let names: Vec<_> = page.results.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Acme Supplies Ltd", "Jane Doe"]);
    let found = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/partners/fetch",
        json!({"search": "jane"}),
    )
    .await
    .read::<PartnerPage>();
    assert_eq!(found.total_results, 1);

    let mut changed = acme("Acme Supplies Ltd");
    changed["id"] = json!(acme_view.id);
    changed["city"] = json!("York");
    let edited: PartnerView = put(bank, &owner, changed).await.read();
    assert_eq!(
        (edited.id.as_str(), edited.city.as_str()),
        (acme_view.id.as_str(), "York")
    );
    let taken = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/partners/take",
        json!({"id": acme_view.id}),
    )
    .await;
    assert_eq!(taken.read::<PartnerView>().city, "York");

    let gone = call(
        bank,
        &owner,
        "DELETE",
        "/v2/invoices/partners",
        json!({"id": acme_view.id}),
    )
    .await;
    assert_eq!(gone.status, 200, "{}", gone.body);
    assert_eq!(list(bank, &owner).await.total_results, 1);
    let again = call(
        bank,
        &owner,
        "DELETE",
        "/v2/invoices/partners",
        json!({"id": acme_view.id}),
    )
    .await;
    assert_eq!(again.status, 404);
});

on_both_backends!(each_rule_answers_its_message_and_changes_nothing, |bank| {
    let owner = business_owner(bank).await;
    let refused = put(
        bank,
        &owner,
        json!({
            "name": " ",
            "registrationNumber": "AB!",
            "email": "not-an-email",
            "vatNumber": "DE123",
            "country": "GB",
        }),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.field_error("name"), "Field is required");
    assert_eq!(refused.field_error("type"), "Field is required");
    assert_eq!(refused.field_error("currency"), "Field is required");
    assert_eq!(
        refused.field_error("registrationNumber"),
        "Invalid registration number"
    );
    assert_eq!(refused.field_error("email"), "Email is invalid");
    assert_eq!(refused.field_error("vatNumber"), "VAT number not valid");
    assert_eq!(refused.field_error("address1"), "Field is required");
    assert_eq!(list(bank, &owner).await.total_results, 0);

    // SPEC §8: a name in use, whatever its case, is refused with its code and message.
    assert_eq!(
        put(bank, &owner, acme("Acme Supplies Ltd")).await.status,
        200
    );
    let twice = put(bank, &owner, acme("ACME  supplies ltd")).await;
    assert_eq!(twice.status, 409);
    assert_eq!(twice.error().code, "partner_name_already_exists");
    assert_eq!(
        twice.error().message,
        "Current contractor/client name already in use"
    );
    assert_eq!(list(bank, &owner).await.total_results, 1);
});

on_both_backends!(two_saves_of_one_name_keep_one_partner, |bank| {
    let owner = business_owner(bank).await;
    let saves = (0..6).map(|_| put(bank, &owner, acme("Racing Ltd")));
    let answers = futures_util::future::join_all(saves).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status.as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 409),
        "{statuses:?}"
    );
    assert_eq!(list(bank, &owner).await.total_results, 1);
});

on_both_backends!(invoicing_is_for_a_business_with_the_invoice_right, |bank| {
    let owner = business_owner(bank).await;
    let acme_id = put(bank, &owner, acme("Acme Supplies Ltd"))
        .await
        .read::<PartnerView>()
        .id;
    // invoice:r reads but cannot write.
    let reader = colleague(
        bank,
        &owner.profile_id,
        "reader@example.com",
        Role::Custom,
        &["invoice:r"],
    )
    .await;
    assert_eq!(list(bank, &reader).await.total_results, 1);
    assert_eq!(put(bank, &reader, acme("Other Ltd")).await.status, 403);
    let delete = call(
        bank,
        &reader,
        "DELETE",
        "/v2/invoices/partners",
        json!({"id": acme_id}),
    )
    .await;
    assert_eq!(delete.status, 403);
    // No invoice right: not even reading.
    let payer = colleague(
        bank,
        &owner.profile_id,
        "payer@example.com",
        Role::Custom,
        &["transaction:rw"],
    )
    .await;
    let none = call(
        bank,
        &payer,
        "POST",
        "/v2/invoices/partners/fetch",
        json!({}),
    )
    .await;
    assert_eq!(none.status, 403);

    // A personal profile has no invoicing, its owner's rights notwithstanding.
    let personal = bank::store::profiles::create(&bank.db, ProfileType::Personal, "Tom Fischer")
        .await
        .unwrap();
    let tom = colleague(bank, &personal, "tom@example.com", Role::Admin, &[]).await;
    assert_eq!(put(bank, &tom, acme("Acme Supplies Ltd")).await.status, 403);

    // Another business's partner is not found, to read, change or delete.
    let other = customer(bank, "other@example.com", "Other Trading Ltd").await;
    let take = call(
        bank,
        &other,
        "POST",
        "/v2/invoices/partners/take",
        json!({"id": acme_id}),
    )
    .await;
    assert_eq!(take.status, 404);
    let mut stolen = acme("Mine Now Ltd");
    stolen["id"] = json!(acme_id);
    assert_eq!(put(bank, &other, stolen).await.status, 404);
    let delete = call(
        bank,
        &other,
        "DELETE",
        "/v2/invoices/partners",
        json!({"id": acme_id}),
    )
    .await;
    assert_eq!(delete.status, 404);
    assert_eq!(
        list(bank, &owner).await.results[0].name,
        "Acme Supplies Ltd"
    );
});
