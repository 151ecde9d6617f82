//! Cards (issue 14): ordering with a shipping address, one live card at a time also when two
//! orders race, delivery then activation with the last four digits and a PIN, freezing, limits,
//! details and closing each behind their own single-use approval, the number sealed at rest,
//! and nobody touching a colleague's card.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;

fn finsbury() -> Value {
    json!({"type": "other", "address": {"addressLine1": "20 Finsbury Circus", "city": "London",
        "postalCode": "EC2M 7EA", "countryCode": "GB"}})
}

/// A business owner with an active GBP primary account and a shipping address chosen.
async fn owner(bank: &TestBank) -> Customer {
    let owner = business_owner(bank).await;
    let chosen = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/shipping-addresses",
        finsbury(),
    )
    .await;
    assert_eq!(chosen.status, 200, "{}", chosen.body);
    owner
}

async fn order(bank: &TestBank, who: &Customer) -> Value {
    let ordered = call(bank, who, "POST", "/v2/cards/order", json!({})).await;
    assert_eq!(ordered.status, 200, "{}", ordered.body);
    ordered.json()
}

/// Lets the delivery job run until the card waits for activation.
pub async fn deliver(bank: &TestBank) {
    let later = bank.db.now_ms() + 3_600_000;
    for step in 0..3 {
        bank::store::cards::deliver_due(&bank.db, later + step * 1000, 1)
            .await
            .unwrap();
    }
}

async fn card(bank: &TestBank, who: &Customer, id: &str) -> Value {
    let list = call(bank, who, "POST", "/v2/cards/fetch", json!({})).await;
    assert_eq!(list.status, 200, "{}", list.body);
    list.json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .cloned()
        .unwrap_or(Value::Null)
}

async fn status(bank: &TestBank, who: &Customer, body: Value) -> Reply {
    call(bank, who, "PATCH", "/v2/cards/status", body).await
}

/// An active card of `who`'s.
async fn active_card(bank: &TestBank, who: &Customer) -> (String, String) {
    let ordered = order(bank, who).await;
    deliver(bank).await;
    let id = ordered["id"].as_str().unwrap().to_string();
    let last = ordered["panMasked"].as_str().unwrap()[15..].to_string();
    let activated = status(
        bank,
        who,
        json!({"cardId": id, "action": "activate", "lastDigits": last, "pin": "4829"}),
    )
    .await;
    assert_eq!(activated.status, 200, "{}", activated.body);
    (id, last)
}

/// Asks for and gives an SMS approval of `purpose` for a card; answers its request id.
async fn approve(bank: &TestBank, who: &Customer, purpose: &str, card_id: &str) -> String {
    let step = call(
        bank,
        who,
        "POST",
        "/v2/auth/mfa/generate",
        json!({"purpose": purpose, "method": "sms", "cardId": card_id}),
    )
    .await;
    assert_eq!(step.status, 200, "{}", step.body);
    let text = last_message(bank, "+447700900123").await.body;
    assert!(text.contains("your card ending"), "{text}");
    let code = text.split("enter ").nth(1).unwrap()[..6].to_string();
    let request_id = step.json()["requestId"].as_str().unwrap().to_string();
    let verified = call(
        bank,
        who,
        "POST",
        "/v2/auth/mfa/verify",
        json!({"requestId": request_id, "method": "sms", "secret": code}),
    )
    .await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    request_id
}

on_both_backends!(
    ordering_needs_an_address_and_makes_one_live_card_sealed_at_rest,
    |bank| {
        let owner = business_owner(bank).await;
        let empty = call(bank, &owner, "POST", "/v2/cards/fetch", json!({})).await;
        assert_eq!(
            empty.json(),
            json!({"results": [], "orderCondition": "order_allowed"})
        );

        let nowhere = call(bank, &owner, "POST", "/v2/cards/order", json!({})).await;
        assert_eq!(nowhere.status, 422);
        assert_eq!(
            nowhere.json()["fields"]["shippingAddress"],
            "Select a shipping address"
        );
        // Nothing known about the company yet: only an address typed in, and it is checked.
        let offered = call(
            bank,
            &owner,
            "POST",
            "/v2/cards/shipping-addresses/fetch",
            json!({}),
        )
        .await;
        assert_eq!(offered.json()["options"], json!([]));
        let unknown = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/shipping-addresses",
            json!({"type": "registered"}),
        )
        .await;
        assert_eq!(
            unknown.json()["fields"]["type"],
            "This address is not known yet"
        );
        let bad = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/shipping-addresses",
            json!({"type": "other", "address": {"addressLine1": "", "countryCode": "XX"}}),
        )
        .await;
        assert_eq!(bad.status, 422);
        assert_eq!(bad.json()["fields"]["addressLine1"], "Field is required");
        assert_eq!(bad.json()["fields"]["countryCode"], "Select country");
        let chosen = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/shipping-addresses",
            finsbury(),
        )
        .await;
        assert_eq!(chosen.json()["cardShippingAddressType"], "other");
        assert_eq!(chosen.json()["chosen"]["postalCode"], "EC2M 7EA");

        let card = order(bank, &owner).await;
        assert_eq!(card["status"], "draft");
        assert_eq!(card["holderName"], "ANNA SMITH");
        assert_eq!(
            card["shippingAddress"],
            "20 Finsbury Circus, London, EC2M 7EA"
        );
        let masked = card["panMasked"].as_str().unwrap();
        assert!(masked.starts_with("**** **** **** "), "{masked}");

        // One live card at a time.
        let again = call(bank, &owner, "POST", "/v2/cards/order", json!({})).await;
        assert_eq!(again.status, 409);
        assert_eq!(again.json()["code"], "order_disallowed");
        let list = call(bank, &owner, "POST", "/v2/cards/fetch", json!({})).await;
        assert_eq!(list.json()["orderCondition"], "order_disallowed");
        assert_eq!(list.json()["results"].as_array().unwrap().len(), 1);

        // The database holds the number only sealed: no column shows it.
        let (sealed, digest, last_four): (String, String, String) =
            sqlx::query_as("SELECT pan_sealed, pan_digest, last_four FROM cards WHERE id = $1")
                .bind(card["id"].as_str().unwrap())
                .fetch_one(&bank.db.pool)
                .await
                .unwrap();
        let vault = sandbox_config().cards.vault;
        let number = vault.open(&sealed).unwrap();
        assert!(number
            .digits()
            .starts_with(bank::domain::cards::number::TEST_BIN));
        assert_eq!(number.last_four(), last_four);
        assert_eq!(&masked[15..], last_four);
        for column in [&sealed, &digest] {
            assert!(!column.contains(number.digits()), "{column}");
            assert!(!column.contains(&number.digits()[..12]), "{column}");
        }
        let events = bank::store::audit::events_for(&bank.db, &owner.user_id)
            .await
            .unwrap();
        assert!(events.iter().any(|e| e == "cards.ordered"), "{events:?}");
    }
);

on_both_backends!(two_orders_at_once_make_one_card, |bank| {
    let owner = owner(bank).await;
    let (a, b) = tokio::join!(
        call(bank, &owner, "POST", "/v2/cards/order", json!({})),
        call(bank, &owner, "POST", "/v2/cards/order", json!({})),
    );
    let mut statuses = [a.status.as_u16(), b.status.as_u16()];
    statuses.sort();
    assert_eq!(statuses, [200, 409], "{} / {}", a.body, b.body);
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM cards")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    assert_eq!(count, 1);
});

on_both_backends!(a_delivered_card_is_activated_frozen_and_limited, |bank| {
    let owner = owner(bank).await;
    let ordered = order(bank, &owner).await;
    let id = ordered["id"].as_str().unwrap();
    let last = &ordered["panMasked"].as_str().unwrap()[15..];
    // On its way, nothing can be managed.
    let early = status(bank, &owner, json!({"cardId": id, "action": "freeze"})).await;
    assert_eq!(early.json()["code"], "card_not_manageable");
    bank::store::cards::deliver_due(&bank.db, bank.db.now_ms() + 60_000, 1)
        .await
        .unwrap();
    assert_eq!(
        card(bank, &owner, id).await["status"],
        "order_pre_processing"
    );
    deliver(bank).await;
    let delivered = card(bank, &owner, id).await;
    assert_eq!(delivered["status"], "activation_pending");
    assert_eq!(
        delivered["statusHint"],
        "Your card has arrived: activate it to start paying"
    );

    let wrong_digits = if last == "0000" { "1111" } else { "0000" };
    let wrong = status(
        bank,
        &owner,
        json!({"cardId": id, "action": "activate", "lastDigits": wrong_digits, "pin": "1234"}),
    )
    .await;
    assert_eq!(wrong.status, 422);
    assert_eq!(
        wrong.json()["fields"]["lastDigits"],
        "These are not the last four digits of this card"
    );
    assert_eq!(
        wrong.json()["fields"]["pin"],
        "Choose a PIN that is harder to guess"
    );
    assert_eq!(card(bank, &owner, id).await["status"], "activation_pending");
    let active = status(
        bank,
        &owner,
        json!({"cardId": id, "action": "activate", "lastDigits": last, "pin": "4829"}),
    )
    .await;
    assert_eq!(active.status, 200, "{}", active.body);
    assert_eq!(active.json()["status"], "active");

    let frozen = status(bank, &owner, json!({"cardId": id, "action": "freeze"})).await;
    assert_eq!(frozen.json()["status"], "inactive");
    let twice = status(bank, &owner, json!({"cardId": id, "action": "freeze"})).await;
    assert_eq!(twice.status, 409);
    let unfrozen = status(bank, &owner, json!({"cardId": id, "action": "unfreeze"})).await;
    assert_eq!(unfrozen.json()["status"], "active");

    let limits = call(
        bank,
        &owner,
        "POST",
        "/v2/cards/limits/fetch",
        json!({"cardId": id}),
    )
    .await;
    assert_eq!(limits.status, 200, "{}", limits.body);
    let kinds: Vec<String> = limits.json()["limits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["type"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        kinds,
        [
            "contactless_payment",
            "atm_cash_withdrawal",
            "online_purchase"
        ]
    );
    let too_high = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/limits",
        json!({"cardId": id, "type": "atm_cash_withdrawal", "dailyLimit": "1000.01"}),
    )
    .await;
    assert_eq!(
        too_high.json()["fields"]["dailyLimit"],
        "The limit can be at most £1,000.00"
    );
    let changed = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/limits",
            json!({"cardId": id, "type": "atm_cash_withdrawal", "dailyLimit": "150.50", "enabled": false}),
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    let atm = changed.json()["limits"][1].clone();
    assert_eq!(atm["dailyLimit"], "150.50");
    assert_eq!(atm["enabled"], false);
    assert_eq!(atm["spentToday"], "0.00");
    assert_eq!(changed.json()["pinBlocked"], false);
    let unblocked = call(
        bank,
        &owner,
        "POST",
        "/v2/cards/pin/unblock",
        json!({"cardId": id}),
    )
    .await;
    assert_eq!(unblocked.status, 200);
});

on_both_backends!(
    details_and_closing_each_need_their_own_single_use_approval,
    |bank| {
        let owner = owner(bank).await;
        let (id, last) = active_card(bank, &owner).await;
        let bare = call(
            bank,
            &owner,
            "POST",
            "/v2/cards/details/take",
            json!({"cardId": id, "requestId": "nothing"}),
        )
        .await;
        assert_eq!(bare.status, 403);
        assert_eq!(bare.json()["code"], "approval_required");

        let request_id = approve(bank, &owner, "card_details", &id).await;
        let details = call(
            bank,
            &owner,
            "POST",
            "/v2/cards/details/take",
            json!({"cardId": id, "requestId": request_id}),
        )
        .await;
        assert_eq!(details.status, 200, "{}", details.body);
        assert_eq!(details.header("cache-control"), "no-store, private");
        let shown = details.json();
        let pan = shown["pan"].as_str().unwrap().replace(' ', "");
        assert!(pan.ends_with(&last));
        assert!(bank::domain::cards::number::CardNumber::parse(&pan).is_ok());
        let cvv = shown["cvv"].as_str().unwrap();
        assert!(cvv.len() == 3 && cvv.bytes().all(|b| b.is_ascii_digit()));
        assert_eq!(shown["visibleForS"], 60);
        let replay = call(
            bank,
            &owner,
            "POST",
            "/v2/cards/details/take",
            json!({"cardId": id, "requestId": request_id}),
        )
        .await;
        assert_eq!(replay.status, 403, "an approval opens the details once");

        // An approval to see the details does not close the card.
        let other = approve(bank, &owner, "card_details", &id).await;
        let refused = status(
            bank,
            &owner,
            json!({"cardId": id, "action": "close", "reason": "stolen", "requestId": other}),
        )
        .await;
        assert_eq!(refused.status, 403);
        assert_eq!(card(bank, &owner, &id).await["status"], "active");

        let closing = approve(bank, &owner, "card_closure", &id).await;
        let no_reason = status(
            bank,
            &owner,
            json!({"cardId": id, "action": "close", "requestId": closing}),
        )
        .await;
        assert_eq!(no_reason.json()["fields"]["reason"], "Field is required");
        let closed = status(
            bank,
            &owner,
            json!({"cardId": id, "action": "close", "reason": "stolen", "requestId": closing}),
        )
        .await;
        assert_eq!(closed.status, 200, "{}", closed.body);
        assert_eq!(closed.json()["status"], "closed");
        assert_eq!(closed.json()["statusHint"], "Closed: Card was stolen");
        let reopen = status(bank, &owner, json!({"cardId": id, "action": "unfreeze"})).await;
        assert_eq!(reopen.status, 409, "closing is final");
        // A closed card makes room for a new one.
        let list = call(bank, &owner, "POST", "/v2/cards/fetch", json!({})).await;
        assert_eq!(list.json()["orderCondition"], "reorder_allowed");
        order(bank, &owner).await;
        let events = bank::store::audit::events_for(&bank.db, &owner.user_id)
            .await
            .unwrap();
        for event in [
            "cards.details_shown",
            "cards.closed",
            "auth.card_closure_approved",
        ] {
            assert!(events.iter().any(|e| e == event), "{event}: {events:?}");
        }
    }
);

on_both_backends!(
    a_colleague_neither_sees_nor_touches_a_card_that_is_not_theirs,
    |bank| {
        let owner = owner(bank).await;
        let (id, _) = active_card(bank, &owner).await;
        // Carl is the company's CFO, with the full transaction right.
        let carl = colleague(
            bank,
            &owner.profile_id,
            "carl@example.com",
            bank::domain::profiles::access::Role::Cfo,
            &["transaction:rw"],
        )
        .await;
        let list = call(bank, &carl, "POST", "/v2/cards/fetch", json!({})).await;
        assert_eq!(list.status, 200, "{}", list.body);
        assert_eq!(list.json()["results"], json!([]));
        for (method, path, body) in [
            (
                "PATCH",
                "/v2/cards/status",
                json!({"cardId": id, "action": "freeze"}),
            ),
            ("POST", "/v2/cards/limits/fetch", json!({"cardId": id})),
            ("POST", "/v2/cards/pin/unblock", json!({"cardId": id})),
            (
                "POST",
                "/v2/cards/details/take",
                json!({"cardId": id, "requestId": "x"}),
            ),
            (
                "POST",
                "/v2/auth/mfa/generate",
                json!({"purpose": "card_details", "cardId": id}),
            ),
        ] {
            let reply = call(bank, &carl, method, path, body).await;
            assert_eq!(reply.status, 404, "{method} {path}: {}", reply.body);
        }
        assert_eq!(card(bank, &owner, &id).await["status"], "active");

        // A card user of the company sees no card but their own, orders none of their own
        // (the company gives them one) and loads no accounts.
        let cara = colleague(
            bank,
            &owner.profile_id,
            "cara@example.com",
            bank::domain::profiles::access::Role::CardUser,
            &["card:rw"],
        )
        .await;
        let list = call(bank, &cara, "POST", "/v2/cards/fetch", json!({})).await;
        assert_eq!(list.status, 200, "{}", list.body);
        assert_eq!(list.json()["results"], json!([]));
        assert_eq!(list.json()["orderCondition"], "order_disallowed");
        let ordered = call(bank, &cara, "POST", "/v2/cards/order", json!({})).await;
        assert_eq!(ordered.status, 403, "{}", ordered.body);
        let accounts = call(bank, &cara, "POST", "/v2/bank-accounts/fetch", json!({})).await;
        assert_eq!(accounts.json()["results"], json!([]));
        let frozen = call(
            bank,
            &cara,
            "PATCH",
            "/v2/cards/status",
            json!({"cardId": id, "action": "freeze"}),
        )
        .await;
        assert_eq!(frozen.status, 404, "{}", frozen.body);
    }
);

on_both_backends!(the_card_screens_render_on_the_server, |bank| {
    // The list with the card's status label and its page, complete before any script runs.
    let owner = owner(bank).await;
    let cookie = format!("__Host-access={}", owner.token);
    let empty = page_with_cookie(bank, "/cards", DESKTOP, &cookie).await;
    assert_eq!(empty.status, 200);
    assert!(
        empty.body.contains("You have no cards yet."),
        "{}",
        empty.body
    );
    assert!(empty.body.contains("Order card"));
    let card = order(bank, &owner).await;
    deliver(bank).await;
    let id = card["id"].as_str().unwrap();
    for agent in [DESKTOP, IPHONE] {
        let page = page_with_cookie(bank, &format!("/cards?card={id}"), agent, &cookie).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("To activate"), "{}", page.body);
        assert!(page.body.contains(card["panMasked"].as_str().unwrap()));
        assert!(page.body.contains("Activate card"));
        assert!(!page.body.contains("Order card"), "one live card at a time");
    }
    let activate = page_with_cookie(bank, "/cards/activate", IPHONE, &cookie).await;
    assert!(activate.body.contains("Last 4 digits of the card"));
    let perk = page_with_cookie(bank, "/cards/benefits/cashback", IPHONE, &cookie).await;
    assert!(perk
        .body
        .contains("Up to 35% cash-back on business travel."));

    // A customer whose main account is in euros is told cards are coming (euCardComingSoon is
    // on by default), and the server keeps the card calls from them.
    let euro = customer(bank, "eu@example.com", "Fischer GmbH").await;
    open_account(bank, &euro.profile_id, Currency::Eur, true).await;
    let cookie = format!("__Host-access={}", euro.token);
    let page = page_with_cookie(bank, "/cards", DESKTOP, &cookie).await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("Cards for euro accounts are coming soon"),
        "{}",
        page.body
    );
    let refused = call(bank, &euro, "POST", "/v2/cards/order", json!({})).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let activate = page_with_cookie(bank, "/cards/activate", DESKTOP, &cookie).await;
    assert_eq!(activate.header("location"), "/dashboard");
});
