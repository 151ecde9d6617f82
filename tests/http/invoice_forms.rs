//! Issue 29 point 7: the invoice form before the page hydrates. It posts to its own page, which
//! keeps the draft through the API's own call: "Add item" answers the form again with one more
//! row, a refusal answers it with what was typed and the first failing field in the server's
//! words, and a kept draft redirects to its page. The pages are guarded as the calls are.

use axum::body::Body;
use axum::http::{header, Request};

use crate::helpers::*;
use crate::invoices::{gbp_account, partner};
use crate::on_both_backends;
use bank::domain::profiles::access::Role;

async fn page(bank: &TestBank, path: &str, who: &Customer) -> Reply {
    bank.send(
        Request::get(path)
            .header(header::USER_AGENT, DESKTOP)
            .header(header::AUTHORIZATION, who.bearer())
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

on_both_backends!(the_invoice_form_keeps_a_draft_before_hydration, |bank| {
    let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
    let acme = partner(bank, &owner, "Acme Trading").await;
    let account = gbp_account(bank, &owner).await;
    let auth = owner.bearer();
    let base = [
        ("number", "INV-0001"),
        ("issueDate", "2026-11-26"),
        ("bankAccountId", account.as_str()),
        ("partnerId", acme.as_str()),
        ("isVatApplied", "true"),
        ("vatAmount", "20"),
        ("items.0.description", "Shelving"),
        ("items.0.quantityHours", "2"),
    ];

    // Add item: the form again, one more row, nothing kept.
    let more = form_post(
        bank,
        "/invoice/new",
        &auth,
        &[&base[..], &[("addItem", "1")]].concat(),
    )
    .await;
    assert_eq!(more.status, 200, "{}", more.body);
    let shown = more.posted();
    assert_eq!(shown["rows"], "2");
    assert_eq!(shown["items.0.description"], "Shelving");
    let none = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/fetch",
        serde_json::json!({}),
    )
    .await;
    assert_eq!(none.json()["totalResults"], 0);

    // A price missing: refused with the server's message for that field.
    let refused = form_post(bank, "/invoice/new", &auth, &base).await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    let kept = refused.posted();
    assert_eq!(kept["errorField"], "items[0].price");
    assert_eq!(kept["errorText"], "Please, select right amount");
    assert_eq!(kept["error"], "items[0].price");
    assert_eq!(kept["items.0.description"], "Shelving");

    // Kept: the draft's page.
    let fields = [
        &base[..],
        &[
            ("items.0.price", "150"),
            ("items.1.description", "Fitting"),
            ("items.1.quantityHours", "3"),
            ("items.1.price", "1,040.00"),
            ("items.2.description", ""),
        ],
    ]
    .concat();
    let saved = form_post(bank, "/invoice/new", &auth, &fields).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let location = saved.header("location").to_string();
    let id = location
        .strip_prefix("/invoice/view/")
        .and_then(|rest| rest.strip_suffix("?saved=1"))
        .unwrap_or_else(|| panic!("{location}"));
    let taken = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/take",
        serde_json::json!({"id": id}),
    )
    .await;
    let invoice = taken.json();
    assert_eq!(
        invoice["items"].as_array().unwrap().len(),
        2,
        "the empty row is dropped"
    );
    assert_eq!(invoice["totals"]["total"], "4104.00");
    assert_eq!(page(bank, &location, &owner).await.status, 200);

    // The same number again is refused by the API's uniqueness, in its words.
    let again = form_post(bank, "/invoice/new", &auth, &fields).await;
    assert_eq!(again.status, 422);
    assert_eq!(
        again.posted()["errorText"],
        "An invoice with this number already exists"
    );

    // Changed through its edit page; once sent, refused.
    let mut changed = fields.clone();
    changed.retain(|(name, _)| *name != "items.1.price");
    changed.push(("items.1.price", "1000"));
    let edited = form_post(bank, &format!("/invoice/edit/{id}"), &auth, &changed).await;
    assert_eq!(edited.status, 303, "{}", edited.body);
    let sent = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/send",
        serde_json::json!({
            "id": id, "emailEntries": [{"email": "accounts@acme.example", "enabled": true}],
        }),
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let late = form_post(bank, &format!("/invoice/edit/{id}"), &auth, &changed).await;
    assert_eq!(late.status, 422);
    assert_eq!(late.posted()["error"], "invoice_sent");
});

on_both_backends!(invoice_pages_are_guarded_as_their_calls, |bank| {
    let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
    let reader = colleague(
        bank,
        &owner.profile_id,
        "reader@bennett.example",
        Role::Accountant,
        &["invoice:r"],
    )
    .await;
    let personal = bank::store::profiles::create(
        &bank.db,
        bank::domain::profiles::access::ProfileType::Personal,
        "Tom Fischer",
    )
    .await
    .unwrap();
    let person = colleague(bank, &personal, "tom@example.com", Role::Admin, &[]).await;
    for path in [
        "/invoice/list",
        "/invoice/contractors",
        "/invoice/new",
        "/invoice/contractors/new",
    ] {
        assert_eq!(page(bank, path, &owner).await.status, 200, "{path}");
    }
    assert_eq!(
        page(bank, "/invoice", &owner).await.header("location"),
        "/invoice/new"
    );
    for path in ["/invoice/list", "/invoice/contractors"] {
        assert_eq!(page(bank, path, &reader).await.status, 200, "{path}");
    }
    for path in [
        "/invoice/new",
        "/invoice/contractors/new",
        "/invoice/edit/x",
    ] {
        let reply = page(bank, path, &reader).await;
        assert_eq!(reply.header("location"), "/dashboard", "{path}");
    }
    // A personal profile has no invoicing: no page, no preview, no PDF.
    for (method, path) in [
        ("POST", "/v2/documents/previews/take"),
        ("GET", "/v2/documents/invoice?entId=x"),
        ("GET", "/v2/documents/e_invoice?entId=x"),
    ] {
        let body = if method == "POST" {
            serde_json::json!({"type": "invoice", "data": {}})
        } else {
            serde_json::Value::Null
        };
        assert_eq!(
            call(bank, &person, method, path, body).await.status,
            403,
            "{path}"
        );
    }
    assert_eq!(
        page(bank, "/invoice/list", &person)
            .await
            .header("location"),
        "/dashboard"
    );
    // A reader's plain post is refused by the API, and nothing is kept.
    let refused = form_post(
        bank,
        "/invoice/new",
        &reader.bearer(),
        &[("number", "INV-0001")],
    )
    .await;
    assert!(
        refused.status.is_redirection() || refused.status == 422,
        "{}",
        refused.status
    );
    let none = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/fetch",
        serde_json::json!({}),
    )
    .await;
    assert_eq!(none.json()["totalResults"], 0);
    // Another profile's invoice page is not an error page.
    assert!(
        page(bank, "/invoice/view/nothing", &owner)
            .await
            .status
            .as_u16()
            < 500
    );
});
