//! Issue 29 point 2: invoices as drafts (SPEC §7 Invoices): the next number of a gap-free
//! series (a deleted draft's number comes back, a sent invoice's never), its check, drafts
//! kept and changed with their figures as exact decimals, every SPEC §5 check with its
//! message, the list with paging and filters, rights, and another profile's invoice not found.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::invoices::drafts::{InvoicePage, InvoiceView, NextNumber};
use bank::api::invoices::partners::PartnerView;
use bank::domain::profiles::access::{ProfileType, Role};

pub(crate) async fn partner(bank: &TestBank, who: &Customer, name: &str) -> String {
    let added = call(
        bank,
        who,
        "PUT",
        "/v2/invoices/partners",
        json!({
            "name": name, "type": "company", "currency": "GBP", "email": "accounts@acme.example",
            "country": "GB", "address1": "1 Market Street", "city": "Leeds",
        }),
    )
    .await;
    assert_eq!(added.status, 200, "{}", added.body);
    added.read::<PartnerView>().id
}

pub(crate) async fn gbp_account(bank: &TestBank, who: &Customer) -> String {
    bank::services::accounts::of_profile(&bank.db, &who.profile_id)
        .await
        .unwrap()
        .into_iter()
        .find(|a| a.currency == bank::domain::accounts::money::Currency::Gbp)
        .expect("a GBP account")
        .id
        .to_string()
}

pub(crate) fn draft(number: &str, account: &str, partner: &str) -> Value {
    json!({
        "number": number,
        "issueDate": "2026-11-26",
        "bankAccountId": account,
        "partnerId": partner,
        "isDiscountApplied": true,
        "discountType": "percent",
        "discount": "10",
        "isVatApplied": true,
        "vatAmount": "20",
        "items": [
            {"description": "Design work", "periodFrom": "2026-11-01", "periodTo": "2026-11-15",
             "quantityHours": "7.5", "price": "85"},
            {"description": "Hosting", "quantityHours": "1", "price": "1200.00"},
        ],
    })
}

async fn put(bank: &TestBank, who: &Customer, body: Value) -> Reply {
    call(bank, who, "PUT", "/v2/invoices", body).await
}

async fn next(bank: &TestBank, who: &Customer) -> String {
    let reply = send_json(
        bank,
        "GET",
        "/v2/invoices/number",
        Value::Null,
        &[("authorization", &who.bearer())],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read::<NextNumber>().number
}

async fn list(bank: &TestBank, who: &Customer, filters: Value) -> InvoicePage {
    let reply = call(
        bank,
        who,
        "POST",
        "/v2/invoices/fetch",
        json!({"filters": filters}),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

on_both_backends!(a_draft_is_numbered_kept_and_changed, |bank| {
    let owner = business_owner(bank).await;
    let acme = partner(bank, &owner, "Acme Supplies Ltd").await;
    let account = gbp_account(bank, &owner).await;
    assert_eq!(next(bank, &owner).await, "INV-0001");
    let saved = put(bank, &owner, draft("INV-0001", &account, &acme)).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let invoice: InvoiceView = saved.read();
    assert_eq!(
        invoice.due_date, "2026-12-02",
        "SPEC §9: issue date + 6 days"
    );
    assert_eq!(invoice.items[0].net.as_deref(), Some("637.50"));
    let t = &invoice.totals;
    assert_eq!(
        (
            t.subtotal.as_str(),
            t.discount.as_str(),
            t.vat.as_str(),
            t.total.as_str()
        ),
        ("1837.50", "183.75", "330.75", "1984.50")
    );
    assert_eq!(invoice.partner.as_ref().unwrap().name, "Acme Supplies Ltd");
    assert_eq!(next(bank, &owner).await, "INV-0002");

    // SPEC §5 number exists: as its own check and on saving.
    let check = |number: &str, id: Option<&str>| {
        call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/number/validate",
            json!({"number": number, "id": id}),
        )
    };
    let taken = check("INV-0001", None).await;
    assert_eq!(taken.status, 422);
    assert_eq!(
        taken.field_error("number"),
        "An invoice with this number already exists"
    );
    assert_eq!(check("INV-0001", Some(&invoice.id)).await.status, 200);
    assert_eq!(check("2026/7", None).await.status, 200);
    let twice = put(bank, &owner, draft("INV-0001", &account, &acme)).await;
    assert_eq!(
        twice.field_error("number"),
        "An invoice with this number already exists"
    );

    let mut changed = draft("INV-0001", &account, &acme);
    changed["id"] = json!(invoice.id);
    changed["isDiscountApplied"] = json!(false);
    changed["items"][1]["price"] = json!("1,000");
    let edited: InvoiceView = put(bank, &owner, changed).await.read();
    assert_eq!(edited.id, invoice.id);
    assert_eq!(edited.totals.total, "1965.00");
    let taken = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/take",
        json!({"id": invoice.id}),
    )
    .await
    .read::<InvoiceView>();
    assert_eq!(taken.totals.total, "1965.00");
    assert_eq!(list(bank, &owner, json!({})).await.total_results, 1);
});

on_both_backends!(spec_invoice_checks_answer_their_messages, |bank| {
    let owner = business_owner(bank).await;
    let acme = partner(bank, &owner, "Acme Supplies Ltd").await;
    let account = gbp_account(bank, &owner).await;
    let empty = put(bank, &owner, json!({})).await;
    assert_eq!(empty.status, 422);
    assert_eq!(empty.field_error("number"), "Field is required");
    assert_eq!(empty.field_error("bankAccountId"), "Field is required");
    assert_eq!(empty.field_error("items"), "Add at least one item");

    let mut fixed = draft("INV-0001", &account, &acme);
    fixed["discountType"] = json!("fixed-amount");
    fixed["discount"] = json!("5000");
    assert_eq!(
        put(bank, &owner, fixed).await.field_error("discount"),
        "Discount is bigger than items totals"
    );
    let mut over = draft("INV-0001", &account, &acme);
    over["discount"] = json!("101");
    assert_eq!(
        put(bank, &owner, over).await.field_error("discount"),
        "The discount can be at most 100%"
    );
    let mut blank = draft("INV-0001", &account, &acme);
    blank["discount"] = json!("");
    blank["vatAmount"] = json!("");
    let reply = put(bank, &owner, blank).await;
    assert_eq!(reply.field_error("discount"), "Field is required");
    assert_eq!(reply.field_error("vatAmount"), "Field is required");
    let mut zero = draft("INV-0001", &account, &acme);
    zero["items"] = json!([{"description": "Nothing", "quantityHours": "0", "price": "10"}]);
    assert_eq!(
        put(bank, &owner, zero).await.field_error("items"),
        "The items' total must be above zero"
    );
    // Another profile's account or partner is not this invoice's to use.
    let other = business_owner_named(bank, "nina@example.com", "Other Trading Ltd").await;
    let their_account = gbp_account(bank, &other).await;
    let their_partner = partner(bank, &other, "Their Client Ltd").await;
    assert_eq!(
        put(bank, &owner, draft("INV-0001", &their_account, &acme))
            .await
            .field_error("bankAccountId"),
        "Choose one of your open accounts"
    );
    assert_eq!(
        put(bank, &owner, draft("INV-0001", &account, &their_partner))
            .await
            .field_error("partnerId"),
        "Choose one of your contractors/clients"
    );
    assert_eq!(list(bank, &owner, json!({})).await.total_results, 0);
});

on_both_backends!(
    the_series_has_no_gap_and_sent_numbers_never_return,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = partner(bank, &owner, "Acme Supplies Ltd").await;
        let account = gbp_account(bank, &owner).await;
        // Ten creations at once, each taking the next number and trying again when another got it.
        let create = || async {
            loop {
                let number = next(bank, &owner).await;
                let reply = put(bank, &owner, draft(&number, &account, &acme)).await;
                match reply.status.as_u16() {
                    200 => return reply.read::<InvoiceView>(),
                    422 => assert_eq!(
                        reply.field_error("number"),
                        "An invoice with this number already exists"
                    ),
                    other => panic!("{other}: {}", reply.body),
                }
            }
        };
        let made = futures_util::future::join_all((0..10).map(|_| create())).await;
        let mut numbers: Vec<String> = made.iter().map(|i| i.number.clone()).collect();
        numbers.sort();
        let expected: Vec<String> = (1..=10).map(|n| format!("INV-{n:04}")).collect();
        assert_eq!(numbers, expected);

        // A deleted draft's number comes back; a sent invoice's never.
        let third = made.iter().find(|i| i.number == "INV-0003").unwrap();
        let gone = call(
            bank,
            &owner,
            "DELETE",
            "/v2/invoices",
            json!({"id": third.id}),
        )
        .await;
        assert_eq!(gone.status, 200, "{}", gone.body);
        assert_eq!(next(bank, &owner).await, "INV-0003");
        let fifth = made.iter().find(|i| i.number == "INV-0005").unwrap();
        let sent = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/send",
            json!({"id": fifth.id, "emailEntries": [{"email": "accounts@acme.example", "enabled": true}]}),
        )
        .await;
        assert_eq!(sent.status, 200, "{}", sent.body);
        let kept = call(
            bank,
            &owner,
            "DELETE",
            "/v2/invoices",
            json!({"id": fifth.id}),
        )
        .await;
        assert_eq!(kept.status, 409);
        assert_eq!(kept.error().code, "invoice_sent");
        let mut change = draft("INV-0005", &account, &acme);
        change["id"] = json!(fifth.id);
        assert_eq!(put(bank, &owner, change).await.status, 409);
        assert_eq!(
            list(bank, &owner, json!({"status": "sent"}))
                .await
                .total_results,
            1
        );
        assert_eq!(
            list(bank, &owner, json!({"status": "draft"}))
                .await
                .total_results,
            8
        );
        // Invoices keep the partner they bill.
        let billed = call(
            bank,
            &owner,
            "DELETE",
            "/v2/invoices/partners",
            json!({"id": acme}),
        )
        .await;
        assert_eq!(billed.status, 409);
        assert_eq!(billed.error().code, "partner_has_invoices");
    }
);

on_both_backends!(the_list_pages_and_filters, |bank| {
    let owner = business_owner(bank).await;
    let acme = partner(bank, &owner, "Acme Supplies Ltd").await;
    let jane = partner(bank, &owner, "Jane Doe").await;
    let account = gbp_account(bank, &owner).await;
    for (n, (who, day)) in [
        (&acme, "2026-10-01"),
        (&jane, "2026-11-01"),
        (&acme, "2026-11-20"),
    ]
    .into_iter()
    .enumerate()
    {
        let mut body = draft(&format!("INV-{:04}", n + 1), &account, who);
        body["issueDate"] = json!(day);
        assert_eq!(put(bank, &owner, body).await.status, 200);
    }
    let all = list(bank, &owner, json!({})).await;
    assert_eq!(all.total_results, 3);
    assert_eq!(all.results[0].number, "INV-0003", "newest issued first");
    assert_eq!(
        list(bank, &owner, json!({"partnerId": acme}))
            .await
            .total_results,
        2
    );
    let november = list(
        bank,
        &owner,
        json!({"from": "01.11.2026", "to": "2026-11-30"}),
    )
    .await;
    assert_eq!(november.total_results, 2);
    let paged = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/fetch",
        json!({"page": 2, "limit": 2}),
    )
    .await
    .read::<InvoicePage>();
    assert_eq!((paged.total_pages, paged.results.len()), (2, 1));
    let bad = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/fetch",
        json!({"filters": {"from": "yesterday"}}),
    )
    .await;
    assert_eq!(bad.field_error("from"), "Enter a date as dd.MM.yyyy");
});

on_both_backends!(
    invoices_follow_the_invoice_right_and_stay_with_their_profile,
    |bank| {
        let owner = business_owner(bank).await;
        let acme = partner(bank, &owner, "Acme Supplies Ltd").await;
        let account = gbp_account(bank, &owner).await;
        let id = put(bank, &owner, draft("INV-0001", &account, &acme))
            .await
            .read::<InvoiceView>()
            .id;
        let reader = colleague(
            bank,
            &owner.profile_id,
            "reader@example.com",
            Role::Custom,
            &["invoice:r"],
        )
        .await;
        assert_eq!(list(bank, &reader, json!({})).await.total_results, 1);
        assert_eq!(
            put(bank, &reader, draft("INV-0002", &account, &acme))
                .await
                .status,
            403
        );
        let delete = call(bank, &reader, "DELETE", "/v2/invoices", json!({"id": id})).await;
        assert_eq!(delete.status, 403);

        let personal =
            bank::store::profiles::create(&bank.db, ProfileType::Personal, "Tom Fischer")
                .await
                .unwrap();
        let tom = colleague(bank, &personal, "tom@example.com", Role::Admin, &[]).await;
        let none = call(bank, &tom, "POST", "/v2/invoices/fetch", json!({})).await;
        assert_eq!(none.status, 403);

        let other = customer(bank, "other@example.com", "Other Trading Ltd").await;
        let take = call(bank, &other, "POST", "/v2/invoices/take", json!({"id": id})).await;
        assert_eq!(take.status, 404);
        let delete = call(bank, &other, "DELETE", "/v2/invoices", json!({"id": id})).await;
        assert_eq!(delete.status, 404);
        assert_eq!(list(bank, &owner, json!({})).await.total_results, 1);
    }
);
