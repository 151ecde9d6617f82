//! What a restriction blocks (issue 26 point 5; README "Restrictions"): a restricted account
//! keeps seeing its money and receiving payments, and cannot send money, exchange, add payees,
//! order cards or invite; its pages show SPEC §4's restricted title.

use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::{local_terms, payer};

on_both_backends!(
    a_restricted_account_sees_and_receives_but_cannot_send,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        bank::store::users::set_status(
            &bank.db,
            &p.customer.user_id,
            bank::domain::onboarding::kyc::KycStatus::AccountRestricted,
        )
        .await
        .unwrap();
        let headers = [("authorization", auth.as_str())];

        // It sees its money, and money still arrives.
        let accounts = post(bank, "/v2/bank-accounts/fetch", json!({}), &headers).await;
        assert_eq!(accounts.status, 200, "{}", accounts.body);
        let transactions = post(
            bank,
            "/v2/transactions/fetch",
            json!({"page": 1, "limit": 50, "bankAccountId": p.gbp.id}),
            &headers,
        )
        .await;
        assert_eq!(transactions.status, 200, "{}", transactions.body);
        bank::providers::sandbox_payments::credit(&bank.db, &p.gbp.iban, "50.00", "Client", "")
            .await
            .unwrap();
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 105_000);

        // What moves money or reaches out is refused, with SPEC's restricted title.
        let refusals = [
            (
                "POST",
                "/v2/auth/mfa/generate",
                json!({"purpose": "transfer", "method": "sms",
                "transfer": local_terms(&p.gbp, "10.00", "Acme Ltd")}),
            ),
            (
                "POST",
                "/v2/transactions",
                json!({"id": uuid::Uuid::new_v4().to_string(), "requestId": "x"}),
            ),
            (
                "PUT",
                "/v2/recipients",
                json!({"scheme": "local", "name": "Acme Ltd", "type": "company",
                "ukSortCode": "200000", "ukAccountNumber": "55779911"}),
            ),
            (
                "POST",
                "/v1/bank/currency-exchange/rate",
                json!({"fromAccount": p.gbp.id, "fromCurrency": "GBP", "toCurrency": "EUR",
                "conversionType": "direct", "amount": "10.00"}),
            ),
            ("POST", "/v2/cards/order", json!({})),
            (
                "POST",
                "/v2/invitations",
                json!({"email": "carl@example.com", "role": "cfo", "name": "Carl"}),
            ),
            ("POST", "/v2/bank-accounts", json!({"currency": "USD"})),
        ];
        for (method, path, body) in refusals {
            let answer = send_json(bank, method, path, body, &headers).await;
            assert_eq!(answer.status, 403, "{method} {path}: {}", answer.body);
            assert_eq!(answer.error().code, "account_restricted", "{path}");
            assert_eq!(
                answer.json()["title"],
                "Your Account Is Temporarily Restricted"
            );
        }
        let recipients: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM recipients")
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
        assert_eq!(recipients, 0);
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 105_000);

        // The dashboard still renders, under the restricted notice.
        let cookie = format!("__Host-access={}", p.customer.token);
        let page = page_with_cookie(bank, "/dashboard", DESKTOP, &cookie).await;
        assert_eq!(page.status, 200);
        assert!(page.body.contains("Your Account Is Temporarily Restricted"));
    }
);

// Issue 26 point 4: a business that has only submitted its wizard has a profile already, but
// acts for it in nothing until its review and fee are done; an invited colleague opens no
// personal account without its fee.
on_both_backends!(an_applicant_acts_for_no_company_before_it_opens, |bank| {
    let (user_id, auth) =
        applicant(bank, "olivia@example.com", "business", "profile_incomplete").await;
    crate::onboarding::complete_wizard(bank, &auth, &crate::onboarding::company()).await;
    let profiles = bank::store::profiles::for_user(&bank.db, &user_id)
        .await
        .unwrap();
    assert_eq!(profiles.len(), 1, "the wizard made the company's profile");
    let headers = [("authorization", auth.as_str())];
    let calls = [
        (
            "POST",
            "/v2/invitations",
            json!({"email": "carl@example.com", "role": "cfo", "name": "Carl"}),
        ),
        (
            "PUT",
            "/v2/account-profiles/approval-rules",
            json!({"currency": "GBP", "threshold": "100.00"}),
        ),
        ("POST", "/v2/account-profiles/users/fetch", json!({})),
        ("POST", "/v2/bank-accounts/fetch", json!({})),
    ];
    for (method, path, body) in calls {
        let answer = send_json(bank, method, path, body, &headers).await;
        assert_eq!(answer.status, 403, "{method} {path}: {}", answer.body);
        assert_eq!(answer.error().code, "account_not_ready", "{path}");
    }
    let invitations: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM invitations")
        .fetch_one(&bank.db.pool)
        .await
        .unwrap();
    assert_eq!(invitations, 0);
    // A profile that is not open yet cannot be joined by a personal one either.
    let personal = post(
        bank,
        "/v2/account-profiles",
        json!({"type": "personal"}),
        &headers,
    )
    .await;
    assert_eq!(personal.status, 409, "{}", personal.body);
});
