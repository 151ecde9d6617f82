//! SPEC §7 bank accounts and transactions through the router: what a customer sees, opening an
//! account, filters, and that nobody sees another profile's money.

use bank::domain::accounts::money::Currency;
use bank::domain::accounts::money::Money;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::PayeeType;
use bank::store::bookings::{self, Party};
use serde_json::json;

use crate::helpers::{body, customer, customer_with_role, open_account, post, Customer, TestBank};
use crate::on_both_backends;
use bank::api::accounts::bank_accounts::{BankAccountList, BankAccountView, OpenInput};
use bank::api::accounts::transactions::{FetchInput, TakeInput, TransactionPage, TransactionView};
use bank::domain::accounts::status::AccountStatus;
use bank::domain::accounts::transaction_kinds::{
    TransactionScheme, TransactionStatus, TransactionType,
};

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

async fn accounts(bank: &TestBank, who: &Customer) -> Vec<BankAccountView> {
    let reply = call(bank, who, "/v2/bank-accounts/fetch", json!({})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read::<BankAccountList>().results
}

/// The transactions of `account` that `filter` asks for.
fn of_account(account: &str, filter: FetchInput) -> serde_json::Value {
    body(&FetchInput {
        bank_account_id: Some(account.to_string()),
        ..filter
    })
}

fn take(id: &str) -> serde_json::Value {
    body(&TakeInput { id: id.into() })
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

    let results = accounts(bank, &olivia).await;
    let order: Vec<&str> = results.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(
        order,
        [gbp.id.as_str(), eur.id.as_str(), usd.id.as_str()],
        "primary, then GBP/EUR, then others"
    );
    let first = &results[0];
    assert_eq!(first.balance.available, 1234.56);
    assert!(first.is_primary);
    assert_eq!(first.uk_sort_code.as_deref(), Some("040075"));
    assert_eq!(first.uk_account_number.as_deref().map(str::len), Some(8));
    assert_eq!(first.bic, "HRBRGB2L");
    use iban::IbanLike;
    let iban: iban::Iban = first.iban.parse().expect("a valid IBAN");
    assert_eq!(iban.country_code(), "GB");
    assert!(
        results[1].uk_sort_code.is_none(),
        "only GBP accounts have a sort code"
    );
    assert!(results[1].iban.starts_with("GB"));
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
    assert!(reply.read::<BankAccountList>().results.is_empty());
    let reply = as_card_user(
        "/v2/transactions/fetch",
        of_account(&account.id, FetchInput::default()),
    )
    .await;
    assert_eq!(reply.status, 403);

    // Someone with their own profile cannot read another profile's account or transaction.
    let stranger = customer(bank, "stranger@example.com", "Stranger Ltd").await;
    let reply = call(
        bank,
        &stranger,
        "/v2/transactions/fetch",
        of_account(&account.id, FetchInput::default()),
    )
    .await;
    assert_eq!(reply.status, 404);
    assert!(!reply.body.contains("secret"));
    let listed = call(
        bank,
        &owner,
        "/v2/transactions/fetch",
        of_account(&account.id, FetchInput::default()),
    )
    .await;
    let id = listed.read::<TransactionPage>().results[0].id.clone();
    let reply = call(bank, &stranger, "/v2/transactions/take", take(&id)).await;
    assert_eq!(reply.status, 404);
    // A forged profile cookie falls back to the stranger's own profile.
    let reply = post(
        bank,
        "/v2/transactions/take",
        take(&id),
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
    let page = |filter: FetchInput| {
        let request = of_account(&gbp.id, filter);
        async move {
            let reply = fetch(request).await;
            assert_eq!(reply.status, 200, "{}", reply.body);
            reply.read::<TransactionPage>()
        }
    };
    let first = page(FetchInput {
        page: Some(1),
        ..Default::default()
    })
    .await;
    assert_eq!(first.total_results, 62);
    assert_eq!(first.total_pages, 2);
    assert_eq!(first.results.len(), 50);
    assert_eq!(first.results[0].details, "INV-59", "newest first");
    let second = page(FetchInput {
        page: Some(2),
        ..Default::default()
    })
    .await;
    assert_eq!(second.results.len(), 12);

    let cards = page(FetchInput {
        types: vec![TransactionType::CardPurchase],
        ..Default::default()
    })
    .await;
    assert_eq!(cards.total_results, 2);
    assert_eq!(cards.results[0].status, TransactionStatus::Declined);
    let january = page(FetchInput {
        date_from: Some("2026-01-05".into()),
        date_to: Some("2026-01-09".into()),
        ..Default::default()
    })
    .await;
    assert_eq!(january.total_results, 5);
    let search = |keyword: &str| FetchInput {
        search_keyword: Some(keyword.into()),
        ..Default::default()
    };
    assert_eq!(page(search("PRET")).await.total_results, 2);
    assert_eq!(
        page(search("%")).await.total_results,
        0,
        "LIKE wildcards match only themselves"
    );

    let bad = fetch(of_account(
        &gbp.id,
        FetchInput {
            date_from: Some("05/01/2026".into()),
            ..Default::default()
        },
    ))
    .await;
    assert_eq!(bad.status, 422);
    assert_eq!(bad.field_error("dateFrom"), "Invalid date");
    // A type the bank does not know, as a client could send it.
    let bad = fetch(json!({ "bankAccountId": gbp.id, "types": ["lottery"] })).await;
    assert_eq!(bad.status, 422);
    let bad = fetch(body(&FetchInput::default())).await;
    assert_eq!(bad.field_error("bankAccountId"), "Field is required");

    let card_id = &cards.results[1].id;
    let detail: TransactionView = call(bank, &olivia, "/v2/transactions/take", take(card_id))
        .await
        .read();
    assert_eq!(detail.amount, -4.5);
    let acceptor = detail.acceptor.expect("the merchant");
    assert_eq!(acceptor.name, "Pret A Manger");
    assert_eq!(acceptor.co2emissions, Some(900));
    assert_eq!(
        detail.receiver.map(|r| r.name).as_deref(),
        Some("Pret A Manger")
    );
    assert_eq!(detail.created_at, "2026-01-11T00:00:00.001Z");
});

on_both_backends!(opening_an_account_goes_pending_then_active, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let chf = body(&OpenInput {
        currency: Some(Currency::Chf),
    });
    let reply = call(bank, &olivia, "/v2/bank-accounts", chf.clone()).await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(
        reply.read::<BankAccountView>().status,
        AccountStatus::Pending
    );
    let again = call(bank, &olivia, "/v2/bank-accounts", chf).await;
    assert_eq!(again.status, 409);
    assert_eq!(again.error().message, "You already have a CHF account.");
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
        if accounts(bank, &olivia)
            .await
            .iter()
            .any(|a| a.currency == Currency::Chf && a.status == AccountStatus::Active)
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
    let euros = body(&OpenInput {
        currency: Some(Currency::Eur),
    });
    let refused = call(bank, &accountant, "/v2/bank-accounts", euros).await;
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
    let list: TransactionPage = call(
        bank,
        &olivia,
        "/v2/transactions/fetch",
        of_account(&gbp.id, FetchInput::default()),
    )
    .await
    .read();
    assert_eq!(list.total_results, 1);
    let credit = &list.results[0];
    assert_eq!(
        credit.sender.as_ref().map(|s| s.name.as_str()),
        Some("Acme Ltd")
    );
    assert_eq!(credit.amount, 250.75);
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
        let fields = format!(
            "account={}&amount=75.50&payer=Kestrel+Foods&reference=March",
            gbp.iban
        );
        let refused = bank
            .send(form("https://evil.example", fields.clone()))
            .await;
        assert_eq!(refused.status, 403);
        let done = bank.send(form(crate::helpers::ORIGIN, fields)).await;
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
            body(&FetchInput {
                bank_account_id: Some(gbp.id.to_string()),
                ..Default::default()
            }),
        )
        .await
        .read::<TransactionPage>();
        assert_eq!(
            list.total_results, 1,
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
        let detail = || call(bank, &olivia, "/v2/transactions/take", take(&id));
        let reply = detail().await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let shown: TransactionView = reply.read();
        assert_eq!(shown.scheme, Some(TransactionScheme::Local));
        assert_eq!(shown.sender.and_then(|s| s.kind), Some(PayeeType::Company));

        sqlx::query("UPDATE transactions SET scheme = 'telegraph' WHERE id = $1")
            .bind(&id)
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let reply = detail().await;
        assert_eq!(reply.status, 500, "{}", reply.body);
        assert_eq!(reply.error().code, "internal");
        assert!(!reply.body.contains("telegraph"), "{}", reply.body);
    }
);

on_both_backends!(
    a_renders_transactions_call_takes_the_account_its_list_call_read,
    |bank| {
        // A page render's in-process calls share what its accounts list read (`http::render`): the
        // dashboard's first page of transactions does not read its account a second time.
        use axum::body::Body;
        use axum::http::{header, Request};
        use bank::api::accounts::bank_accounts::RenderAccounts;
        use bank::domain::ids::ProfileId;

        let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
        let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
        bookings::inbound(
            &bank.db,
            &gbp,
            Money::new(2_500, gbp.currency),
            Scheme::Local,
            PAYER,
            "INV-1",
            1_767_225_600_000,
        )
        .await
        .unwrap();
        let holder_shown = |render: Option<RenderAccounts>| {
            let mut request = Request::post("/v2/transactions/fetch")
                .header(header::CONTENT_TYPE, "application/json")
                .header(header::ORIGIN, crate::helpers::ORIGIN)
                .header(header::AUTHORIZATION, olivia.bearer())
                .body(Body::from(
                    of_account(&gbp.id, FetchInput::default()).to_string(),
                ))
                .unwrap();
            if let Some(render) = render {
                request.extensions_mut().insert(render);
            }
            bank.send(request)
        };
        let listed = |profile_id: &ProfileId, name: &str, owner: &ProfileId| {
            let mut account = gbp.clone();
            account.name = name.into();
            account.profile_id = owner.clone();
            let render = RenderAccounts::default();
            render.keep(profile_id, &[account]);
            render
        };
        let name_of = |reply: crate::helpers::Reply| {
            assert_eq!(reply.status, 200, "{}", reply.body);
            let page = reply.read::<TransactionPage>();
            page.results[0].receiver.as_ref().unwrap().name.clone()
        };

        let reply = holder_shown(None).await;
        assert_eq!(name_of(reply), gbp.name, "read from the database");

        let ours = listed(
            &olivia.profile_id,
            "As the list read it",
            &olivia.profile_id,
        );
        assert_eq!(
            name_of(holder_shown(Some(ours)).await),
            "As the list read it"
        );

        // What was listed for another profile is not this caller's.
        let another = ProfileId::from("another-profile");
        let theirs = listed(&another, "Another's list", &olivia.profile_id);
        assert_eq!(name_of(holder_shown(Some(theirs)).await), gbp.name);

        // And an account the list holds is still checked against the caller's profile.
        let not_hers = listed(&olivia.profile_id, "Not hers", &another);
        let reply = holder_shown(Some(not_hers)).await;
        assert_eq!(reply.status, 404, "{}", reply.body);
    }
);
