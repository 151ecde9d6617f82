//! SPEC §7 bank accounts and transactions through the router: what a customer sees, opening an
//! account, filters, and that nobody sees another profile's money.

use bank::domain::accounts::money::Currency;
use bank::domain::accounts::money::Money;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::PayeeType;
use bank::store::bookings::{self, Party};
use serde_json::json;

use crate::helpers::{customer, customer_with_role, open_account, post, Customer, TestBank};
use crate::on_both_backends;

const PAYER: Party<'static> = Party {
    name: "Northwind Logistics",
    kind: PayeeType::Company,
    account: Some("GB29NWBK60161331926819"),
};

async fn call(
    bank: &TestBank,
    who: &Customer,
    path: &str,
    body: serde_json::Value,
) -> crate::helpers::Reply {
    post(bank, path, body, &[("authorization", &who.bearer())]).await
}

on_both_backends!(accounts_come_with_balances_identifiers_and_order, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let usd = open_account(bank, &olivia.profile_id, Currency::Usd, false).await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let eur = open_account(bank, &olivia.profile_id, Currency::Eur, false).await;
    bookings::inbound(
        &bank.db,
        &gbp,
        Money::new(123_456, gbp.currency),
        Scheme::Local,
        PAYER,
        "INV-1",
        1,
    )
    .await
    .unwrap();

    let reply = call(bank, &olivia, "/v2/bank-accounts/fetch", json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let results = reply.json()["results"].as_array().unwrap().clone();
    let order: Vec<_> = results
        .iter()
        .map(|a| a["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        order,
        [gbp.id.clone(), eur.id.clone(), usd.id.clone()],
        "primary, then GBP/EUR, then others"
    );
    let first = &results[0];
    assert_eq!(first["balance"]["available"], 1234.56);
    assert_eq!(first["isPrimary"], true);
    assert_eq!(first["ukSortCode"], "040075");
    assert_eq!(first["ukAccountNumber"].as_str().unwrap().len(), 8);
    assert_eq!(first["bic"], "HRBRGB2L");
    use iban::IbanLike;
    let iban: iban::Iban = first["iban"]
        .as_str()
        .unwrap()
        .parse()
        .expect("a valid IBAN");
    assert_eq!(iban.country_code(), "GB");
    assert!(
        results[1]["ukSortCode"].is_null(),
        "only GBP accounts have a sort code"
    );
    assert!(results[1]["iban"].as_str().unwrap().starts_with("GB"));
});

on_both_backends!(card_users_and_strangers_see_no_accounts, |bank| {
    let owner = customer(bank, "owner@example.com", "Owner Ltd").await;
    let account = open_account(bank, &owner.profile_id, Currency::Gbp, true).await;
    bookings::inbound(
        &bank.db,
        &account,
        Money::new(5_000, account.currency),
        Scheme::Local,
        PAYER,
        "secret",
        1,
    )
    .await
    .unwrap();
    let card_user = customer_with_role(
        bank,
        "card@example.com",
        "Own Ltd",
        "card_user",
        &["transaction:rw"],
    )
    .await;
    bank::store::profiles::add_member(
        &bank.db,
        &owner.profile_id,
        &card_user.user_id,
        bank::domain::profiles::access::Role::CardUser,
        &[],
        false,
    )
    .await
    .unwrap();
    let as_card_user = |path: &'static str, body: serde_json::Value| {
        let bearer = card_user.bearer();
        let cookie = format!("profile={}", owner.profile_id);
        async move {
            post(
                bank,
                path,
                body,
                &[("authorization", &bearer), ("cookie", &cookie)],
            )
            .await
        }
    };
    let reply = as_card_user("/v2/bank-accounts/fetch", json!({})).await;
    assert_eq!(reply.json()["results"], json!([]));
    let reply = as_card_user(
        "/v2/transactions/fetch",
        json!({ "bankAccountId": account.id }),
    )
    .await;
    assert_eq!(reply.status, 403);

    // Someone with their own profile cannot read another profile's account or transaction.
    let stranger = customer(bank, "stranger@example.com", "Stranger Ltd").await;
    let reply = call(
        bank,
        &stranger,
        "/v2/transactions/fetch",
        json!({ "bankAccountId": account.id }),
    )
    .await;
    assert_eq!(reply.status, 404);
    assert!(!reply.body.contains("secret"));
    let listed = call(
        bank,
        &owner,
        "/v2/transactions/fetch",
        json!({ "bankAccountId": account.id }),
    )
    .await;
    let id = listed.json()["results"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let reply = call(
        bank,
        &stranger,
        "/v2/transactions/take",
        json!({ "id": id }),
    )
    .await;
    assert_eq!(reply.status, 404);
    // A forged profile cookie falls back to the stranger's own profile.
    let reply = post(
        bank,
        "/v2/transactions/take",
        json!({ "id": id }),
        &[
            ("authorization", &stranger.bearer()),
            ("cookie", &format!("profile={}", owner.profile_id)),
        ],
    )
    .await;
    assert_eq!(reply.status, 404);
    let reply = crate::helpers::post(bank, "/v2/bank-accounts/fetch", json!({}), &[]).await;
    assert_eq!(reply.status, 401);
});

on_both_backends!(transactions_page_filter_and_search, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let day = 86_400_000;
    let jan1 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
    for n in 0..60 {
        bookings::inbound(
            &bank.db,
            &gbp,
            Money::new(1_000 + n, gbp.currency),
            Scheme::Local,
            PAYER,
            &format!("INV-{n}"),
            jan1 + n * day,
        )
        .await
        .unwrap();
    }
    let shop = bank::store::transactions::Acceptor {
        name: "Pret A Manger".into(),
        address: Some("1 Moorgate, London".into()),
        phone: None,
        email: None,
        website: Some("https://pret.example".into()),
        categories: vec!["Restaurants".into()],
        co2emissions: Some(900),
        logo_uri: None,
    };
    bookings::card_purchase(
        &bank.db,
        &gbp,
        Money::new(450, gbp.currency),
        &shop,
        jan1 + 10 * day + 1,
    )
    .await
    .unwrap();
    bookings::declined_card_purchase(
        &bank.db,
        &gbp,
        Money::new(99_999_999, gbp.currency),
        &shop,
        jan1 + 11 * day,
    )
    .await
    .unwrap();

    let fetch = |body: serde_json::Value| call(bank, &olivia, "/v2/transactions/fetch", body);
    let first = fetch(json!({ "bankAccountId": gbp.id, "page": 1 }))
        .await
        .json();
    assert_eq!(first["totalResults"], 62);
    assert_eq!(first["totalPages"], 2);
    assert_eq!(first["results"].as_array().unwrap().len(), 50);
    assert_eq!(first["results"][0]["details"], "INV-59", "newest first");
    let second = fetch(json!({ "bankAccountId": gbp.id, "page": 2 }))
        .await
        .json();
    assert_eq!(second["results"].as_array().unwrap().len(), 12);

    let cards = fetch(json!({ "bankAccountId": gbp.id, "types": ["card_purchase"] }))
        .await
        .json();
    assert_eq!(cards["totalResults"], 2);
    assert_eq!(cards["results"][0]["status"], "declined");
    let january =
        fetch(json!({ "bankAccountId": gbp.id, "dateFrom": "2026-01-05", "dateTo": "2026-01-09" }))
            .await
            .json();
    assert_eq!(january["totalResults"], 5);
    let search = fetch(json!({ "bankAccountId": gbp.id, "searchKeyword": "PRET" }))
        .await
        .json();
    assert_eq!(search["totalResults"], 2);
    let wildcard = fetch(json!({ "bankAccountId": gbp.id, "searchKeyword": "%" }))
        .await
        .json();
    assert_eq!(
        wildcard["totalResults"], 0,
        "LIKE wildcards match only themselves"
    );

    let bad = fetch(json!({ "bankAccountId": gbp.id, "dateFrom": "05/01/2026" })).await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.json()["fields"]["dateFrom"], "Invalid date");
    let bad = fetch(json!({ "bankAccountId": gbp.id, "types": ["lottery"] })).await;
    assert_eq!(bad.status, 422);
    let bad = fetch(json!({})).await;
    assert_eq!(bad.json()["fields"]["bankAccountId"], "Field is required");

    let card_id = cards["results"][1]["id"].as_str().unwrap();
    let detail = call(
        bank,
        &olivia,
        "/v2/transactions/take",
        json!({ "id": card_id }),
    )
    .await
    .json();
    assert_eq!(detail["amount"], -4.5);
    assert_eq!(detail["acceptor"]["name"], "Pret A Manger");
    assert_eq!(detail["acceptor"]["co2emissions"], 900);
    assert_eq!(detail["receiver"]["name"], "Pret A Manger");
    assert_eq!(detail["createdAt"], "2026-01-11T00:00:00.001Z");
});

on_both_backends!(opening_an_account_goes_pending_then_active, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let reply = call(
        bank,
        &olivia,
        "/v2/bank-accounts",
        json!({ "currency": "CHF" }),
    )
    .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(reply.json()["status"], "pending");
    let again = call(
        bank,
        &olivia,
        "/v2/bank-accounts",
        json!({ "currency": "CHF" }),
    )
    .await;
    assert_eq!(again.status, 409);
    assert_eq!(again.json()["message"], "You already have a CHF account.");
    let bad = call(
        bank,
        &olivia,
        "/v2/bank-accounts",
        json!({ "currency": "JPY" }),
    )
    .await;
    assert_eq!(bad.status, 422);

    // The background job makes it active once its time has come.
    let mut active = false;
    for _ in 0..100 {
        let list = call(bank, &olivia, "/v2/bank-accounts/fetch", json!({}))
            .await
            .json();
        if list["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["currency"] == "CHF" && a["status"] == "active")
        {
            active = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(active, "the CHF account became active");

    let accountant = customer_with_role(
        bank,
        "acc@example.com",
        "Other Ltd",
        "accountant",
        &["transaction:r"],
    )
    .await;
    let refused = call(
        bank,
        &accountant,
        "/v2/bank-accounts",
        json!({ "currency": "EUR" }),
    )
    .await;
    assert_eq!(refused.status, 403);
});

on_both_backends!(sandbox_money_in_credits_through_the_ledger, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let done = bank::providers::sandbox_payments::credit(
        &bank.db, &gbp.iban, "250.75", "Acme Ltd", "Order 7",
    )
    .await
    .unwrap();
    assert_eq!(done.amount, "£250.75");
    for bad in ["0", "-5", "1.234", "ten"] {
        assert!(
            bank::providers::sandbox_payments::credit(&bank.db, &gbp.iban, bad, "Acme", "")
                .await
                .is_err()
        );
    }
    assert!(
        bank::providers::sandbox_payments::credit(&bank.db, "GB00NOPE", "1", "Acme", "")
            .await
            .is_err()
    );
    let list = call(
        bank,
        &olivia,
        "/v2/transactions/fetch",
        json!({ "bankAccountId": gbp.id }),
    )
    .await
    .json();
    assert_eq!(list["totalResults"], 1);
    assert_eq!(list["results"][0]["sender"]["name"], "Acme Ltd");
    assert_eq!(list["results"][0]["amount"], 250.75);
    crate::helpers::ledger_is_sound(bank).await;
});

on_both_backends!(
    the_sandbox_money_in_page_credits_from_this_site_only,
    |bank| {
        use axum::body::Body;
        use axum::http::{header, Request};
        let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
        let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
        let form = |origin: &str, body: String| {
            Request::post("/dev/money-in")
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .header(header::ORIGIN, origin)
                .body(Body::from(body))
                .unwrap()
        };
        let page = bank.get("/dev/money-in", crate::helpers::DESKTOP).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("Sandbox money in"));
        let body = format!(
            "account={}&amount=75.50&payer=Kestrel+Foods&reference=March",
            gbp.iban
        );
        let refused = bank.send(form("https://evil.example", body.clone())).await;
        assert_eq!(refused.status, 403);
        let done = bank.send(form(crate::helpers::ORIGIN, body)).await;
        assert_eq!(done.status, 200);
        assert!(done.body.contains("Credited £75.50"), "{}", done.body);
        let bad = bank
            .send(form(
                crate::helpers::ORIGIN,
                format!("account={}&amount=abc&payer=X", gbp.iban),
            ))
            .await;
        assert_eq!(bad.status, 422);
        assert!(bad
            .body
            .contains("Enter an amount above zero with at most two decimals"));
        let list = call(
            bank,
            &olivia,
            "/v2/transactions/fetch",
            json!({ "bankAccountId": gbp.id }),
        )
        .await
        .json();
        assert_eq!(
            list["totalResults"], 1,
            "one credit, none for the refused posts"
        );
    }
);

// Issue 27: a transaction row's scheme and counterparty type read as their enums, and a value
// the bank does not know is a loud error (logged, a 500), never shown as something else.
on_both_backends!(
    a_transaction_of_an_unknown_scheme_is_an_error_not_a_guess,
    |bank| {
        let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
        let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
        let id = bookings::inbound(
            &bank.db,
            &gbp,
            Money::new(1_000, gbp.currency),
            Scheme::Local,
            PAYER,
            "INV-9",
            1,
        )
        .await
        .unwrap();
        let take = || call(bank, &olivia, "/v2/transactions/take", json!({ "id": id }));
        let reply = take().await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.json()["scheme"], "local");
        assert_eq!(reply.json()["sender"]["type"], "company");

        sqlx::query("UPDATE transactions SET scheme = 'telegraph' WHERE id = $1")
            .bind(&id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let reply = take().await;
        assert_eq!(reply.status, 500, "{}", reply.body);
        assert_eq!(reply.json()["code"], "internal");
        assert!(!reply.body.contains("telegraph"), "{}", reply.body);
    }
);
