//! Card payments through the ledger (issue 14 point 4): an authorisation holds money and shows
//! a pending transaction, a capture books it, a reversal releases it, a refund credits it back;
//! frozen cards, switched-off controls, daily limits and short balances decline without moving
//! money; repeated and concurrent messages never hold or book twice; the ledger stays sound.

use serde_json::json;

use crate::cards::{activation, card_ref, change, finsbury, last_four};
use crate::helpers::*;
use crate::on_both_backends;
use bank::api::accounts::transactions::{FetchInput, TransactionPage, TransactionView};
use bank::api::cards::authorizations::{HoldRef, HoldView, HoldsPage, HoldsRequest};
use bank::api::cards::managing::{CardLimits, LimitChange};
use bank::api::cards::CardView;
use bank::domain::accounts::money::Currency;
use bank::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use bank::domain::cards::controls::{DeclineReason, LimitType};
use bank::domain::cards::status::CardAction;
use bank::services::cards::authorizations::{self as card_authorizations, Authorization, Request};
use bank::store::transactions::Acceptor;

struct Holder {
    who: Customer,
    account: bank::store::bank_accounts::BankAccount,
    card_id: bank::domain::ids::CardId,
}

/// A business with 100.00 on its GBP account and an active card.
async fn holder(bank: &TestBank) -> Holder {
    let who = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let account = open_account(bank, &who.profile_id, Currency::Gbp, true).await;
    bank::providers::sandbox_payments::credit(&bank.db, &account.iban, "100.00", "Payer", "")
        .await
        .unwrap();
    call(
        bank,
        &who,
        "PATCH",
        "/v2/cards/shipping-addresses",
        body(&finsbury()),
    )
    .await;
    let ordered: CardView = call(bank, &who, "POST", "/v2/cards/order", json!({}))
        .await
        .read();
    let later = bank.db.now_ms() + 3_600_000;
    for step in 0..3 {
        bank::store::cards::deliver_due(&bank.db, later + step * 1000, 1)
            .await
            .unwrap();
    }
    let last = last_four(&ordered);
    let active = call(
        bank,
        &who,
        "PATCH",
        "/v2/cards/status",
        body(&activation(&ordered.id, &last, "4829")),
    )
    .await;
    assert_eq!(active.status, 200, "{}", active.body);
    let account = reload(bank, &account).await;
    Holder {
        who,
        account,
        card_id: ordered.id.into(),
    }
}

fn shop() -> Acceptor {
    bank::demo::past_year::merchants().remove(0)
}

async fn authorize(
    bank: &TestBank,
    h: &Holder,
    network_id: &str,
    kind: LimitType,
    pence: i64,
) -> Authorization {
    card_authorizations::authorize(
        &bank.db,
        &Request {
            network_id,
            card_id: &h.card_id,
            kind,
            amount: pence,
            currency: Currency::Gbp,
            acceptor: &shop(),
            at: bank.db.now_ms(),
        },
    )
    .await
    .unwrap()
}

async fn balance(bank: &TestBank, h: &Holder) -> (i64, i64) {
    let account = reload(bank, &h.account).await;
    (account.balance.booked, account.balance.available())
}

async fn card_transactions(bank: &TestBank, h: &Holder) -> Vec<TransactionView> {
    let by_card = FetchInput {
        card_id: Some(h.card_id.to_string()),
        ..Default::default()
    };
    let page = call(
        bank,
        &h.who,
        "POST",
        "/v2/transactions/fetch",
        body(&by_card),
    )
    .await;
    assert_eq!(page.status, 200, "{}", page.body);
    page.read::<TransactionPage>().results
}

async fn holds(bank: &TestBank, h: &Holder, request: HoldsRequest) -> HoldsPage {
    let reply = call(
        bank,
        &h.who,
        "POST",
        "/v2/authorizations/fetch",
        body(&request),
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

on_both_backends!(an_authorisation_holds_then_a_capture_books_once, |bank| {
    let h = holder(bank).await;
    let auth = authorize(bank, &h, "net-1", LimitType::ContactlessPayment, 2_550).await;
    assert_eq!(auth.status.as_str(), "pending");
    assert_eq!(balance(bank, &h).await, (10_000, 7_450), "held, not booked");
    let rows = card_transactions(bank, &h).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].status, TransactionStatus::Pending);
    assert_eq!(rows[0].kind, TransactionType::CardPurchase);
    let open = holds(
        bank,
        &h,
        HoldsRequest {
            page: Some(1),
            limit: Some(20),
            card_id: h.card_id.to_string(),
            bank_account_id: Some(h.account.id.to_string()),
        },
    )
    .await;
    assert_eq!(open.total_results, 1);
    assert_eq!(open.results[0].amount, "25.50");
    assert_eq!(open.results[0].acceptor.name, shop().name);
    let one = HoldRef {
        card_id: h.card_id.to_string(),
        id: auth.id.clone(),
    };
    let one = call(bank, &h.who, "POST", "/v2/authorizations/take", body(&one)).await;
    assert_eq!(one.read::<HoldView>().kind, LimitType::ContactlessPayment);

    // The same message again is answered the same, and holds nothing more.
    assert_eq!(
        authorize(bank, &h, "net-1", LimitType::ContactlessPayment, 2_550).await,
        auth
    );
    assert_eq!(balance(bank, &h).await, (10_000, 7_450));

    let captured = card_authorizations::capture(&bank.db, "net-1", bank.db.now_ms())
        .await
        .unwrap();
    assert_eq!(captured.status.as_str(), "captured");
    assert_eq!(balance(bank, &h).await, (7_450, 7_450));
    let again = card_authorizations::capture(&bank.db, "net-1", bank.db.now_ms())
        .await
        .unwrap();
    assert_eq!(again.status.as_str(), "captured");
    assert_eq!(balance(bank, &h).await, (7_450, 7_450), "booked once");
    let rows = card_transactions(bank, &h).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].status, TransactionStatus::Completed);
    assert_eq!(rows[0].balance_after, Some(74.5));
    let none_open = HoldsRequest {
        card_id: h.card_id.to_string(),
        ..Default::default()
    };
    assert_eq!(holds(bank, &h, none_open).await.total_results, 0);
    assert!(
        card_authorizations::reverse(&bank.db, "net-1", bank.db.now_ms())
            .await
            .is_err(),
        "a captured payment is not reversed"
    );
    ledger_is_sound(bank).await;
});

on_both_backends!(
    a_reversal_frees_the_money_and_a_refund_gives_back_at_most_what_was_paid,
    |bank| {
        let h = holder(bank).await;
        authorize(bank, &h, "net-r", LimitType::OnlinePurchase, 4_000).await;
        let reversed = card_authorizations::reverse(&bank.db, "net-r", bank.db.now_ms())
            .await
            .unwrap();
        assert_eq!(reversed.status.as_str(), "reversed");
        assert_eq!(balance(bank, &h).await, (10_000, 10_000));
        assert!(
            card_authorizations::capture(&bank.db, "net-r", bank.db.now_ms())
                .await
                .is_err()
        );

        authorize(bank, &h, "net-p", LimitType::OnlinePurchase, 6_000).await;
        card_authorizations::capture(&bank.db, "net-p", bank.db.now_ms())
            .await
            .unwrap();
        let now = bank.db.now_ms();
        card_authorizations::refund(&bank.db, "net-f1", "net-p", 2_500, now)
            .await
            .unwrap();
        assert_eq!(balance(bank, &h).await, (6_500, 6_500));
        // A repeated refund message refunds once; more than is left is refused.
        card_authorizations::refund(&bank.db, "net-f1", "net-p", 2_500, now)
            .await
            .unwrap();
        assert!(
            card_authorizations::refund(&bank.db, "net-f2", "net-p", 3_501, now)
                .await
                .is_err()
        );
        card_authorizations::refund(&bank.db, "net-f3", "net-p", 3_500, now)
            .await
            .unwrap();
        assert_eq!(balance(bank, &h).await, (10_000, 10_000));
        let kinds: Vec<String> = card_transactions(bank, &h)
            .await
            .iter()
            .map(|t| format!("{} {}", t.kind, t.status))
            .collect();
        assert_eq!(
            kinds
                .iter()
                .filter(|k| *k == "card_refund completed")
                .count(),
            2,
            "{kinds:?}"
        );
        assert!(
            kinds.contains(&"card_purchase refunded".to_string()),
            "{kinds:?}"
        );
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(
    frozen_switched_off_over_limit_and_short_are_declined_without_moving_money,
    |bank| {
        let h = holder(bank).await;
        let declined =
            |auth: &Authorization| (auth.status.as_str().to_string(), auth.decline_reason);
        // More than the balance.
        let short = authorize(bank, &h, "d-1", LimitType::OnlinePurchase, 10_001).await;
        assert_eq!(
            declined(&short),
            ("declined".into(), Some(DeclineReason::InsufficientFunds))
        );
        // Over the daily limit: cash 50.00 a day, 30.00 already taken.
        let limit = call(
            bank,
            &h.who,
            "PATCH",
            "/v2/cards/limits",
            body(&LimitChange {
                card_id: h.card_id.to_string(),
                kind: Some(LimitType::AtmCashWithdrawal),
                enabled: None,
                daily_limit: Some("50.00".into()),
            }),
        )
        .await;
        assert_eq!(limit.status, 200, "{}", limit.body);
        let cash = authorize(bank, &h, "d-2", LimitType::AtmCashWithdrawal, 3_000).await;
        assert_eq!(cash.status.as_str(), "pending");
        let over = authorize(bank, &h, "d-3", LimitType::AtmCashWithdrawal, 2_001).await;
        assert_eq!(
            declined(&over),
            ("declined".into(), Some(DeclineReason::LimitExceeded))
        );
        let limits: CardLimits = call(
            bank,
            &h.who,
            "POST",
            "/v2/cards/limits/fetch",
            card_ref(&h.card_id),
        )
        .await
        .read();
        assert_eq!(limits.limits[1].kind, LimitType::AtmCashWithdrawal);
        assert_eq!(limits.limits[1].spent_today, "30.00");
        // A control switched off.
        call(
            bank,
            &h.who,
            "PATCH",
            "/v2/cards/limits",
            body(&LimitChange {
                card_id: h.card_id.to_string(),
                kind: Some(LimitType::OnlinePurchase),
                enabled: Some(false),
                daily_limit: None,
            }),
        )
        .await;
        let online = authorize(bank, &h, "d-4", LimitType::OnlinePurchase, 100).await;
        assert_eq!(
            declined(&online),
            ("declined".into(), Some(DeclineReason::ControlOff))
        );
        // Frozen.
        call(
            bank,
            &h.who,
            "PATCH",
            "/v2/cards/status",
            body(&change(&h.card_id, CardAction::Freeze)),
        )
        .await;
        let frozen = authorize(bank, &h, "d-5", LimitType::ContactlessPayment, 100).await;
        assert_eq!(
            declined(&frozen),
            ("declined".into(), Some(DeclineReason::CardNotActive))
        );
        // Only the cash withdrawal holds money; the declined ones show, and moved nothing.
        assert_eq!(balance(bank, &h).await, (10_000, 7_000));
        let rows = card_transactions(bank, &h).await;
        assert_eq!(
            rows.iter()
                .filter(|r| r.status == TransactionStatus::Declined)
                .count(),
            4
        );
        assert_eq!(
            rows.iter()
                .filter(|r| r.kind == TransactionType::CardWithdrawal)
                .count(),
            2
        );
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(concurrent_authorisations_never_overdraw, |bank| {
    let h = holder(bank).await;
    let mut tasks = Vec::new();
    for i in 0..10 {
        let db = bank.db.clone();
        let card_id = h.card_id.clone();
        tasks.push(tokio::spawn(async move {
            card_authorizations::authorize(
                &db,
                &Request {
                    network_id: &format!("c-{i}"),
                    card_id: &card_id,
                    kind: LimitType::OnlinePurchase,
                    amount: 1_500,
                    currency: Currency::Gbp,
                    acceptor: &shop(),
                    at: db.now_ms(),
                },
            )
            .await
            .unwrap()
        }));
    }
    let mut approved = 0;
    for task in tasks {
        if task.await.unwrap().status.as_str() == "pending" {
            approved += 1;
        }
    }
    assert_eq!(approved, 6, "6 × 15.00 fit in 100.00, a 7th does not");
    assert_eq!(balance(bank, &h).await, (10_000, 1_000));
    ledger_is_sound(bank).await;
});

on_both_backends!(the_sandbox_network_page_pays_with_a_card_number, |bank| {
    let h = holder(bank).await;
    let (sealed,): (String,) = sqlx::query_as("SELECT pan_sealed FROM cards WHERE id = $1")
        .bind(&h.card_id)
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    let number = sandbox_config().cards.vault.open(&sealed).unwrap();
    let form = |body: String| {
        axum::http::Request::post("/dev/card-network")
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", ORIGIN)
            .body(axum::body::Body::from(body))
            .unwrap()
    };
    let paid = bank
        .send(form(format!(
            "message=authorize&card={}&amount=12.34&kind=contactless&merchant=Pret+A+Manger",
            number.grouped().replace(' ', "+")
        )))
        .await;
    assert_eq!(paid.status, 200, "{}", paid.body);
    assert!(
        paid.body.contains("£12.34 at Pret A Manger: pending"),
        "{}",
        paid.body
    );
    let network_id = paid
        .body
        .split("data-network-id=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let captured = bank
        .send(form(format!("message=capture&network_id={network_id}")))
        .await;
    assert!(captured.body.contains(": captured"), "{}", captured.body);
    assert_eq!(balance(bank, &h).await, (8_766, 8_766));
    let unknown = bank
        .send(form(
            "message=authorize&card=4000020000000000&amount=1&kind=online".into(),
        ))
        .await;
    assert_eq!(unknown.status, 422);
});

on_both_backends!(a_restricted_account_uses_no_card, |bank| {
    let h = holder(bank).await;
    bank::store::users::set_status(
        &bank.db,
        &h.who.user_id,
        bank::domain::onboarding::kyc::KycStatus::AccountRestricted,
    )
    .await
    .unwrap();
    let before = balance(bank, &h).await;
    let refused = authorize(bank, &h, "r-1", LimitType::OnlinePurchase, 500).await;
    assert_eq!(refused.status.as_str(), "declined");
    assert_eq!(balance(bank, &h).await, before);
    // Lifted, the same card pays again.
    bank::store::users::set_status(
        &bank.db,
        &h.who.user_id,
        bank::domain::onboarding::kyc::KycStatus::Completed,
    )
    .await
    .unwrap();
    let paid = authorize(bank, &h, "r-2", LimitType::OnlinePurchase, 500).await;
    assert_eq!(paid.status.as_str(), "pending");
});
