//! The bank's review of a business and the activation fee (issue 10 points 5 and 6): the
//! `bank kyb` decisions, then the fee paid by transfer, card (3-D Secure) or Apple Pay, which
//! opens the accounts, exactly once.

use axum::body::Body;
use axum::http::Request;
use bank::api::onboarding::business::OnboardingReply;
use bank::api::onboarding::fee::{
    FeeMethod, FeeReply, OrderInput, WalletInitiate, WalletProcess, WalletSession,
};
use bank::api::onboarding::kyb::AdditionalInfo;
use bank::api::signup::KycStatusReply;
use bank::domain::accounts::money::Currency;
use bank::domain::ids::UserId;
use bank::domain::onboarding::fee::FeeStatus;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use crate::onboarding::{company, complete_wizard};
use bank::domain::onboarding::kyc::KycStatus;
use bank::domain::onboarding::review::KybDecision;
use bank::services::onboarding::review::decide_business as decide;

async fn status(bank: &TestBank, user_id: &UserId) -> String {
    bank::store::users::by_id(&bank.db, user_id)
        .await
        .unwrap()
        .unwrap()
        .kyc_status
        .as_str()
        .to_string()
}

fn notify(bank: &TestBank) -> bank::providers::notify::Notifications {
    bank::providers::notify::Notifications::new(&bank.db, true, None).unwrap()
}

/// A UK business whose details are in and whose review is waiting.
async fn business_in_review(bank: &TestBank, email: &str) -> (UserId, String) {
    let (user_id, auth) = applicant(bank, email, "business", "profile_incomplete").await;
    complete_wizard(bank, &auth, &company()).await;
    bank::store::users::set_status(&bank.db, &user_id, KycStatus::KybPending)
        .await
        .unwrap();
    (user_id, auth)
}

/// A UK business the bank has approved: its activation fee is due.
pub(crate) async fn approved_business(bank: &TestBank, email: &str) -> (UserId, String) {
    let applicant = business_in_review(bank, email).await;
    decide(
        &bank.db,
        &notify(bank),
        "Harbour",
        email,
        KybDecision::Approve,
        None,
    )
    .await
    .unwrap();
    applicant
}

pub(crate) async fn fee_of(bank: &TestBank, auth: &str) -> FeeReply {
    let reply = post(
        bank,
        "/v2/account-profiles/registration-fees/take",
        json!({}),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

async fn accounts(
    bank: &TestBank,
    user_id: &UserId,
) -> Vec<bank::store::bank_accounts::BankAccount> {
    let profiles = bank::store::profiles::for_user(&bank.db, user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 1, "one profile");
    bank::store::bank_accounts::for_profile(&bank.db, &profiles[0].id)
        .await
        .unwrap()
}

on_both_backends!(the_bank_reviews_a_business_and_may_ask_for_more, |bank| {
    let (user_id, auth) = business_in_review(bank, "olivia@example.com").await;
    let n = notify(bank);
    let no_note = decide(
        &bank.db,
        &n,
        "Harbour",
        "olivia@example.com",
        KybDecision::RequestMore,
        None,
    )
    .await;
    assert!(no_note.is_err());
    let asked = decide(
        &bank.db,
        &n,
        "Harbour",
        "olivia@example.com",
        KybDecision::RequestMore,
        Some("Your latest annual accounts"),
    )
    .await
    .unwrap();
    assert_eq!(asked, KycStatus::KybRequested);
    assert!(last_message(bank, "olivia@example.com")
        .await
        .body
        .contains("Your latest annual accounts"));
    let take = post(
        bank,
        "/v2/onboardings/take",
        json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(
        take.read::<OnboardingReply>().review_note.as_deref(),
        Some("Your latest annual accounts")
    );

    let empty = post(
        bank,
        "/v2/onboardings/additional-info",
        body(&AdditionalInfo { text: " ".into() }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(empty.field_error("text"), "Field is required");
    let answered = post(
        bank,
        "/v2/onboardings/additional-info",
        body(&AdditionalInfo {
            text: "Filed at Companies House on 1 May".into(),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(answered.status, 200, "{}", answered.body);
    assert_eq!(status(bank, &user_id).await, "kyb_pending");
    let again = post(
        bank,
        "/v2/onboardings/additional-info",
        body(&AdditionalInfo {
            text: "again".into(),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(again.status, 409);

    let approved = decide(
        &bank.db,
        &n,
        "Harbour",
        "olivia@example.com",
        KybDecision::Approve,
        None,
    )
    .await
    .unwrap();
    assert_eq!(approved, KycStatus::RegistrationFeeAssigned);
    assert!(
        decide(
            &bank.db,
            &n,
            "Harbour",
            "olivia@example.com",
            KybDecision::Reject,
            None
        )
        .await
        .is_err(),
        "decided already"
    );
});

on_both_backends!(a_fee_paid_by_transfer_opens_the_accounts_once, |bank| {
    let (user_id, auth) = approved_business(bank, "olivia@example.com").await;
    let fee = fee_of(bank, &auth).await;
    assert_eq!((fee.amount, fee.currency), (49.0, Currency::Gbp));
    assert_eq!(fee.status, FeeStatus::Assigned);
    assert!(fee.benefits.len() >= 4);
    let (reference, iban) = (fee.transfer.reference, fee.transfer.iban);

    let ordered = post(
        bank,
        "/v2/account-profiles/registration-fees/order",
        body(&OrderInput {
            method: FeeMethod::Transfer,
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(ordered.read::<FeeReply>().status, FeeStatus::Pending);
    assert_eq!(status(bank, &user_id).await, "registration_fee_pending");
    let kyc = bank
        .send(
            Request::get("/v1/users/kyc/status-v3")
                .header("authorization", &auth)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert_eq!(
        kyc.read::<KycStatusReply>().kyc_label,
        "Account Activation Pending"
    );

    // Short, or an unknown reference: nothing is recognised.
    use bank::providers::sandbox_payments::credit;
    assert!(
        credit(&bank.db, &iban, "40.00", "Olivia Bennett", &reference)
            .await
            .is_err()
    );
    assert!(
        credit(&bank.db, &iban, "49.00", "Olivia Bennett", "ACT-NOTHING1")
            .await
            .is_err()
    );
    assert_eq!(status(bank, &user_id).await, "registration_fee_pending");

    credit(
        &bank.db,
        &iban,
        "49.00",
        "Olivia Bennett",
        &format!("fee {reference}"),
    )
    .await
    .unwrap();
    assert_eq!(status(bank, &user_id).await, "completed");
    let opened = accounts(bank, &user_id).await;
    assert_eq!(opened.len(), 1);
    assert_eq!(
        (
            opened[0].currency.code(),
            opened[0].is_primary,
            opened[0].status.as_str()
        ),
        ("GBP", true, "active")
    );
    let user = bank::store::users::by_id(&bank.db, &user_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(user.onboarding_flow, None, "the dashboard set opens");

    // The same transfer again is kept for a refund, and opens nothing more.
    credit(&bank.db, &iban, "49.00", "Olivia Bennett", &reference)
        .await
        .unwrap();
    assert_eq!(accounts(bank, &user_id).await.len(), 1);
    assert_eq!(fee_of(bank, &auth).await.status, FeeStatus::Paid);
    ledger_is_sound(bank).await;
    let mut conn = bank.db.pool.acquire().await.unwrap();
    let (income,): (i64,) =
        sqlx::query_as("SELECT balance FROM ledger_accounts WHERE code = 'fee_income:GBP'")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    let (suspense,): (i64,) =
        sqlx::query_as("SELECT balance FROM ledger_accounts WHERE code = 'suspense:GBP'")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
    assert_eq!((income, suspense), (4900, 4900));
});

on_both_backends!(the_same_payment_settles_a_fee_once, |bank| {
    let (user_id, auth) = approved_business(bank, "olivia@example.com").await;
    fee_of(bank, &auth).await;
    let row = bank::store::registration_fees::latest(&bank.db, &user_id)
        .await
        .unwrap()
        .unwrap();
    use bank::domain::onboarding::fee::FeePayment;
    use bank::services::onboarding::fee::{settle, Settled};
    let (a, b) = tokio::join!(
        settle(&bank.db, &row, FeePayment::Transfer, "replayed-1", "local"),
        settle(&bank.db, &row, FeePayment::Transfer, "replayed-1", "local"),
    );
    let outcomes = [a.ok(), b.ok()];
    assert_eq!(
        outcomes
            .iter()
            .filter(|o| **o == Some(Settled::Paid))
            .count(),
        1,
        "{outcomes:?}"
    );
    assert_eq!(
        settle(&bank.db, &row, FeePayment::Transfer, "replayed-1", "local")
            .await
            .unwrap(),
        Settled::AlreadyPaid
    );
    assert_eq!(accounts(bank, &user_id).await.len(), 1);
    ledger_is_sound(bank).await;
});

async fn form_post(bank: &TestBank, path: &str, body: &str) -> Reply {
    bank.send(
        Request::post(path)
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", ORIGIN)
            .body(Body::from(body.to_string()))
            .unwrap(),
    )
    .await
}

on_both_backends!(a_card_payment_passes_3d_secure_on_the_hosted_page, |bank| {
    let (user_id, auth) = approved_business(bank, "olivia@example.com").await;
    let order = || async {
        let reply = post(
            bank,
            "/v2/account-profiles/registration-fees/order",
            body(&OrderInput {
                method: FeeMethod::Card,
            }),
            &[("authorization", &auth)],
        )
        .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let url = reply.read::<FeeReply>().checkout_url.unwrap();
        url[url.find("/sandbox/pay/").unwrap()..].to_string()
    };
    let declined_at = order().await;
    let declined = form_post(
        bank,
        &declined_at,
        "name=O+Bennett&number=4000+0000+0000+0002&expiry=12%2F30&cvc=123",
    )
    .await;
    assert_eq!(declined.status, 303);
    assert_eq!(fee_of(bank, &auth).await.status, FeeStatus::Failed);

    let path = order().await;
    let page = bank.get(&path, DESKTOP).await;
    assert!(page.body.contains("Pay £49.00"), "{}", page.body);
    let bad = form_post(
        bank,
        &path,
        "name=O+Bennett&number=4242+4242+4242+4241&expiry=12%2F30&cvc=123",
    )
    .await;
    assert!(bad.body.contains("Enter a valid card number"));
    let challenged = form_post(
        bank,
        &path,
        "name=O+Bennett&number=4242+4242+4242+4242&expiry=12%2F30&cvc=123",
    )
    .await;
    assert_eq!(challenged.header("location"), format!("{path}/3ds"));
    assert_eq!(
        status(bank, &user_id).await,
        "registration_fee_assigned",
        "not paid before 3-D Secure"
    );
    let done = form_post(bank, &format!("{path}/3ds"), "result=approve").await;
    assert!(done
        .header("location")
        .starts_with("/account-activation/card?checkout="));
    assert_eq!(fee_of(bank, &auth).await.status, FeeStatus::Paid);
    assert_eq!(status(bank, &user_id).await, "completed");
    assert_eq!(accounts(bank, &user_id).await.len(), 1);
    // The page is closed once paid; posting again pays nothing more.
    form_post(bank, &format!("{path}/3ds"), "result=approve").await;
    assert_eq!(accounts(bank, &user_id).await.len(), 1);
    ledger_is_sound(bank).await;
});

on_both_backends!(apple_pay_through_the_sandbox_acquirer, |bank| {
    let (user_id, auth) = approved_business(bank, "olivia@example.com").await;
    let initiated = post(
        bank,
        "/v2/account-profiles/registration-fees/wallet-pay/initiate",
        body(&WalletInitiate {
            wallet_type: "apple-pay".into(),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(initiated.status, 200, "{}", initiated.body);
    let session = initiated.read::<WalletSession>();
    assert_eq!(session.amount, "49.00");
    assert_eq!(session.supported_networks, ["visa", "masterCard", "amex"]);
    let token = |data: &str| json!({"paymentData": {"version": "EC_v1", "data": data}, "paymentMethod": {"network": "Visa"}, "transactionIdentifier": format!("T-{data}")});
    let failed = post(
        bank,
        "/v2/account-profiles/registration-fees/wallet-pay/process",
        body(&WalletProcess {
            wallet_type: "apple-pay".into(),
            token: token("decline"),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(failed.read::<FeeReply>().status, FeeStatus::Failed);
    let paid = post(
        bank,
        "/v2/account-profiles/registration-fees/wallet-pay/process",
        body(&WalletProcess {
            wallet_type: "apple-pay".into(),
            token: token("c2FuZGJveA"),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(paid.read::<FeeReply>().status, FeeStatus::Paid);
    assert_eq!(status(bank, &user_id).await, "completed");
});

on_both_backends!(payment_methods_follow_their_flags, |bank| {
    bank::store::features::set_override(&bank.db, "activateByApple", false)
        .await
        .unwrap();
    bank::store::features::set_override(&bank.db, "activateByCard", false)
        .await
        .unwrap();
    let (_, auth) = approved_business(bank, "olivia@example.com").await;
    let fee = fee_of(bank, &auth).await;
    assert_eq!((fee.card_allowed, fee.apple_pay_allowed), (false, false));
    let card = post(
        bank,
        "/v2/account-profiles/registration-fees/order",
        body(&OrderInput {
            method: FeeMethod::Card,
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(card.status, 403);
    let apple = post(
        bank,
        "/v2/account-profiles/registration-fees/wallet-pay/initiate",
        body(&WalletInitiate {
            wallet_type: "apple-pay".into(),
        }),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(apple.status, 403);
});

on_both_backends!(a_personal_customer_in_germany_pays_in_euro, |bank| {
    let (user_id, auth) = applicant(
        bank,
        "tom@example.com",
        "personal",
        "registration_fee_assigned",
    )
    .await;
    bank::store::users::set_address(
        &bank.db,
        &user_id,
        &bank::store::users::Address {
            country: "DE",
            postcode: "10115",
            city: "Berlin",
            region: None,
            address1: "Invalidenstraße",
            building_number: Some("1"),
        },
        KycStatus::RegistrationFeeAssigned,
    )
    .await
    .unwrap();
    let fee = fee_of(bank, &auth).await;
    assert_eq!((fee.amount, fee.currency), (19.0, Currency::Eur));
    let reference = fee.transfer.reference;
    bank::providers::sandbox_payments::credit(
        &bank.db,
        &fee.transfer.iban,
        "19.00",
        "Tom Fischer",
        &reference,
    )
    .await
    .unwrap();
    let opened = accounts(bank, &user_id).await;
    assert_eq!(
        (opened[0].currency.code(), opened[0].name.as_str()),
        ("EUR", "Grace Hopper")
    );
    let profiles = bank::store::profiles::for_user(&bank.db, &user_id)
        .await
        .unwrap();
    assert_eq!(profiles[0].kind.as_str(), "personal");
});

// Issue 26 point 3: whatever the concurrency and whichever methods race, exactly one fee is
// paid and one profile opened; a further payment that arrives anyway waits in suspense.
on_both_backends!(an_activation_fee_is_charged_once_under_a_race, |bank| {
    let (user_id, auth) = applicant(
        bank,
        "tom@example.com",
        "personal",
        "registration_fee_assigned",
    )
    .await;
    let fee = fee_of(bank, &auth).await;
    let (reference, iban) = (fee.transfer.reference, fee.transfer.iban);
    let token = |n: usize| {
        json!({"paymentData": {"version": "EC_v1", "data": format!("pay-{n}")},
        "paymentMethod": {"network": "Visa"}, "transactionIdentifier": format!("T-{n}")})
    };
    let wallets = futures_util::future::join_all((0..10).map(|n| {
        let auth = auth.clone();
        async move {
            // Staggered, as callers on a network are: some arrive while another is paying.
            tokio::time::sleep(std::time::Duration::from_millis(n as u64 * 2)).await;
            post(
                bank,
                "/v2/account-profiles/registration-fees/wallet-pay/process",
                body(&WalletProcess {
                    wallet_type: "apple-pay".into(),
                    token: token(n),
                }),
                &[("authorization", &auth)],
            )
            .await
        }
    }));
    let transfers = futures_util::future::join_all((0..3).map(|n| {
        let (reference, iban) = (reference.clone(), iban.clone());
        async move {
            tokio::time::sleep(std::time::Duration::from_millis(n as u64 * 7)).await;
            bank::providers::sandbox_payments::credit(
                &bank.db,
                &iban,
                "19.00",
                &format!("Tom Fischer {n}"),
                &reference,
            )
            .await
        }
    }));
    let (wallets, _) = futures_util::future::join(wallets, transfers).await;
    assert!(
        wallets.iter().all(|w| w.status.as_u16() < 500),
        "no server error"
    );
    assert_eq!(status(bank, &user_id).await, "completed");
    let profiles = bank::store::profiles::for_user(&bank.db, &user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 1, "one profile");
    assert_eq!(accounts(bank, &user_id).await.len(), 1, "one account");
    let paid: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM registration_fees WHERE user_id = $1 AND status = 'paid'",
    )
    .bind(&user_id)
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert_eq!(paid, 1, "one fee paid");
    // The bank's fee income holds one fee; every other payment that got through is in suspense.
    let income: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(balance), 0) AS BIGINT) FROM ledger_accounts WHERE kind = 'fee_income'",
    )
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert_eq!(income.abs(), 1_900);

    // The interleaving that opened second profiles: a call that passed the step check before
    // the fee was paid finds it paid, assigns a fresh fee and pays that one. It is held in
    // suspense; nothing opens twice.
    bank::store::registration_fees::create(
        &bank.db,
        &bank::store::registration_fees::NewFee {
            user_id: &user_id,
            flow: "personal",
            currency: bank::domain::accounts::money::Currency::Gbp,
            amount_minor: 1_900,
            reference: "HB-LATE-1",
        },
        bank.db.now_ms() + 1,
    )
    .await
    .unwrap();
    let late = bank::store::registration_fees::latest(&bank.db, &user_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(late.reference, "HB-LATE-1");
    let settled = bank::services::onboarding::fee::settle(
        &bank.db,
        &late,
        bank::domain::onboarding::fee::FeePayment::ApplePay,
        "late-1",
        "card_acquiring",
    )
    .await
    .unwrap();
    assert_eq!(
        settled,
        bank::services::onboarding::fee::Settled::AlreadyPaid
    );
    let profiles = bank::store::profiles::for_user(&bank.db, &user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 1, "still one profile");
    let in_suspense: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM audit_log WHERE user_id = $1 AND event = 'onboarding.activation_fee_in_suspense'",
    )
    .bind(&user_id)
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert!(in_suspense >= 1, "operators are told");
    ledger_is_sound(bank).await;
});

// The acquirer's notification is the only way a hosted checkout pays the fee: signed, once.
on_both_backends!(the_acquirers_webhook_is_signed_and_pays_once, |bank| {
    let (user_id, auth) = approved_business(bank, "olivia@example.com").await;
    let ordered = post(
        bank,
        "/v2/account-profiles/registration-fees/order",
        body(&OrderInput {
            method: FeeMethod::Card,
        }),
        &[("authorization", &auth)],
    )
    .await;
    let url = ordered.read::<FeeReply>().checkout_url.unwrap();
    let checkout = url.rsplit('/').next().unwrap().to_string();
    let event = bank::providers::acquirer::CheckoutEvent {
        checkout_id: checkout.clone(),
        payment_id: format!("card-{checkout}"),
        paid: true,
    };
    let send = |body: Vec<u8>, signature: String| async move {
        bank.send(
            Request::post("/v2/webhooks/acquirer")
                .header("content-type", "application/json")
                .header("x-signature", signature)
                .body(Body::from(body))
                .unwrap(),
        )
        .await
    };
    // Signed with another key: refused, nothing paid.
    let forger = bank::providers::acquirer::SandboxAcquirer::new(secrecy::SecretString::from(
        "not the bank's secret".to_string(),
    ));
    let (body, (_, signature)) = forger.notification(&event);
    let forged = send(body, signature).await;
    assert_eq!(forged.status, 401, "{}", forged.body);
    assert_eq!(status(bank, &user_id).await, "registration_fee_assigned");
    // The sandbox acquirer's own notification pays, and its replay changes nothing.
    let acquirer =
        bank::providers::acquirer::SandboxAcquirer::new(sandbox_config().identity.sandbox_secret);
    let (body, (_, signature)) = acquirer.notification(&event);
    for _ in 0..2 {
        let paid = send(body.clone(), signature.clone()).await;
        assert_eq!(paid.status, 200, "{}", paid.body);
    }
    assert_eq!(status(bank, &user_id).await, "completed");
    assert_eq!(accounts(bank, &user_id).await.len(), 1);
    ledger_is_sound(bank).await;
});
