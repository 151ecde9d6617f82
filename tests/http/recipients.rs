//! Recipients (issue 11 point 1): kept per profile, checked with SPEC §5's rules and messages,
//! offered by scheme availability and rights, and the IBAN look-up from the bank directory.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;

fn local() -> Value {
    json!({"scheme": "local", "name": "Acme Supplies Ltd", "type": "company", "alias": "Acme",
           "ukSortCode": "20-00-00", "ukAccountNumber": "55779911", "reference": "Invoice 42"})
}

async fn put(bank: &TestBank, auth: &str, body: Value) -> Reply {
    send_json(
        bank,
        "PUT",
        "/v2/recipients",
        body,
        &[("authorization", auth)],
    )
    .await
}

on_both_backends!(recipients_are_added_changed_listed_and_deleted, |bank| {
    let owner = business_owner(bank).await;
    open_account(bank, &owner.profile_id, Currency::Eur, false).await;
    let auth = owner.bearer();

    let added = put(bank, &auth, local()).await;
    assert_eq!(added.status, 200, "{}", added.body);
    assert_eq!(
        added.json()["message"],
        "Recipient has been successfully added"
    );
    let id = added.json()["recipient"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(added.json()["recipient"]["ukSortCode"], "200000");
    assert_eq!(added.json()["recipient"]["abbreviation"], "AS");
    assert_eq!(added.json()["recipient"]["scope"], "local");

    let mut changed = local();
    changed["id"] = json!(id);
    changed["name"] = json!("Acme Supplies Limited");
    let saved = put(bank, &auth, changed).await;
    assert_eq!(
        saved.json()["message"],
        "Recipient has been successfully saved"
    );

    let sepa = json!({"scheme": "sepa", "name": "Müller GmbH", "type": "company",
                      "iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"});
    assert_eq!(put(bank, &auth, sepa).await.status, 200);
    let list = post(
        bank,
        "/v2/recipients/fetch",
        json!({"page": 1, "limit": 1000, "filters": {}}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(list.json()["totalResults"], 2);
    assert_eq!(list.json()["results"][0]["name"], "Acme Supplies Limited");
    assert_eq!(list.json()["results"][1]["currency"], "EUR");
    let found = post(
        bank,
        "/v2/recipients/fetch",
        json!({"filters": {"search": "müll"}}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(found.json()["totalResults"], 1);
    let too_many = post(
        bank,
        "/v2/recipients/fetch",
        json!({"limit": 1001}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(too_many.status, 422);

    // Another profile's recipient does not exist for this one.
    let other = customer(bank, "tom@example.com", "Tom Fischer").await;
    open_account(bank, &other.profile_id, Currency::Gbp, true).await;
    let mut steal = local();
    steal["id"] = json!(id);
    assert_eq!(put(bank, &other.bearer(), steal).await.status, 404);
    let gone = send_json(
        bank,
        "DELETE",
        "/v2/recipients",
        json!({"id": id}),
        &[("authorization", &other.bearer())],
    )
    .await;
    assert_eq!(gone.status, 404);

    let deleted = send_json(
        bank,
        "DELETE",
        "/v2/recipients",
        json!({"id": id}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(
        deleted.json()["message"],
        "Recipient has been successfully deleted"
    );
    let again = send_json(
        bank,
        "DELETE",
        "/v2/recipients",
        json!({"id": id}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(again.status, 404);
});

on_both_backends!(every_rule_has_its_spec_message, |bank| {
    let owner = business_owner(bank).await;
    let auth = owner.bearer();
    let fields = |reply: Reply| reply.json()["fields"].clone();
    let mut bad = local();
    bad["ukSortCode"] = json!("2000");
    bad["ukAccountNumber"] = json!("5577");
    bad["reference"] = json!("A reference far too long for UK");
    bad["name"] = json!("");
    let errors = fields(put(bank, &auth, bad).await);
    assert_eq!(errors["ukSortCode"], "The sort code must contain 6 digits");
    assert_eq!(
        errors["ukAccountNumber"],
        "The account number must contain 8 digits"
    );
    assert_eq!(errors["reference"], "Reference is up to 18 characters");
    assert_eq!(errors["name"], "Field is required");
    let mut symbols = local();
    symbols["reference"] = json!("Rent £");
    assert_eq!(
        fields(put(bank, &auth, symbols).await)["reference"],
        "Input contains invalid symbols"
    );

    // SEPA needs a EUR account; this profile has only GBP.
    let sepa = json!({"scheme": "sepa", "name": "Müller GmbH", "type": "company", "iban": "DE89370400440532013000", "bic": "COBADEFF"});
    assert_eq!(
        fields(put(bank, &auth, sepa).await)["scheme"],
        "SEPA transfers need a EUR account"
    );
    let swift = |iban: &str, bic: &str| {
        json!({"scheme": "swift", "name": "Chase", "type": "company", "iban": iban, "bic": bic,
        "currency": "GBP", "swiftAddress": {"country": "US", "address1": "Park Avenue", "buildingNumber": "383", "city": "New York"}})
    };
    let errors = fields(put(bank, &auth, swift("DE89370400440532013001", "CHAS US 33")).await);
    assert_eq!(errors["iban"], "Invalid IBAN or Account Number");
    let errors = fields(put(bank, &auth, swift("GB82WEST12345698765432", "CHASU")).await);
    assert_eq!(errors["bic"], "Invalid BIC/SWIFT code");
    let errors = fields(put(bank, &auth, swift("123456789", "CHASUS33")).await);
    assert_eq!(errors["routingCode"], "Routing Code is invalid");
    let mut ok = swift("123456789", "CHASUS33");
    ok["routingCode"] = json!("021000021");
    assert_eq!(put(bank, &auth, ok.clone()).await.status, 200);
    // SWIFT only while the flag is on: the server refuses it, not only the screen.
    bank::store::features::set_override(&bank.db, "swiftAllowed", false)
        .await
        .unwrap();
    assert_eq!(
        fields(put(bank, &auth, ok).await)["scheme"],
        "SWIFT transfers are not available"
    );
});

on_both_backends!(only_transaction_rights_see_or_change_recipients, |bank| {
    let none = customer_with_role(
        bank,
        "ada@example.com",
        "Bennett & Hale Trading Ltd",
        "director",
        &[],
    )
    .await;
    let list = post(
        bank,
        "/v2/recipients/fetch",
        json!({}),
        &[("authorization", &none.bearer())],
    )
    .await;
    assert_eq!(list.status, 403);
    let reader = customer_with_role(
        bank,
        "bob@example.com",
        "Hale Ltd",
        "accountant",
        &["transaction:r"],
    )
    .await;
    open_account(bank, &reader.profile_id, Currency::Gbp, true).await;
    let list = post(
        bank,
        "/v2/recipients/fetch",
        json!({}),
        &[("authorization", &reader.bearer())],
    )
    .await;
    assert_eq!(list.status, 200);
    assert_eq!(put(bank, &reader.bearer(), local()).await.status, 403);
});

on_both_backends!(an_iban_names_its_bank, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let auth = owner.bearer();
    let lookup = |iban: &'static str| {
        let auth = auth.clone();
        async move {
            post(
                bank,
                "/v2/banks/lookup",
                json!({"iban": iban}),
                &[("authorization", &auth)],
            )
            .await
        }
    };
    let de = lookup("DE89 3704 0044 0532 0130 00").await;
    assert_eq!(
        de.json(),
        json!({"bic": "COBADEFFXXX", "bankName": "Commerzbank"})
    );
    let gb = lookup("GB33BUKB20201555555555").await;
    assert_eq!(gb.json()["bankName"], "BARCLAYS BANK UK PLC");
    assert_eq!(lookup("DE8937040044").await.status, 422);
    assert_eq!(
        lookup("DE89370400440532013001").await.json()["fields"]["iban"],
        "Invalid IBAN"
    );
    let verify = post(
        bank,
        "/v2/recipients/verify",
        json!({"scheme": "sepa", "name": "Müller", "type": "private",
        "iban": "DE89370400440532013000", "bic": "COBADEFFXXX"}),
        &[("authorization", &auth)],
    )
    .await;
    // No EUR account: SEPA is not offered to this profile.
    assert_eq!(verify.status, 422);
    open_account(bank, &owner.profile_id, Currency::Eur, false).await;
    let verify = post(
        bank,
        "/v2/recipients/verify",
        json!({"scheme": "sepa", "name": "Müller", "type": "private",
        "iban": "DE89370400440532013000", "bic": "COBADEFFXXX"}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(verify.json()["bank"]["bankName"], "Commerzbank");
});

on_both_backends!(
    the_recipient_screens_render_on_the_server_by_rights,
    |bank| {
        let owner = business_owner(bank).await;
        let saved = put(bank, &owner.bearer(), local()).await;
        let id = saved.json()["recipient"]["id"]
            .as_str()
            .unwrap()
            .to_string();
        let cookie = format!("__Host-access={}", owner.token);
        for agent in [DESKTOP, IPHONE] {
            let list = page_with_cookie(bank, "/recipients", agent, &cookie).await;
            assert_eq!(list.status, 200);
            assert!(
                list.body.contains("Acme") && list.body.contains("20-00-00 · 55779911"),
                "{}",
                list.body
            );
            let create = page_with_cookie(bank, "/recipients/create", agent, &cookie).await;
            assert!(
                create.body.contains("UK Local Transfer")
                    && create.body.contains("Recipient Template Name")
            );
            let edit =
                page_with_cookie(bank, &format!("/recipients/edit/{id}"), agent, &cookie).await;
            assert!(
                edit.body.contains("Edit recipient") && edit.body.contains("value=\"55779911\""),
                "{}",
                edit.body
            );
            let unknown = page_with_cookie(bank, "/recipients/edit/nobody", agent, &cookie).await;
            assert_eq!(
                (unknown.status.as_u16(), unknown.header("location")),
                (302, "/recipients")
            );
        }
        let reader = customer_with_role(
            bank,
            "bob@example.com",
            "Hale Ltd",
            "accountant",
            &["transaction:r"],
        )
        .await;
        let reader_cookie = format!("__Host-access={}", reader.token);
        let list = page_with_cookie(bank, "/recipients", DESKTOP, &reader_cookie).await;
        assert_eq!(list.status, 200);
        assert!(!list.body.contains("Add recipient"), "a reader cannot add");
        // SPEC §2: a page whose guard fails sends the person to the dashboard.
        let create = page_with_cookie(bank, "/recipients/create", DESKTOP, &reader_cookie).await;
        assert_eq!(create.header("location"), "/dashboard");
        let none = customer_with_role(bank, "ada@example.com", "Ada Ltd", "director", &[]).await;
        let away = page_with_cookie(
            bank,
            "/recipients",
            DESKTOP,
            &format!("__Host-access={}", none.token),
        )
        .await;
        assert_eq!(
            (away.status.as_u16(), away.header("location")),
            (302, "/dashboard")
        );
    }
);
