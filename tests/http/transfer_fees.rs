//! Transfer fees (issue 11 point 5): the price list from configuration, and the fee check that
//! reports the scheme the bank routes by, with SPEC §5's amount rule.

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::payments::fees::{FeeAnswer, FeeQuestion, PriceList};
use bank::domain::accounts::money::Currency;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::receiver::Receiver;
use bank::domain::payments::request::Sender;
use bank::store::bank_accounts::BankAccount;

/// What a fee check asks: `amount` from `account` to a UK payee, by `scheme` if named.
fn question(account: &BankAccount, amount: &str, scheme: Option<Scheme>) -> FeeQuestion {
    FeeQuestion {
        amount: amount.into(),
        sender: Sender {
            bank_account_id: account.id.to_string(),
        },
        receiver: Receiver {
            uk_sort_code: "200000".into(),
            uk_account_number: "55779911".into(),
            ..Default::default()
        },
        scheme,
    }
}

/// The same, to a German IBAN.
fn to_germany(account: &BankAccount, scheme: Option<Scheme>) -> FeeQuestion {
    FeeQuestion {
        receiver: Receiver {
            iban: "DE89370400440532013000".into(),
            ..Default::default()
        },
        ..question(account, "10", scheme)
    }
}

on_both_backends!(the_fee_check_routes_and_prices_a_payment, |bank| {
    let owner = customer(bank, "olivia@example.com", "Bennett & Hale Trading Ltd").await;
    let gbp = open_account(bank, &owner.profile_id, Currency::Gbp, true).await;
    let eur = open_account(bank, &owner.profile_id, Currency::Eur, false).await;
    bank::providers::sandbox_payments::credit(&bank.db, &gbp.iban, "100.00", "Payer", "")
        .await
        .unwrap();
    bank::providers::sandbox_payments::credit(&bank.db, &eur.iban, "100.00", "Payer", "")
        .await
        .unwrap();
    let auth = owner.bearer();
    let ask = |question: FeeQuestion| {
        let auth = auth.clone();
        async move {
            post(
                bank,
                "/v2/transactions/fees/take",
                body(&question),
                &[("authorization", &auth)],
            )
            .await
        }
    };
    let local = ask(question(&gbp, "12.50", Some(Scheme::Local))).await;
    assert_eq!(local.status, 200, "{}", local.body);
    let local: FeeAnswer = local.read();
    assert_eq!(
        (
            local.scheme,
            local.currency,
            local.amount,
            local.fee,
            local.total
        ),
        (Scheme::Local, Currency::Gbp, 12.5, 0.2, 12.7)
    );
    // Asked for SWIFT, but a EUR payment to a German IBAN goes by SEPA: the answer says so.
    let sepa: FeeAnswer = ask(to_germany(&eur, Some(Scheme::Swift))).await.read();
    assert_eq!((sepa.scheme, sepa.fee), (Scheme::Sepa, 0.5));
    // Amounts are exact decimal strings, positive, and not above what is available with the fee.
    for amount in ["0", "-1", "1.005", "1e3", "99.81", ""] {
        let reply = ask(question(&gbp, amount, None)).await;
        assert_eq!(
            reply.field_error("amount"),
            "Select right amount",
            "{amount}"
        );
    }
    let all_of_it: FeeAnswer = ask(question(&gbp, "99.80", None)).await.read();
    assert_eq!(all_of_it.total, 100.0);
    // SWIFT only while the flag is on.
    bank::store::features::set_override(&bank.db, "swiftAllowed", false)
        .await
        .unwrap();
    let usd_like = ask(to_germany(&gbp, None)).await;
    assert_eq!(
        usd_like.field_error("scheme"),
        "SWIFT transfers are not available"
    );
    // Another profile's account is not there.
    let other = customer(bank, "tom@example.com", "Tom Fischer").await;
    let mine = FeeQuestion {
        receiver: Receiver::default(),
        ..question(&gbp, "1", None)
    };
    let theirs = post(
        bank,
        "/v2/transactions/fees/take",
        body(&mine),
        &[("authorization", &other.bearer())],
    )
    .await;
    assert_eq!(theirs.status, 404);
});

#[tokio::test]
async fn the_price_list_comes_from_configuration() {
    let bank = TestBank::start_with(Backend::Sqlite, |config| {
        config.transfer_fees.set(
            bank::domain::payments::payee::Scheme::Swift,
            Currency::Usd,
            2500,
        );
    })
    .await;
    let list = bank.get("/v1/utils/fees", DESKTOP).await;
    let fees = list.read::<PriceList>().fees;
    let has = |scheme: Scheme, currency: Currency, fee: f64| {
        fees.iter()
            .any(|f| f.scheme == scheme && f.currency == currency && f.fee == fee)
    };
    assert!(has(Scheme::Swift, Currency::Usd, 25.0));
    assert!(has(Scheme::Local, Currency::Gbp, 0.2));
    bank.finish().await;
}
