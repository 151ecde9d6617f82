//! Transfer fees (issue 11 point 5): the price list from configuration, and the fee check that
//! reports the scheme the bank routes by, with SPEC §5's amount rule.

use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;

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
    let ask = |body: serde_json::Value| {
        let auth = auth.clone();
        async move {
            post(
                bank,
                "/v2/transactions/fees/take",
                body,
                &[("authorization", &auth)],
            )
            .await
        }
    };
    let local = ask(
        json!({"amount": "12.50", "sender": {"bankAccountId": gbp.id},
        "receiver": {"ukSortCode": "200000", "ukAccountNumber": "55779911"}, "scheme": "local"}),
    )
    .await;
    assert_eq!(local.status, 200, "{}", local.body);
    assert_eq!(
        local.json(),
        json!({"scheme": "local", "currency": "GBP", "amount": 12.5, "fee": 0.2, "total": 12.7})
    );
    // Asked for SWIFT, but a EUR payment to a German IBAN goes by SEPA: the answer says so.
    let sepa = ask(json!({"amount": "10", "sender": {"bankAccountId": eur.id},
        "receiver": {"iban": "DE89370400440532013000"}, "scheme": "swift"}))
    .await;
    assert_eq!(
        (sepa.json()["scheme"].as_str(), sepa.json()["fee"].as_f64()),
        (Some("sepa"), Some(0.5))
    );
    // Amounts are exact decimal strings, positive, and not above what is available with the fee.
    for amount in ["0", "-1", "1.005", "1e3", "99.81", ""] {
        let reply = ask(
            json!({"amount": amount, "sender": {"bankAccountId": gbp.id},
            "receiver": {"ukSortCode": "200000", "ukAccountNumber": "55779911"}}),
        )
        .await;
        assert_eq!(
            reply.field_error("amount"),
            "Select right amount",
            "{amount}"
        );
    }
    let all_of_it = ask(
        json!({"amount": "99.80", "sender": {"bankAccountId": gbp.id},
        "receiver": {"ukSortCode": "200000", "ukAccountNumber": "55779911"}}),
    )
    .await;
    assert_eq!(all_of_it.json()["total"], 100.0);
    // SWIFT only while the flag is on.
    bank::store::features::set_override(&bank.db, "swiftAllowed", false)
        .await
        .unwrap();
    let usd_like = ask(json!({"amount": "10", "sender": {"bankAccountId": gbp.id},
        "receiver": {"iban": "DE89370400440532013000"}}))
    .await;
    assert_eq!(
        usd_like.field_error("scheme"),
        "SWIFT transfers are not available"
    );
    // Another profile's account is not there.
    let other = customer(bank, "tom@example.com", "Tom Fischer").await;
    let theirs = post(
        bank,
        "/v2/transactions/fees/take",
        json!({"amount": "1", "sender": {"bankAccountId": gbp.id}}),
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
    let fees = list.json()["fees"].as_array().unwrap().clone();
    assert!(fees.contains(&json!({"scheme": "swift", "currency": "USD", "fee": 25.0})));
    assert!(fees.contains(&json!({"scheme": "local", "currency": "GBP", "fee": 0.2})));
    bank.finish().await;
}
