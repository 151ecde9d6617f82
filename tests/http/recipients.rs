//! Recipients (issue 11 point 1): kept per profile, checked with SPEC §5's rules and messages,
//! offered by scheme availability and rights, and the IBAN look-up from the bank directory.

use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::payments::recipients::{
    DeleteInput, Deleted, LookupInput, RecipientBody, RecipientFetch, RecipientFilters,
    RecipientPage, Saved, Verified,
};
use bank::domain::accounts::money::Currency;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::receiver::AddressBody;
use bank::domain::payments::recipient::{PayeeType, RecipientScope};
use bank::providers::bank_directory::BankMatch;

pub fn local() -> RecipientBody {
    RecipientBody {
        scheme: Some(Scheme::Local),
        name: "Acme Supplies Ltd".into(),
        kind: Some(PayeeType::Company),
        alias: "Acme".into(),
        uk_sort_code: "20-00-00".into(),
        uk_account_number: "55779911".into(),
        reference: "Invoice 42".into(),
        ..Default::default()
    }
}

fn sepa(iban: &str, bic: &str) -> RecipientBody {
    RecipientBody {
        scheme: Some(Scheme::Sepa),
        name: "Müller GmbH".into(),
        kind: Some(PayeeType::Company),
        iban: iban.into(),
        bic: bic.into(),
        ..Default::default()
    }
}

async fn put(bank: &TestBank, auth: &str, recipient: RecipientBody) -> Reply {
    send_json(
        bank,
        "PUT",
        "/v2/recipients",
        body(&recipient),
        &[("authorization", auth)],
    )
    .await
}

async fn fetch(bank: &TestBank, auth: &str, request: &RecipientFetch) -> Reply {
    post(
        bank,
        "/v2/recipients/fetch",
        body(request),
        &[("authorization", auth)],
    )
    .await
}

async fn delete(bank: &TestBank, auth: &str, id: &str) -> Reply {
    send_json(
        bank,
        "DELETE",
        "/v2/recipients",
        body(&DeleteInput { id: id.into() }),
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
    let added: Saved = added.read();
    assert_eq!(added.message, "Recipient has been successfully added");
    let id = added.recipient.id;
    assert_eq!(added.recipient.uk_sort_code.as_deref(), Some("200000"));
    assert_eq!(added.recipient.abbreviation, "AS");
    assert_eq!(added.recipient.scope, RecipientScope::Local);

    let changed = RecipientBody {
        id: Some(id.clone()),
        name: "Acme Supplies Limited".into(),
        ..local()
    };
    let saved = put(bank, &auth, changed).await;
    assert_eq!(
        saved.read::<Saved>().message,
        "Recipient has been successfully saved"
    );

    let euros = sepa("DE89 3704 0044 0532 0130 00", "COBADEFFXXX");
    assert_eq!(put(bank, &auth, euros).await.status, 200);
    let all = RecipientFetch {
        page: Some(1),
        limit: Some(1000),
        filters: RecipientFilters::default(),
    };
    let list: RecipientPage = fetch(bank, &auth, &all).await.read();
    assert_eq!(list.total_results, 2);
    assert_eq!(list.results[0].name, "Acme Supplies Limited");
    assert_eq!(list.results[1].currency, Currency::Eur);
    let search = RecipientFetch {
        page: None,
        limit: None,
        filters: RecipientFilters {
            search: Some("müll".into()),
        },
    };
    let found: RecipientPage = fetch(bank, &auth, &search).await.read();
    assert_eq!(found.total_results, 1);
    let too_many = RecipientFetch {
        limit: Some(1001),
        ..all
    };
    assert_eq!(fetch(bank, &auth, &too_many).await.status, 422);

    // Another profile's recipient does not exist for this one.
    let other = customer(bank, "tom@example.com", "Tom Fischer").await;
    open_account(bank, &other.profile_id, Currency::Gbp, true).await;
    let steal = RecipientBody {
        id: Some(id.clone()),
        ..local()
    };
    assert_eq!(put(bank, &other.bearer(), steal).await.status, 404);
    assert_eq!(delete(bank, &other.bearer(), &id).await.status, 404);

    let deleted = delete(bank, &auth, &id).await;
    assert_eq!(
        deleted.read::<Deleted>().message,
        "Recipient has been successfully deleted"
    );
    assert_eq!(delete(bank, &auth, &id).await.status, 404);
});

on_both_backends!(every_rule_has_its_spec_message, |bank| {
    let owner = business_owner(bank).await;
    let auth = owner.bearer();
    let bad = RecipientBody {
        uk_sort_code: "2000".into(),
        uk_account_number: "5577".into(),
        reference: "A reference far too long for UK".into(),
        name: String::new(),
        ..local()
    };
    let errors = put(bank, &auth, bad).await;
    assert_eq!(
        errors.field_error("ukSortCode"),
        "The sort code must contain 6 digits"
    );
    assert_eq!(
        errors.field_error("ukAccountNumber"),
        "The account number must contain 8 digits"
    );
    assert_eq!(
        errors.field_error("reference"),
        "Reference is up to 18 characters"
    );
    assert_eq!(errors.field_error("name"), "Field is required");
    let symbols = RecipientBody {
        reference: "Rent £".into(),
        ..local()
    };
    assert_eq!(
        put(bank, &auth, symbols).await.field_error("reference"),
        "Input contains invalid symbols"
    );

    // SEPA needs a EUR account; this profile has only GBP.
    let euros = sepa("DE89370400440532013000", "COBADEFF");
    assert_eq!(
        put(bank, &auth, euros).await.field_error("scheme"),
        "SEPA transfers need a EUR account"
    );
    let swift = |iban: &str, bic: &str| RecipientBody {
        scheme: Some(Scheme::Swift),
        name: "Chase".into(),
        kind: Some(PayeeType::Company),
        iban: iban.into(),
        bic: bic.into(),
        currency: Some(Currency::Gbp),
        swift_address: AddressBody {
            country: "US".into(),
            address1: "Park Avenue".into(),
            building_number: "383".into(),
            city: "New York".into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let errors = put(bank, &auth, swift("DE89370400440532013001", "CHAS US 33")).await;
    assert_eq!(errors.field_error("iban"), "Invalid IBAN or Account Number");
    let errors = put(bank, &auth, swift("GB82WEST12345698765432", "CHASU")).await;
    assert_eq!(errors.field_error("bic"), "Invalid BIC/SWIFT code");
    let errors = put(bank, &auth, swift("123456789", "CHASUS33")).await;
    assert_eq!(errors.field_error("routingCode"), "Routing Code is invalid");
    let ok = RecipientBody {
        routing_code: "021000021".into(),
        ..swift("123456789", "CHASUS33")
    };
    assert_eq!(put(bank, &auth, ok.clone()).await.status, 200);
    // SWIFT only while the flag is on: the server refuses it, not only the screen.
    bank::store::features::set_override(&bank.db, "swiftAllowed", false)
        .await
        .unwrap();
    assert_eq!(
        put(bank, &auth, ok).await.field_error("scheme"),
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
                body(&LookupInput { iban: iban.into() }),
                &[("authorization", &auth)],
            )
            .await
        }
    };
    let de = lookup("DE89 3704 0044 0532 0130 00").await;
    assert_eq!(
        de.read::<BankMatch>(),
        BankMatch {
            bic: "COBADEFFXXX".into(),
            bank_name: "Commerzbank".into()
        }
    );
    let gb = lookup("GB33BUKB20201555555555").await;
    assert_eq!(gb.read::<BankMatch>().bank_name, "BARCLAYS BANK UK PLC");
    assert_eq!(lookup("DE8937040044").await.status, 422);
    assert_eq!(
        lookup("DE89370400440532013001").await.field_error("iban"),
        "Invalid IBAN"
    );
    let verify = post(
        bank,
        "/v2/recipients/verify",
        body(&RecipientBody {
            name: "Müller".into(),
            kind: Some(PayeeType::Private),
            ..sepa("DE89370400440532013000", "COBADEFFXXX")
        }),
        &[("authorization", &auth)],
    )
    .await;
    // No EUR account: SEPA is not offered to this profile.
    assert_eq!(verify.status, 422);
    open_account(bank, &owner.profile_id, Currency::Eur, false).await;
    let verify = post(
        bank,
        "/v2/recipients/verify",
        body(&RecipientBody {
            name: "Müller".into(),
            kind: Some(PayeeType::Private),
            ..sepa("DE89370400440532013000", "COBADEFFXXX")
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(
        verify.read::<Verified>().bank.map(|found| found.bank_name),
        Some("Commerzbank".into())
    );
});

on_both_backends!(
    the_recipient_screens_render_on_the_server_by_rights,
    |bank| {
        let owner = business_owner(bank).await;
        let id = put(bank, &owner.bearer(), local())
            .await
            .read::<Saved>()
            .recipient
            .id;
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
