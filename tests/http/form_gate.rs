//! One gate for pages, plain-form posts and the API (issue 26 point 1): every form route is a
//! translation into the API call it stands for, so a person the API refuses is refused by the
//! form the same way, and nothing changes.

use bank::api::auth::MfaInput;
use bank::api::exchange::conversions::ExchangeBody;
use bank::api::exchange::quotes::ExchangeQuote;
use bank::api::onboarding::fee::{FeeMethod, OrderInput};
use bank::api::onboarding::identity::AgreementInput;
use bank::api::onboarding::phone::TelephoneInput;
use bank::domain::accounts::money::Currency;
use bank::domain::exchange::ConversionType;
use bank::domain::ids::ProfileId;
use serde_json::Value;

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::{local_terms, payer, with};

/// The form answered with a redirect that carries the API's own refusal code.
fn refused_alike(api: &Reply, form: &Reply) -> String {
    assert!(
        api.status.is_client_error(),
        "the API should refuse: {} {}",
        api.status,
        api.body
    );
    let code = api.error().code;
    assert!(
        form.status == 303 || form.status == 422,
        "{} {}",
        form.status,
        form.body
    );
    assert_eq!(
        form.form_error(),
        code,
        "the form should be refused with {code}: {}",
        form.header("location")
    );
    code
}

/// A form page, its fields, and the API call it stands for.
type Case = (
    &'static str,
    Vec<(&'static str, &'static str)>,
    &'static str,
    &'static str,
    Value,
);

async fn messages_to(bank: &TestBank, to: &str) -> usize {
    bank::store::outbox::latest(&bank.db, Some(to), 1000)
        .await
        .unwrap()
        .len()
}

/// The same transfer of £120.00 to Acme Ltd asked for approval twice: through the API's
/// mfa/generate, and through the transfer form that stands for it.
async fn ask_both_ways(
    bank: &TestBank,
    auth: &str,
    account: &bank::store::bank_accounts::BankAccount,
) -> (Reply, Reply) {
    let terms = local_terms(account, "120.00", "Acme Ltd");
    let api = post(
        bank,
        "/v2/auth/mfa/generate",
        crate::transfers::approval_of(&terms),
        &[("authorization", auth)],
    )
    .await;
    let form = form_post(
        bank,
        "/transfer/1",
        auth,
        &[
            ("bankAccountId", &account.id),
            ("amount", "120.00"),
            ("name", "Acme Ltd"),
            ("type", "company"),
            ("ukSortCode", "200000"),
            ("ukAccountNumber", "55779911"),
            ("details", "Invoice 42"),
        ],
    )
    .await;
    (api, form)
}

/// An invited director of the payer's company whose own identity check was rejected.
async fn rejected_director(bank: &TestBank, profile_id: &ProfileId) -> Customer {
    let director = colleague(
        bank,
        profile_id,
        "dan@example.com",
        bank::domain::profiles::access::Role::Director,
        &["transaction:rw"],
    )
    .await;
    sqlx::query(
        "UPDATE users SET onboarding_flow = 'user_invited', kyc_status = 'rejected' WHERE id = $1",
    )
    .bind(&director.user_id)
    .execute(&bank.db.pool)
    .await
    .unwrap();
    director
}

on_both_backends!(
    a_person_the_api_refuses_is_refused_by_every_money_form,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let director = rejected_director(bank, &p.customer.profile_id).await;
        let auth = director.bearer();
        let sms_before = messages_to(bank, "+447700900123").await;

        // The transfer form asks for the approval as the API's mfa/generate would.
        let terms = local_terms(&p.gbp, "120.00", "Acme Ltd");
        let (api, form) = ask_both_ways(bank, &auth, &p.gbp).await;
        assert_eq!(refused_alike(&api, &form), "onboarding_incomplete");
        // Nothing was texted, and nothing says whether the balance would cover the amount.
        assert_eq!(messages_to(bank, "+447700900123").await, sms_before);
        assert!(!api.body.contains("amount"), "{}", api.body);

        // The approval form submits as the API's transfer call would.
        let id = uuid::Uuid::new_v4().to_string();
        let api = post(
            bank,
            "/v2/transactions",
            body(&with(&terms, &id, "made-up")),
            &[("authorization", &auth)],
        )
        .await;
        let mut fields = vec![
            ("bankAccountId", p.gbp.id.as_str()),
            ("amount", "120.00"),
            ("name", "Acme Ltd"),
            ("type", "company"),
            ("ukSortCode", "200000"),
            ("ukAccountNumber", "55779911"),
            ("details", "Invoice 42"),
            ("request", "made-up"),
            ("id", &id),
        ];
        fields.extend(std::iter::repeat_n(("code", "1"), 6));
        let form = form_post(bank, "/transfer/approve", &auth, &fields).await;
        refused_alike(&api, &form);
        assert_eq!(form.form_error(), "onboarding_incomplete");

        // The exchange form executes the company's quote as the API's call would.
        let quote = post(
            bank,
            "/v1/bank/currency-exchange/rate",
            body(&crate::exchange::quote_body(
                &p.gbp,
                Currency::Eur,
                ConversionType::Direct,
                "100.00",
            )),
            &[("authorization", &p.customer.bearer())],
        )
        .await;
        assert_eq!(quote.status, 200, "{}", quote.body);
        let quote_id = quote.read::<ExchangeQuote>().quote_id.unwrap();
        let api = post(
            bank,
            "/v1/bank/currency-exchange",
            body(&ExchangeBody {
                id: quote_id.clone(),
                quote_id: quote_id.clone(),
            }),
            &[("authorization", &auth)],
        )
        .await;
        let form = form_post(
            bank,
            "/currency-converter",
            &auth,
            &[
                ("quoteId", &quote_id),
                ("from", "GBP"),
                ("to", "EUR"),
                ("amount", "100.00"),
            ],
        )
        .await;
        assert_eq!(refused_alike(&api, &form), "onboarding_incomplete");

        // Nothing moved.
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);
        assert_eq!(reload(bank, &p.eur).await.balance.booked, 100_000);
        let transfers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers")
            .fetch_one(&bank.db.pool)
            .await
            .unwrap();
        assert_eq!(transfers, 0);
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(
    a_restricted_account_is_refused_by_form_and_api_alike,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        bank::store::users::set_status(
            &bank.db,
            &p.customer.user_id,
            bank::domain::onboarding::kyc::KycStatus::AccountRestricted,
        )
        .await
        .unwrap();
        let auth = p.customer.bearer();
        let (api, form) = ask_both_ways(bank, &auth, &p.gbp).await;
        assert_eq!(refused_alike(&api, &form), "account_restricted");
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);
    }
);

on_both_backends!(
    onboarding_and_login_forms_answer_as_their_api_calls,
    |bank| {
        // A customer whose account is open is past every onboarding step.
        let owner = business_owner(bank).await;
        let auth = owner.bearer();
        let cases: [Case; 3] = [
            (
                "/phone-verification",
                vec![("telephone", "+44 7700 900456")],
                "PATCH",
                "/v1/users/telephone",
                body(&TelephoneInput {
                    telephone: "+44 7700 900456".into(),
                }),
            ),
            (
                "/sumsub",
                vec![("accepted", "on")],
                "POST",
                "/v2/identity/agreement",
                body(&AgreementInput { accepted: true }),
            ),
            (
                "/account-activation/transfer",
                vec![],
                "POST",
                "/v2/account-profiles/registration-fees/order",
                body(&OrderInput {
                    method: FeeMethod::Transfer,
                }),
            ),
        ];
        for (page, fields, method, path, body) in cases {
            let api = send_json(bank, method, path, body, &[("authorization", &auth)]).await;
            let form = form_post(bank, page, &auth, &fields).await;
            refused_alike(&api, &form);
        }
        let user = bank::store::users::by_id(&bank.db, &owner.user_id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(user.kyc_status.as_str(), "completed");
        assert_eq!(
            bank::store::users::phone(&bank.db, &owner.user_id)
                .await
                .unwrap()
                .map(|(_, number)| number),
            Some("7700900123".to_string())
        );

        // A wrong password: the form says what the API says.
        let api = post(
            bank,
            "/v2/auth/login",
            login_body("olivia@example.com", "wrong password 1"),
            &[],
        )
        .await;
        let form = form_post(
            bank,
            "/login",
            "",
            &[
                ("email", "olivia@example.com"),
                ("password", "wrong password 1"),
            ],
        )
        .await;
        refused_alike(&api, &form);
        // A code for a log-in request that does not exist: the API answers 404, the form says the
        // code can no longer be used, and no session starts.
        let api = post(
            bank,
            "/v2/auth/mfa/login",
            body(&MfaInput {
                request_id: "made-up".into(),
                secret: "123456".into(),
                ..Default::default()
            }),
            &[],
        )
        .await;
        assert_eq!(api.status, 404, "{}", api.body);
        let mut cells = vec![("requestId", "made-up"), ("digits", "0123")];
        cells.extend(std::iter::repeat_n(("secret", "1"), 6));
        let form = form_post(bank, "/login/sms", "", &cells).await;
        assert_eq!(form.status, 303);
        assert!(
            form.header("location").contains("error=mfa_closed"),
            "{}",
            form.header("location")
        );
        assert!(set_cookies(&form).is_empty(), "no session");
        // Without a session, a form goes to the log-in.
        let signed_out = form_post(bank, "/sumsub", "", &[("accepted", "on")]).await;
        assert_eq!(signed_out.header("location"), "/login");
    }
);
