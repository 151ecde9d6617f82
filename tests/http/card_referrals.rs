//! The card referral programme (issue 14, SPEC §7 POST /v2/cards/referral-programs): a card
//! customer's link brings a friend in at sign-up (pending); the friend's first card activation
//! makes it active; the bank pays the reward once into the referrer's GBP account (rewarded),
//! however often the job runs, through the ledger.

use bank::api::cards::ordering::ShippingChoice;
use bank::api::cards::referrals::{CardReferralProgram, ReferralView};
use bank::api::cards::CardView;
use bank::api::signup::CreateInput;
use bank::domain::cards::shipping::{ShippingAddress, ShippingType};
use bank::services::cards::ReferralState;
use serde_json::json;

use crate::cards::deliver;
use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;

/// A personal sign-up with a friend's referral code.
fn personal_with(code: &str) -> CreateInput {
    CreateInput {
        referral_code: Some(code.into()),
        ..personal_sign_up()
    }
}

async fn program(bank: &TestBank, who: &Customer) -> Reply {
    send_json(
        bank,
        "POST",
        "/v2/cards/referral-programs",
        json!({}),
        &[("authorization", &who.bearer())],
    )
    .await
}

async fn referrals(bank: &TestBank, who: &Customer) -> Vec<ReferralView> {
    let reply = program(bank, who).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read::<CardReferralProgram>().referrals
}

on_both_backends!(
    a_friend_who_activates_a_card_earns_the_referrer_one_reward,
    |bank| {
        let olivia = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
        let account = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
        let first = program(bank, &olivia).await;
        assert_eq!(first.status, 200, "{}", first.body);
        let first: CardReferralProgram = first.read();
        let code = first.code;
        assert_eq!(code.len(), 8);
        assert_eq!(first.reward, "25.00");
        assert!(first
            .link
            .ends_with(&format!("/onboarding/user?ref={code}")));
        assert!(first.terms.contains("£25.00"));
        // The code is the customer's for good.
        assert_eq!(
            program(bank, &olivia)
                .await
                .read::<CardReferralProgram>()
                .code,
            code
        );

        // A friend signs up with the code (in any case); an unknown code refers nobody.
        let ada_id = signs_up(bank, "ada@example.com", personal_with(&code.to_lowercase())).await;
        signs_up(bank, "bob@example.com", personal_with("NOPE2345")).await;
        let listed = referrals(bank, &olivia).await;
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].state, ReferralState::Pending);

        // Nothing is paid while the friend has no active card.
        assert_eq!(
            bank::store::referrals::pay_due(&bank.db, bank.db.now_ms(), 10)
                .await
                .unwrap(),
            0
        );

        // The friend (here made a customer of their own straight in the store) activates a card.

        let profile = bank::store::profiles::create(
            &bank.db,
            bank::domain::profiles::access::ProfileType::Personal,
            "Ada Lovelace",
        )
        .await
        .unwrap();
        bank::store::profiles::add_member(
            &bank.db,
            &profile,
            &ada_id,
            bank::domain::profiles::access::Role::Admin,
            &[],
            true,
        )
        .await
        .unwrap();
        bank::store::users::set_status(
            &bank.db,
            &ada_id,
            bank::domain::onboarding::kyc::KycStatus::Completed,
        )
        .await
        .unwrap();
        open_account(bank, &profile, Currency::Gbp, true).await;
        let tokens = bank::store::sessions::issue(&bank.db, &ada_id, bank.db.now_ms())
            .await
            .unwrap();
        let ada = Customer {
            user_id: ada_id,
            profile_id: profile,
            token: tokens.access,
        };
        let auth = ada.bearer();
        let headers = [("authorization", auth.as_str())];
        let chosen = send_json(
            bank,
            "PATCH",
            "/v2/cards/shipping-addresses",
            body(&ShippingChoice {
                kind: Some(ShippingType::Other),
                address: Some(ShippingAddress {
                    address_line1: "1 Abbey Road".into(),
                    city: "London".into(),
                    postal_code: "NW8 9AY".into(),
                    country_code: "GB".into(),
                    ..Default::default()
                }),
            }),
            &headers,
        )
        .await;
        assert_eq!(chosen.status, 200, "{}", chosen.body);
        let ordered = send_json(bank, "POST", "/v2/cards/order", json!({}), &headers).await;
        assert_eq!(ordered.status, 200, "{}", ordered.body);
        deliver(bank).await;
        let card = ordered.read::<CardView>();
        let last = crate::cards::last_four(&card);
        let activated = send_json(
            bank,
            "PATCH",
            "/v2/cards/status",
            body(&crate::cards::activation(&card.id, &last, "4829")),
            &headers,
        )
        .await;
        assert_eq!(activated.status, 200, "{}", activated.body);
        assert_eq!(
            referrals(bank, &olivia).await[0].state,
            ReferralState::Active
        );

        // Paid once, whoever runs the job and however often (the bank's own job may be first:
        // the balance below shows the reward arrived exactly once).
        let now = bank.db.now_ms();
        let (a, b) = tokio::join!(
            bank::store::referrals::pay_due(&bank.db, now, 10),
            bank::store::referrals::pay_due(&bank.db, now, 10)
        );
        assert!(a.unwrap() + b.unwrap() <= 1);
        assert_eq!(
            bank::store::referrals::pay_due(&bank.db, now, 10)
                .await
                .unwrap(),
            0
        );
        let listed = referrals(bank, &olivia).await;
        assert_eq!(listed[0].state, ReferralState::Rewarded);
        assert_eq!(listed[0].name, "");
        assert_eq!(reload(bank, &account).await.balance.available(), 2_500);
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(
    the_programme_is_for_card_customers_while_referrals_are_on,
    |bank| {
        let olivia = business_owner(bank).await;
        bank::store::features::set_override(&bank.db, "referrals", false)
            .await
            .unwrap();
        assert_eq!(program(bank, &olivia).await.status, 403);
        bank::store::features::set_override(&bank.db, "referrals", true)
            .await
            .unwrap();
        // Cards need a UK primary account.
        let elena = customer(bank, "elena@example.com", "Euro Works GmbH").await;
        open_account(bank, &elena.profile_id, Currency::Eur, true).await;
        assert_eq!(program(bank, &elena).await.status, 403);
    }
);
