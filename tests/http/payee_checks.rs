//! Issue 33 point 2: Confirmation of Payee. `POST /v2/payees/check` answers each of the five
//! results (the sandbox's documented rules for other banks' accounts, the bank's own records for
//! its own), and a UK local transfer is sent only with a check that matched, could not be had,
//! or that the payer agreed to pay despite; the transfer keeps the check and shows it.

use bank::api::common_answers::PayeeCheckView;
use bank::domain::accounts::money::Currency;
use bank::domain::payments::payee_check::PayeeCheckResult;
use bank::domain::payments::request::PayeeConsentBody;
use serde_json::json;

use crate::helpers::*;
use crate::on_both_backends;
use crate::transfers::{approved, local_terms, payer, submit, take, with};

async fn check(
    bank: &TestBank,
    auth: &str,
    name: &str,
    kind: &str,
    sort_code: &str,
    number: &str,
) -> Reply {
    post(
        bank,
        "/v2/payees/check",
        json!({"name": name, "type": kind, "ukSortCode": sort_code, "ukAccountNumber": number}),
        &[("authorization", auth)],
    )
    .await
}

/// A check of the sandbox register's Acme Supplies Ltd (20-00-00 12345678, a business).
async fn answer(bank: &TestBank, auth: &str, name: &str, kind: &str) -> PayeeCheckView {
    let reply = check(bank, auth, name, kind, "20-00-00", "12345678").await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

on_both_backends!(each_answer_of_a_check, |bank| {
    let p = payer(bank, "finance@bennett-hale.example").await;
    let auth = p.customer.bearer();

    let close = answer(bank, &auth, "Acme Suplies", "company").await;
    assert_eq!(close.result, PayeeCheckResult::CloseMatch);
    assert_eq!(close.name.as_deref(), Some("Acme Supplies Ltd"));
    assert!(close.needs_consent);
    assert!(
        close.message.starts_with("Did you mean Acme Supplies Ltd?"),
        "{}",
        close.message
    );

    let none = answer(bank, &auth, "Wrong Person", "private").await;
    assert_eq!(none.result, PayeeCheckResult::NoMatch);
    assert!(none.message.contains("may go to someone else"));

    let other_type = answer(bank, &auth, "Acme Supplies Ltd", "private").await;
    assert_eq!(other_type.result, PayeeCheckResult::TypeMismatch);
    assert!(
        other_type.message.starts_with("This is a business account"),
        "{}",
        other_type.message
    );

    let unavailable = answer(bank, &auth, "Unavailable Ltd", "company").await;
    assert_eq!(unavailable.result, PayeeCheckResult::Unavailable);
    assert!(!unavailable.needs_consent);
    assert_eq!(
        answer(bank, &auth, "ACME SUPPLIES LIMITED", "company")
            .await
            .result,
        PayeeCheckResult::Match
    );
    // Any other account of another bank matches in the sandbox.
    let elsewhere = check(bank, &auth, "Anyone", "private", "20-00-00", "55779911").await;
    assert_eq!(
        elsewhere.read::<PayeeCheckView>().result,
        PayeeCheckResult::Match
    );

    // SPEC §5's messages for what is not an account.
    let bad = check(bank, &auth, " ", "company", "20-00", "5577").await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert_eq!(bad.field_error("name"), "Field is required");
    assert_eq!(
        bad.field_error("ukSortCode"),
        "The sort code must contain 6 digits"
    );
    assert_eq!(
        bad.field_error("ukAccountNumber"),
        "The account number must contain 8 digits"
    );

    // The bank answers about its own accounts from its own records.
    let tom = personal_customer(bank, "tom@example.com", "Tom Price").await;
    let toms = open_account(bank, &tom.profile_id, Currency::Gbp, true).await;
    let (sort_code, number) = (toms.sort_code.clone().unwrap(), toms.account_number.clone());
    let own = |name: &'static str, kind: &'static str| {
        let (auth, sort_code, number) = (auth.clone(), sort_code.clone(), number.clone());
        async move {
            check(bank, &auth, name, kind, &sort_code, &number)
                .await
                .read::<PayeeCheckView>()
        }
    };
    assert_eq!(
        own("Tom Price", "private").await.result,
        PayeeCheckResult::Match
    );
    assert_eq!(
        own("MR TOM PRICE", "private").await.result,
        PayeeCheckResult::Match
    );
    let typo = own("Tom Pryce", "private").await;
    assert_eq!(
        (typo.result, typo.name.as_deref()),
        (PayeeCheckResult::CloseMatch, Some("Tom Price"))
    );
    assert_eq!(
        own("Tom Price", "company").await.result,
        PayeeCheckResult::TypeMismatch
    );
    assert_eq!(
        own("Hannah Lee", "private").await.result,
        PayeeCheckResult::NoMatch
    );

    // Without the right to see transactions, no checks.
    let nobody = check(
        bank,
        "Bearer nonsense",
        "Acme Ltd",
        "company",
        "200000",
        "55779911",
    )
    .await;
    assert_eq!(nobody.status, 401);
});

on_both_backends!(a_transfer_waits_for_the_payers_word, |bank| {
    let p = payer(bank, "finance@bennett-hale.example").await;
    let auth = p.customer.bearer();
    let start = reload(bank, &p.gbp).await.balance.booked;

    // No match, and no word from the payer: refused, nothing moves.
    let mut terms = local_terms(&p.gbp, "10.00", "Wrong Person Ltd");
    terms.receiver.uk_account_number = "12345678".into();
    let request_id = approved(bank, &auth, &terms).await;
    let id = uuid::Uuid::new_v4().to_string();
    let refused = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(refused.error().code, "payee_not_confirmed");
    assert!(refused.error().message.contains("may go to someone else"));
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, start);

    // Agreement given to another profile's check (or none) does not count.
    let other = payer(bank, "olivia@example.com").await;
    let theirs = answer(
        bank,
        &other.customer.bearer(),
        "Wrong Person Ltd",
        "company",
    )
    .await;
    let mut borrowed = with(&terms, &id, &request_id);
    borrowed.payee_check = Some(PayeeConsentBody {
        id: theirs.id,
        accepted: true,
    });
    let refused = submit(bank, &auth, &borrowed).await;
    assert_eq!(
        refused.error().code,
        "payee_not_confirmed",
        "{}",
        refused.body
    );

    // The payer's own check, reviewed and agreed: sent, and the transfer keeps both.
    let reviewed = answer(bank, &auth, "Wrong Person Ltd", "company").await;
    let mut agreed = with(&terms, &id, &request_id);
    agreed.payee_check = Some(PayeeConsentBody {
        id: reviewed.id.clone(),
        accepted: true,
    });
    let sent = submit(bank, &auth, &agreed).await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let row = sent
        .read::<bank::api::payments::transfers::TransferResult>()
        .transaction
        .unwrap();
    let detail = take(bank, &auth, &row.id).await;
    let transfer = detail.transfer.expect("a sent transfer");
    let kept = transfer.payee_check.expect("the check it was sent with");
    assert_eq!(
        (kept.id, kept.result),
        (reviewed.id, PayeeCheckResult::NoMatch)
    );
    assert!(transfer.payee_risk_accepted);
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, start - 1020);

    // A matching payee needs no word; a client that sent no check is checked all the same.
    let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
    let request_id = approved(bank, &auth, &terms).await;
    let sent = submit(
        bank,
        &auth,
        &with(&terms, &uuid::Uuid::new_v4().to_string(), &request_id),
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let row = sent
        .read::<bank::api::payments::transfers::TransferResult>()
        .transaction
        .unwrap();
    let transfer = take(bank, &auth, &row.id).await.transfer.unwrap();
    assert_eq!(
        transfer.payee_check.unwrap().result,
        PayeeCheckResult::Match
    );
    assert!(!transfer.payee_risk_accepted);
});
