//! Cards (issue 14): ordering with a shipping address, one live card at a time also when two
//! orders race, delivery then activation with the last four digits and a PIN, freezing, limits,
//! details and closing each behind their own single-use approval, the number sealed at rest,
//! and nobody touching a colleague's card. The calls send and read the API's own request and
//! answer types (issue 27), so a renamed field stops these tests compiling.

use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::accounts::bank_accounts::BankAccountList;
use bank::api::auth::step_up::MfaGenerate;
use bank::api::auth::MfaInput;
use bank::api::cards::details::{CardDetails, DetailsRequest};
use bank::api::cards::managing::{CardLimits, CardRef, LimitChange, StatusChange};
use bank::api::cards::ordering::{CardList, ShippingAddresses, ShippingChoice};
use bank::api::cards::CardView;
use bank::api::common_answers::MfaStep;
use bank::domain::accounts::money::Currency;
use bank::domain::auth::mfa::{Method, Purpose};
use bank::domain::cards::controls::LimitType;
use bank::domain::cards::shipping::{ShippingAddress, ShippingType};
use bank::domain::cards::status::{CardAction, CardStatus, ClosureReason, OrderCondition};

pub fn finsbury() -> ShippingChoice {
    ShippingChoice {
        kind: Some(ShippingType::Other),
        address: Some(ShippingAddress {
            address_line1: "20 Finsbury Circus".into(),
            city: "London".into(),
            postal_code: "EC2M 7EA".into(),
            country_code: "GB".into(),
            ..Default::default()
        }),
    }
}

/// A business owner with an active GBP primary account and a shipping address chosen.
async fn owner(bank: &TestBank) -> Customer {
    let owner = business_owner(bank).await;
    let chosen = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/shipping-addresses",
        body(&finsbury()),
    )
    .await;
    assert_eq!(chosen.status, 200, "{}", chosen.body);
    owner
}

async fn order(bank: &TestBank, who: &Customer) -> CardView {
    let ordered = call(bank, who, "POST", "/v2/cards/order", json!({})).await;
    assert_eq!(ordered.status, 200, "{}", ordered.body);
    ordered.read()
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

async fn cards(bank: &TestBank, who: &Customer) -> CardList {
    let list = call(bank, who, "POST", "/v2/cards/fetch", json!({})).await;
    assert_eq!(list.status, 200, "{}", list.body);
    list.read()
}

async fn card(bank: &TestBank, who: &Customer, id: &str) -> CardView {
    cards(bank, who)
        .await
        .results
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no card {id}"))
}

/// A change of status of the card `id`.
pub fn change(id: &str, action: CardAction) -> StatusChange {
    StatusChange {
        card_id: id.into(),
        action: Some(action),
        ..Default::default()
    }
}

async fn status(bank: &TestBank, who: &Customer, change: StatusChange) -> Reply {
    call(bank, who, "PATCH", "/v2/cards/status", body(&change)).await
}

pub fn activation(id: &str, last_digits: &str, pin: &str) -> StatusChange {
    StatusChange {
        last_digits: last_digits.into(),
        pin: pin.into(),
        ..change(id, CardAction::Activate)
    }
}

fn closing(id: &str, reason: Option<ClosureReason>, request_id: &str) -> StatusChange {
    StatusChange {
        reason,
        request_id: request_id.into(),
        ..change(id, CardAction::Close)
    }
}

/// The last four digits a masked number shows.
pub fn last_four(card: &CardView) -> String {
    card.pan_masked[15..].to_string()
}

/// An active card of `who`'s.
async fn active_card(bank: &TestBank, who: &Customer) -> (String, String) {
    let ordered = order(bank, who).await;
    deliver(bank).await;
    let last = last_four(&ordered);
    let activated = status(bank, who, activation(&ordered.id, &last, "4829")).await;
    assert_eq!(activated.status, 200, "{}", activated.body);
    (ordered.id, last)
}

/// Asks for and gives an SMS approval of `purpose` for a card; answers its request id.
async fn approve(bank: &TestBank, who: &Customer, purpose: Purpose, card_id: &str) -> String {
    let asked = MfaGenerate {
        purpose: Some(purpose),
        method: Some(Method::Sms),
        card_id: Some(card_id.into()),
        ..Default::default()
    };
    let step = call(bank, who, "POST", "/v2/auth/mfa/generate", body(&asked)).await;
    assert_eq!(step.status, 200, "{}", step.body);
    let text = last_message(bank, "+447700900123").await.body;
    assert!(text.contains("your card ending"), "{text}");
    let code = text.split("enter ").nth(1).unwrap()[..6].to_string();
    let request_id = step.read::<MfaStep>().request_id;
    let answer = MfaInput {
        request_id: request_id.clone(),
        secret: code,
        method: Some(Method::Sms),
        ..Default::default()
    };
    let verified = call(bank, who, "POST", "/v2/auth/mfa/verify", body(&answer)).await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    request_id
}

fn details_of(card_id: &str, request_id: &str) -> serde_json::Value {
    body(&DetailsRequest {
        card_id: card_id.into(),
        request_id: request_id.into(),
    })
}

pub fn card_ref(card_id: &str) -> serde_json::Value {
    body(&CardRef {
        card_id: card_id.into(),
    })
}

on_both_backends!(
    ordering_needs_an_address_and_makes_one_live_card_sealed_at_rest,
    |bank| {
        let owner = business_owner(bank).await;
        let empty = cards(bank, &owner).await;
        assert!(empty.results.is_empty());
        assert_eq!(empty.order_condition, OrderCondition::OrderAllowed);

        let nowhere = call(bank, &owner, "POST", "/v2/cards/order", json!({})).await;
        assert_eq!(nowhere.status, 422);
        assert_eq!(
            nowhere.field_error("shippingAddress"),
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
        assert!(offered.read::<ShippingAddresses>().options.is_empty());
        let registered = ShippingChoice {
            kind: Some(ShippingType::Registered),
            address: None,
        };
        let unknown = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/shipping-addresses",
            body(&registered),
        )
        .await;
        assert_eq!(unknown.field_error("type"), "This address is not known yet");
        let nowhere_real = ShippingChoice {
            kind: Some(ShippingType::Other),
            address: Some(ShippingAddress {
                country_code: "XX".into(),
                ..Default::default()
            }),
        };
        let bad = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/shipping-addresses",
            body(&nowhere_real),
        )
        .await;
        assert_eq!(bad.status, 422);
        assert_eq!(bad.field_error("addressLine1"), "Field is required");
        assert_eq!(bad.field_error("countryCode"), "Select country");
        let chosen = call(
            bank,
            &owner,
            "PATCH",
            "/v2/cards/shipping-addresses",
            body(&finsbury()),
        )
        .await
        .read::<ShippingAddresses>();
        assert_eq!(chosen.card_shipping_address_type, Some(ShippingType::Other));
        assert_eq!(chosen.chosen.unwrap().postal_code, "EC2M 7EA");

        let card = order(bank, &owner).await;
        assert_eq!(card.status, CardStatus::Draft);
        assert_eq!(card.holder_name, "ANNA SMITH");
        assert_eq!(
            card.shipping_address,
            "20 Finsbury Circus, London, EC2M 7EA"
        );
        assert!(
            card.pan_masked.starts_with("**** **** **** "),
            "{}",
            card.pan_masked
        );

        // One live card at a time.
        let again = call(bank, &owner, "POST", "/v2/cards/order", json!({})).await;
        assert_eq!(again.status, 409);
        assert_eq!(again.error().code, "order_disallowed");
        let list = cards(bank, &owner).await;
        assert_eq!(list.order_condition, OrderCondition::OrderDisallowed);
        assert_eq!(list.results.len(), 1);

        // The database holds the number only sealed: no column shows it.
        let (sealed, digest, last_four): (String, String, String) =
            sqlx::query_as("SELECT pan_sealed, pan_digest, last_four FROM cards WHERE id = $1")
                .bind(&card.id)
                .fetch_one(&bank.db.pool)
                .await
                .unwrap();
        let vault = sandbox_config().cards.vault;
        let number = vault.open(&sealed).unwrap();
        assert!(number
            .digits()
            .starts_with(bank::domain::cards::number::TEST_BIN));
        assert_eq!(number.last_four(), last_four);
        assert_eq!(&card.pan_masked[15..], last_four);
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
    let id = ordered.id.as_str();
    let last = last_four(&ordered);
    // On its way, nothing can be managed.
    let early = status(bank, &owner, change(id, CardAction::Freeze)).await;
    assert_eq!(early.error().code, "card_not_manageable");
    // The page learns when the next step is due, so its tracker asks again then.
    let first_step = ordered
        .next_step_at
        .clone()
        .expect("an ordered card travels");
    assert!(first_step.ends_with('Z'), "{first_step}");
    bank::store::cards::deliver_due(&bank.db, bank.db.now_ms() + 60_000, 1)
        .await
        .unwrap();
    let made = card(bank, &owner, id).await;
    assert_eq!(made.status, CardStatus::OrderPreProcessing);
    assert_ne!(made.next_step_at.expect("still travelling"), first_step);
    deliver(bank).await;
    let delivered = card(bank, &owner, id).await;
    assert_eq!(delivered.status, CardStatus::ActivationPending);
    // Arrived: only the holder moves it on now.
    assert_eq!(delivered.next_step_at, None);
    assert_eq!(
        delivered.status_hint,
        "Your card has arrived: activate it to start paying"
    );

    let wrong_digits = if last == "0000" { "1111" } else { "0000" };
    let wrong = status(bank, &owner, activation(id, wrong_digits, "1234")).await;
    assert_eq!(wrong.status, 422);
    assert_eq!(
        wrong.field_error("lastDigits"),
        "These are not the last four digits of this card"
    );
    assert_eq!(
        wrong.field_error("pin"),
        "Choose a PIN that is harder to guess"
    );
    assert_eq!(
        card(bank, &owner, id).await.status,
        CardStatus::ActivationPending
    );
    let active = status(bank, &owner, activation(id, &last, "4829")).await;
    assert_eq!(active.status, 200, "{}", active.body);
    assert_eq!(active.read::<CardView>().status, CardStatus::Active);

    let frozen = status(bank, &owner, change(id, CardAction::Freeze)).await;
    assert_eq!(frozen.read::<CardView>().status, CardStatus::Inactive);
    let twice = status(bank, &owner, change(id, CardAction::Freeze)).await;
    assert_eq!(twice.status, 409);
    let unfrozen = status(bank, &owner, change(id, CardAction::Unfreeze)).await;
    assert_eq!(unfrozen.read::<CardView>().status, CardStatus::Active);

    let limits = call(bank, &owner, "POST", "/v2/cards/limits/fetch", card_ref(id)).await;
    assert_eq!(limits.status, 200, "{}", limits.body);
    let kinds: Vec<LimitType> = limits
        .read::<CardLimits>()
        .limits
        .iter()
        .map(|l| l.kind)
        .collect();
    assert_eq!(kinds, LimitType::ALL);
    let limit = |daily_limit: &str, enabled: Option<bool>| LimitChange {
        card_id: id.into(),
        kind: Some(LimitType::AtmCashWithdrawal),
        enabled,
        daily_limit: Some(daily_limit.into()),
    };
    let too_high = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/limits",
        body(&limit("1000.01", None)),
    )
    .await;
    assert_eq!(
        too_high.field_error("dailyLimit"),
        "The limit can be at most £1,000.00"
    );
    let changed = call(
        bank,
        &owner,
        "PATCH",
        "/v2/cards/limits",
        body(&limit("150.50", Some(false))),
    )
    .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    let changed: CardLimits = changed.read();
    let atm = &changed.limits[1];
    assert_eq!(atm.kind, LimitType::AtmCashWithdrawal);
    assert_eq!(atm.daily_limit, "150.50");
    assert!(!atm.enabled);
    assert_eq!(atm.spent_today, "0.00");
    assert!(!changed.pin_blocked);
    let unblocked = call(bank, &owner, "POST", "/v2/cards/pin/unblock", card_ref(id)).await;
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
            details_of(&id, "nothing"),
        )
        .await;
        assert_eq!(bare.status, 403);
        assert_eq!(bare.error().code, "approval_required");

        let request_id = approve(bank, &owner, Purpose::CardDetails, &id).await;
        let details = call(
            bank,
            &owner,
            "POST",
            "/v2/cards/details/take",
            details_of(&id, &request_id),
        )
        .await;
        assert_eq!(details.status, 200, "{}", details.body);
        assert_eq!(details.header("cache-control"), "no-store, private");
        let shown: CardDetails = details.read();
        let pan = shown.pan.replace(' ', "");
        assert!(pan.ends_with(&last));
        assert!(bank::domain::cards::number::CardNumber::parse(&pan).is_ok());
        assert!(shown.cvv.len() == 3 && shown.cvv.bytes().all(|b| b.is_ascii_digit()));
        assert_eq!(shown.visible_for_s, 60);
        let replay = call(
            bank,
            &owner,
            "POST",
            "/v2/cards/details/take",
            details_of(&id, &request_id),
        )
        .await;
        assert_eq!(replay.status, 403, "an approval opens the details once");

        // An approval to see the details does not close the card.
        let other = approve(bank, &owner, Purpose::CardDetails, &id).await;
        let refused = status(
            bank,
            &owner,
            closing(&id, Some(ClosureReason::Stolen), &other),
        )
        .await;
        assert_eq!(refused.status, 403);
        assert_eq!(card(bank, &owner, &id).await.status, CardStatus::Active);

        let approval = approve(bank, &owner, Purpose::CardClosure, &id).await;
        let no_reason = status(bank, &owner, closing(&id, None, &approval)).await;
        assert_eq!(no_reason.field_error("reason"), "Field is required");
        let closed = status(
            bank,
            &owner,
            closing(&id, Some(ClosureReason::Stolen), &approval),
        )
        .await;
        assert_eq!(closed.status, 200, "{}", closed.body);
        let closed: CardView = closed.read();
        assert_eq!(closed.status, CardStatus::Closed);
        assert_eq!(closed.closure_reason, Some(ClosureReason::Stolen));
        assert_eq!(closed.status_hint, "Closed: Card was stolen");
        let reopen = status(bank, &owner, change(&id, CardAction::Unfreeze)).await;
        assert_eq!(reopen.status, 409, "closing is final");
        // A closed card makes room for a new one.
        assert_eq!(
            cards(bank, &owner).await.order_condition,
            OrderCondition::ReorderAllowed
        );
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
        assert!(cards(bank, &carl).await.results.is_empty());
        let details_approval = MfaGenerate {
            purpose: Some(Purpose::CardDetails),
            card_id: Some(id.clone()),
            ..Default::default()
        };
        for (method, path, request) in [
            (
                "PATCH",
                "/v2/cards/status",
                body(&change(&id, CardAction::Freeze)),
            ),
            ("POST", "/v2/cards/limits/fetch", card_ref(&id)),
            ("POST", "/v2/cards/pin/unblock", card_ref(&id)),
            ("POST", "/v2/cards/details/take", details_of(&id, "x")),
            ("POST", "/v2/auth/mfa/generate", body(&details_approval)),
        ] {
            let reply = call(bank, &carl, method, path, request).await;
            assert_eq!(reply.status, 404, "{method} {path}: {}", reply.body);
        }
        assert_eq!(card(bank, &owner, &id).await.status, CardStatus::Active);

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
        let list = cards(bank, &cara).await;
        assert!(list.results.is_empty());
        assert_eq!(list.order_condition, OrderCondition::OrderDisallowed);
        let ordered = call(bank, &cara, "POST", "/v2/cards/order", json!({})).await;
        assert_eq!(ordered.status, 403, "{}", ordered.body);
        let accounts = call(bank, &cara, "POST", "/v2/bank-accounts/fetch", json!({})).await;
        assert!(accounts.read::<BankAccountList>().results.is_empty());
        let frozen = status(bank, &cara, change(&id, CardAction::Freeze)).await;
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
    for agent in [DESKTOP, IPHONE] {
        let page =
            page_with_cookie(bank, &format!("/cards?card={}", card.id), agent, &cookie).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("To activate"), "{}", page.body);
        assert!(page.body.contains(&card.pan_masked));
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

// The demo company can have its card sent to its registered or its trading address, as a
// company that signed up can; the demo private customer to their home.
on_both_backends!(
    demo_customers_have_the_addresses_a_card_is_sent_to,
    |bank| {
        assert!(bank::demo::ensure(&bank.db).await.unwrap());
        let member = |email: &'static str| {
            sqlx::query_as::<_, (String, String)>(
                "SELECT m.user_id, m.profile_id FROM profile_members m \
             JOIN users u ON u.id = m.user_id WHERE u.email = $1",
            )
            .bind(email)
            .fetch_one(&bank.db.pool)
        };
        let known = |user: String, profile: String, kind| async move {
            bank::services::cards::ordering::known_addresses(
                &bank.db,
                &profile.into(),
                kind,
                &user.into(),
            )
            .await
            .unwrap()
        };
        use bank::domain::profiles::access::ProfileType;
        let (user, profile) = member("olivia@demo.harbour.example").await.unwrap();
        let company = known(user, profile, ProfileType::Business).await;
        let kinds: Vec<_> = company.iter().map(|(kind, _)| *kind).collect();
        assert_eq!(kinds, [ShippingType::Registered, ShippingType::Trading]);
        assert_eq!(company[1].1.postal_code, "EC2Y 9LY");
        let (user, profile) = member("tom@demo.harbour.example").await.unwrap();
        let home = known(user, profile, ProfileType::Personal).await;
        assert_eq!(home.len(), 1);
        assert_eq!(home[0].1.city, "Manchester");
    }
);
