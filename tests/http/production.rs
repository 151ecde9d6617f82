//! A real deployment (`BANK_SANDBOX=off`) has no sandbox shortcuts (issue 26 point 2): every
//! outside party is a real adapter the operator configured, or its feature is switched off with
//! a clear answer (not offered; the call answers 503 with SPEC §8's error body).

use bank::api::onboarding::fee::{FeeMethod, FeeReply, OrderInput, WalletInitiate, WalletProcess};
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::{local_terms, payer, with};

fn unavailable(reply: &Reply, code: &str) {
    assert_eq!(reply.status, 503, "{}", reply.body);
    let body = reply.json();
    assert_eq!(body["code"], code, "{}", reply.body);
    assert!(body["title"].is_string() && body["message"].is_string());
}

on_both_backends!(
    no_card_or_wallet_pays_an_activation_fee_without_an_acquirer,
    |c: &mut bank::config::Config| c.sandbox = false,
    |bank| {
        let (user_id, auth) = applicant(
            bank,
            "tom@example.com",
            "personal",
            "registration_fee_assigned",
        )
        .await;
        let headers = [("authorization", auth.as_str())];
        let fee = post(
            bank,
            "/v2/account-profiles/registration-fees/take",
            json!({}),
            &headers,
        )
        .await;
        assert_eq!(fee.status, 200, "{}", fee.body);
        let fee = fee.read::<FeeReply>();
        assert!(!fee.card_allowed && !fee.apple_pay_allowed);

        let card = post(
            bank,
            "/v2/account-profiles/registration-fees/order",
            body(&OrderInput {
                method: FeeMethod::Card,
            }),
            &headers,
        )
        .await;
        unavailable(&card, "payment_method_unavailable");
        let session = post(
            bank,
            "/v2/account-profiles/registration-fees/wallet-pay/initiate",
            body(&WalletInitiate {
                wallet_type: "apple-pay".into(),
            }),
            &headers,
        )
        .await;
        unavailable(&session, "payment_method_unavailable");
        // A made-up Apple Pay token pays nothing and opens nothing.
        let token = json!({"paymentData": {"version": "EC_v1", "data": "made-up"},
            "paymentMethod": {"network": "Visa"}, "transactionIdentifier": "T-1"});
        let processed = post(
            bank,
            "/v2/account-profiles/registration-fees/wallet-pay/process",
            body(&WalletProcess {
                wallet_type: "apple-pay".into(),
                token,
            }),
            &headers,
        )
        .await;
        unavailable(&processed, "payment_method_unavailable");
        let user = bank::store::users::by_id(&bank.db, &user_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(user.kyc_status.as_str(), "registration_fee_assigned");
        assert!(bank::store::profiles::for_user(&bank.db, &user_id)
            .await
            .unwrap()
            .is_empty());
        let entries: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM journal_entries")
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
        assert_eq!(entries, 0, "nothing was booked");
        // The sandbox acquirer's hosted page does not exist.
        let page = bank.get("/sandbox/pay/anything", DESKTOP).await;
        assert_eq!(page.status, 404);
    }
);

on_both_backends!(
    no_transfer_leaves_the_bank_without_a_payment_scheme,
    |c: &mut bank::config::Config| c.sandbox = false,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
        let approval = post(
            bank,
            "/v2/auth/mfa/generate",
            crate::transfers::approval_of(&terms),
            &[("authorization", &auth)],
        )
        .await;
        unavailable(&approval, "scheme_unavailable");
        let transfer = with(&terms, &uuid::Uuid::new_v4().to_string(), "none");
        let submitted = post(
            bank,
            "/v2/transactions",
            body(&transfer),
            &[("authorization", &auth)],
        )
        .await;
        unavailable(&submitted, "scheme_unavailable");
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);
        // Nothing to text a code with: a clear answer, not a server error.
        let step_up = post(
            bank,
            "/v2/auth/mfa/generate",
            json!({}),
            &[("authorization", &auth)],
        )
        .await;
        unavailable(&step_up, "provider_unavailable");
    }
);
