//! What a restriction blocks (issue 26 point 5; README "Restrictions"): a restricted account
//! keeps seeing its money and receiving payments, and cannot send money, exchange, add payees,
//! order cards or invite; its pages show SPEC §4's restricted title.

use bank::api::accounts::bank_accounts::OpenInput;
use bank::api::accounts::transactions::FetchInput;
use bank::api::profiles::NewProfile;
use bank::domain::accounts::money::Currency;
use bank::domain::exchange::ConversionType;
use bank::domain::payments::request::TransferBody;
use bank::domain::profiles::access::ProfileType;
use bank::domain::profiles::access::Role;
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
            body(&FetchInput {
                page: Some(1),
                limit: Some(50),
                bank_account_id: Some(p.gbp.id.to_string()),
                ..Default::default()
            }),
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
                crate::transfers::approval_of(&local_terms(&p.gbp, "10.00", "Acme Ltd")),
            ),
            (
                "POST",
                "/v2/transactions",
                body(&TransferBody {
                    id: uuid::Uuid::new_v4().to_string(),
                    request_id: "x".into(),
                    ..Default::default()
                }),
            ),
            ("PUT", "/v2/recipients", body(&crate::recipients::local())),
            (
                "POST",
                "/v1/bank/currency-exchange/rate",
                body(&crate::exchange::quote_body(
                    &p.gbp,
                    Currency::Eur,
                    ConversionType::Direct,
                    "10.00",
                )),
            ),
            ("POST", "/v2/cards/order", json!({})),
            (
                "POST",
                "/v2/invitations",
                body(&crate::invitations::invite("carl@example.com", Role::Cfo)),
            ),
            (
                "POST",
                "/v2/bank-accounts",
                body(&OpenInput {
                    currency: Some(Currency::Usd),
                }),
            ),
        ];
        for (method, path, body) in refusals {
            let answer = send_json(bank, method, path, body, &headers).await;
            assert_eq!(answer.status, 403, "{method} {path}: {}", answer.body);
            assert_eq!(answer.error().code, "account_restricted", "{path}");
            assert_eq!(
                answer.error().title,
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
            body(&crate::invitations::invite("carl@example.com", Role::Cfo)),
        ),
        (
            "PUT",
            "/v2/account-profiles/approval-rules",
            crate::approvals::gbp_rule(Some("100.00")),
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
        body(&NewProfile {
            kind: ProfileType::Personal,
        }),
        &headers,
    )
    .await;
    assert_eq!(personal.status, 409, "{}", personal.body);
});
