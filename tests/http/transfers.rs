//! Transfers (issue 11 points 3–6): approval bound to the terms, submit exactly once, settlement
//! and returns through the ledger, the in-house payment, limits, rights and flags, and the ISO
//! 20022 messages checked against the official XSDs.

use crate::helpers::*;
use crate::on_both_backends;
use bank::api::accounts::transactions::{FetchInput, TakeInput, TransactionPage, TransactionView};
use bank::api::auth::step_up::MfaGenerate;
use bank::api::auth::MfaInput;
use bank::api::common_answers::MfaStep;
use bank::api::payments::attachments::UploadState;
use bank::api::payments::transfers::TransferResult;
use bank::domain::accounts::money::Currency;
use bank::domain::accounts::transaction_kinds::{TransactionStatus, TransactionType};
use bank::domain::auth::mfa::{Method, Purpose};
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::receiver::{AddressBody, Receiver};
use bank::domain::payments::recipient::PayeeType;
use bank::domain::payments::request::{Sender, TransferBody, TransferTermsBody};
use bank::store::bank_accounts::BankAccount;

/// The payer: a business with GBP and EUR accounts holding £1,000 and €1,000.
pub struct Payer {
    pub customer: Customer,
    pub gbp: BankAccount,
    pub eur: BankAccount,
}

pub async fn payer(bank: &TestBank, email: &str) -> Payer {
    let customer = customer(bank, email, "Bennett & Hale Trading Ltd").await;
    let gbp = open_account(bank, &customer.profile_id, Currency::Gbp, true).await;
    let eur = open_account(bank, &customer.profile_id, Currency::Eur, false).await;
    for account in [&gbp, &eur] {
        bank::providers::sandbox_payments::credit(&bank.db, &account.iban, "1000.00", "Payer", "")
            .await
            .unwrap();
    }
    Payer {
        gbp: reload(bank, &gbp).await,
        eur: reload(bank, &eur).await,
        customer,
    }
}

/// A UK local transfer's terms from `account` to a company's sort code and account number.
pub fn local_terms(account: &BankAccount, amount: &str, name: &str) -> TransferTermsBody {
    TransferTermsBody {
        amount: amount.into(),
        sender: Sender {
            bank_account_id: account.id.to_string(),
        },
        receiver: Receiver {
            name: name.into(),
            kind: Some(PayeeType::Company),
            uk_sort_code: "20-00-00".into(),
            uk_account_number: "55779911".into(),
            ..Default::default()
        },
        details: "Invoice 42".into(),
        scheme: Some(Scheme::Local),
    }
}

/// A SWIFT transfer of 80.00 from `account` to a US company's account number and routing code.
pub fn swift_terms(account: &BankAccount) -> TransferTermsBody {
    TransferTermsBody {
        amount: "80.00".into(),
        sender: Sender {
            bank_account_id: account.id.to_string(),
        },
        receiver: Receiver {
            name: "Hudson Supply Inc".into(),
            kind: Some(PayeeType::Company),
            account_number: "000123456789".into(),
            routing_code: "021000021".into(),
            bic: "CHASUS33".into(),
            swift_address: AddressBody {
                country: "US".into(),
                address1: "Park Avenue".into(),
                building_number: "270".into(),
                city: "New York".into(),
                postcode: "10017".into(),
                region: "NY".into(),
            },
            ..Default::default()
        },
        details: "PO 7781".into(),
        scheme: Some(Scheme::Swift),
    }
}

pub fn sepa_terms(account: &BankAccount, amount: &str) -> TransferTermsBody {
    TransferTermsBody {
        amount: amount.into(),
        sender: Sender {
            bank_account_id: account.id.to_string(),
        },
        receiver: Receiver {
            name: "Müller & Söhne GmbH".into(),
            kind: Some(PayeeType::Company),
            iban: "DE89 3704 0044 0532 0130 00".into(),
            bic: "COBADEFFXXX".into(),
            ..Default::default()
        },
        details: "RE-2026-11".into(),
        scheme: Some(Scheme::Sepa),
    }
}

/// Asks for an SMS approval of `terms` and answers the request id and the text sent.
/// The request for an SMS approval of `terms` (POST /v2/auth/mfa/generate).
pub fn approval_of(terms: &TransferTermsBody) -> serde_json::Value {
    body(&MfaGenerate {
        purpose: Some(Purpose::Transfer),
        method: Some(Method::Sms),
        transfer: Some(terms.clone()),
        ..Default::default()
    })
}

pub async fn ask_approval(
    bank: &TestBank,
    auth: &str,
    terms: &TransferTermsBody,
) -> (String, String) {
    let step = post(
        bank,
        "/v2/auth/mfa/generate",
        approval_of(terms),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(step.status.as_u16(), 200, "{}", step.body);
    let text = last_message(bank, "+447700900123").await.body;
    (step.read::<MfaStep>().request_id, text)
}

pub(crate) fn code_in(text: &str) -> String {
    text.split("code ").nth(1).unwrap()[..6].to_string()
}

/// The answer to an approval: the texted code.
pub fn sms_answer(request_id: &str, secret: &str) -> serde_json::Value {
    body(&MfaInput {
        request_id: request_id.into(),
        secret: secret.into(),
        method: Some(Method::Sms),
        ..Default::default()
    })
}

/// An approval of `terms`, verified with the texted code.
pub async fn approved(bank: &TestBank, auth: &str, terms: &TransferTermsBody) -> String {
    let (request_id, text) = ask_approval(bank, auth, terms).await;
    let verified = post(
        bank,
        "/v2/auth/mfa/verify",
        sms_answer(&request_id, &code_in(&text)),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(verified.status.as_u16(), 200, "{}", verified.body);
    request_id
}

/// The submit of `terms` under the client's `id` with the approval `request_id`.
pub fn with(terms: &TransferTermsBody, id: &str, request_id: &str) -> TransferBody {
    TransferBody {
        id: id.into(),
        request_id: request_id.into(),
        terms: terms.clone(),
        attachments: Vec::new(),
        payee_check: None,
    }
}

pub async fn submit(bank: &TestBank, auth: &str, transfer: &TransferBody) -> Reply {
    post(
        bank,
        "/v2/transactions",
        body(transfer),
        &[("authorization", auth)],
    )
    .await
}

/// One transaction of the caller's, as the detail shows it.
pub(crate) async fn take(bank: &TestBank, auth: &str, id: &str) -> TransactionView {
    let reply = post(
        bank,
        "/v2/transactions/take",
        body(&TakeInput { id: id.into() }),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    reply.read()
}

/// The newest page of an account's transactions.
async fn transactions(bank: &TestBank, auth: &str, account: &BankAccount) -> TransactionPage {
    let input = FetchInput {
        bank_account_id: Some(account.id.to_string()),
        ..Default::default()
    };
    let reply = post(
        bank,
        "/v2/transactions/fetch",
        body(&input),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
    reply.read()
}

/// The payer's transaction a submit answered.
fn paid_transaction(reply: &Reply) -> TransactionView {
    reply
        .read::<TransferResult>()
        .transaction
        .unwrap_or_else(|| panic!("no transaction: {}", reply.body))
}

pub(crate) async fn settle_now(bank: &TestBank) -> usize {
    bank::services::payments::settlement::settle_due(
        &bank.db,
        &bank::providers::rails::sandbox::SandboxRails,
        std::time::Duration::from_secs(5),
        bank.db.now_ms() + 7_200_000,
        1000,
    )
    .await
    .unwrap()
}

pub(crate) fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

on_both_backends!(a_uk_transfer_is_approved_paid_once_and_settled, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    // More than the balance with the fee: refused before any code is sent.
    let too_much = MfaGenerate {
        purpose: Some(Purpose::Transfer),
        transfer: Some(local_terms(&p.gbp, "999.81", "Acme Ltd")),
        ..Default::default()
    };
    let too_much = post(
        bank,
        "/v2/auth/mfa/generate",
        body(&too_much),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(too_much.field_error("amount"), "Select right amount");

    let terms = local_terms(&p.gbp, "250.10", "Acme Ltd");
    let (request_id, text) = ask_approval(bank, &auth, &terms).await;
    assert!(
        text.starts_with("Approve £250.30 (£250.10 + £0.20 fee) to Acme Ltd with code "),
        "the SMS states what is approved: {text}"
    );
    // Not verified yet: the transfer is refused and nothing moves.
    let id = new_id();
    let early = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(
        (early.status.as_u16(), early.error().code.as_str()),
        (403, "approval_required")
    );
    let wrong = post(
        bank,
        "/v2/auth/mfa/verify",
        sms_answer(&request_id, "000000"),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(wrong.status.as_u16(), 401);
    let verified = post(
        bank,
        "/v2/auth/mfa/verify",
        sms_answer(&request_id, &code_in(&text)),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(verified.status.as_u16(), 200, "{}", verified.body);

    let paid = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    let reply: TransferResult = paid.read();
    assert_eq!(reply.status, "pending");
    let transaction = reply.transaction.expect("the payer's transaction");
    assert_eq!(transaction.amount, -250.1);
    assert_eq!(transaction.fee, 0.2);
    assert_eq!(transaction.status, TransactionStatus::Pending);
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 25_030);
    // The row the submit answers (not read back) is the row as stored, field for field.
    let listed = transactions(bank, &auth, &p.gbp).await;
    let stored = listed
        .results
        .iter()
        .find(|t| t.id == transaction.id)
        .expect("the payer's transaction is listed");
    assert_eq!(
        serde_json::to_value(stored).unwrap(),
        serde_json::to_value(&transaction).unwrap()
    );

    // A retry (double click, reload) answers the first result and books nothing more.
    let again = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(again.status.as_u16(), 200);
    assert_eq!(paid_transaction(&again).id, transaction.id);
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 25_030);
    // The same id with another body is refused.
    let other = submit(
        bank,
        &auth,
        &with(&local_terms(&p.gbp, "250.11", "Acme Ltd"), &id, &request_id),
    )
    .await;
    assert_eq!(
        (other.status.as_u16(), other.error().code.as_str()),
        (409, "transfer_id_reused")
    );
    // The approval was used: a new transfer with it is refused.
    let reuse = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
    assert_eq!(reuse.error().code, "approval_used");

    assert_eq!(settle_now(bank).await, 1);
    let detail = take(bank, &auth, &transaction.id).await;
    assert_eq!(detail.status, TransactionStatus::Completed);
    let sent = detail.transfer.expect("the transfer sent");
    assert_eq!(sent.receiver.uk_sort_code, "200000");
    assert_eq!(sent.reference, "Invoice 42");
    assert!(sent.messages.is_empty());
    assert_eq!(settle_now(bank).await, 0, "settled once");
    ledger_is_sound(bank).await;
});

on_both_backends!(
    an_approval_holds_only_for_its_amount_payee_and_time,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        let terms = local_terms(&p.gbp, "100.00", "Acme Ltd");
        let request_id = approved(bank, &auth, &terms).await;
        for changed in [
            local_terms(&p.gbp, "100.01", "Acme Ltd"),
            local_terms(&p.gbp, "100.00", "Acme Ltd."),
            {
                let mut t = terms.clone();
                t.receiver.uk_account_number = "55779912".into();
                t
            },
        ] {
            let refused = submit(bank, &auth, &with(&changed, &new_id(), &request_id)).await;
            assert_eq!(
                (refused.status.as_u16(), refused.error().code.as_str()),
                (403, "approval_mismatch"),
                "{}",
                body(&changed)
            );
        }
        let booked = reload(bank, &p.gbp).await.balance.booked;
        assert_eq!(booked, 100_000, "nothing moved");
        // Another person's approval is no approval.
        let other = payer(bank, "tom@example.com").await;
        let theirs = submit(
            bank,
            &other.customer.bearer(),
            &with(
                &local_terms(&other.gbp, "100.00", "Acme Ltd"),
                &new_id(),
                &request_id,
            ),
        )
        .await;
        assert_eq!(theirs.status.as_u16(), 403);
        let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
        assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
        ledger_is_sound(bank).await;
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_approval_expires_after_its_lifetime() {
    let bank = TestBank::start(Backend::Sqlite).await;
    let p = payer(&bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
    let request_id = approved(&bank, &auth, &terms).await;
    // The bank's clock moves past the approval's two minutes; the session's half hour holds.
    bank.db.clock.advance(std::time::Duration::from_secs(121));
    let late = submit(&bank, &auth, &with(&terms, &new_id(), &request_id)).await;
    assert_eq!(
        (late.status.as_u16(), late.error().message.as_str()),
        (403, "Request time is up")
    );
    assert_eq!(reload(&bank, &p.gbp).await.balance.booked, 100_000);
    bank.finish().await;
}

on_both_backends!(
    a_submits_first_read_checks_its_id_and_reads_the_paying_account_as_the_plan_would,
    |bank| {
        use bank::store::bank_accounts::paying;
        use bank::store::transfers::opening;
        let p = payer(bank, "opening@example.com").await;
        let other = payer(bank, "opening-other@example.com").await;
        let profile = &p.customer.profile_id;
        // The profile's own fee, limits and threshold in GBP: read with the account.
        for sql in [
            "INSERT INTO profile_fees (profile_id, scheme, currency, fee, set_at) VALUES ($1, 'local', 'GBP', 7, $2)",
            "INSERT INTO profile_limits (profile_id, currency, per_transfer, daily, set_at) VALUES ($1, 'GBP', 40000, 90000, $2)",
            "INSERT INTO approval_rules (profile_id, currency, threshold, updated_by, updated_at) VALUES ($1, 'GBP', 30000, $3, $2)",
        ] {
            sqlx::query(sql)
                .bind(profile)
                .bind(0_i64)
                .bind(&p.customer.user_id)
                .execute(&bank.db.pool)
                .await
                .unwrap();
        }
        let id = new_id();
        let first = opening(&bank.db, &id, &p.gbp.id, profile, Some("local"))
            .await
            .unwrap();
        assert!(!first.made_before && !first.asked_before);
        let alone = paying(&bank.db, &p.gbp.id, profile, Some("local"))
            .await
            .unwrap();
        assert_eq!(format!("{:?}", first.paying), format!("{alone:?}"));
        let read = first.paying.expect("the profile's own account");
        assert_eq!(read.account.balance.booked, 100_000);
        assert_eq!(
            (
                read.own_fee,
                read.threshold,
                read.own_limit.map(|l| (l.per_transfer, l.daily))
            ),
            (Some(7), Some(30_000), Some((40_000, 90_000)))
        );
        // Another scheme has no own fee; the EUR account none of the GBP terms.
        let eur = opening(&bank.db, &id, &p.eur.id, profile, Some("sepa"))
            .await
            .unwrap();
        let eur = eur.paying.expect("the EUR account");
        assert_eq!(
            (eur.own_fee, eur.threshold, eur.own_limit.is_none()),
            (None, None, true)
        );
        // Another profile's account, or none named: not read, and the id is still checked.
        for account in [&other.gbp.id, &"".into()] {
            let foreign = opening(&bank.db, &id, account, profile, Some("local"))
                .await
                .unwrap();
            assert!(foreign.paying.is_none() && !foreign.made_before && !foreign.asked_before);
        }

        // Once a transfer is made under the id, the same read says so, with the new balance.
        let auth = p.customer.bearer();
        let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
        let request_id = approved(bank, &auth, &terms).await;
        let paid = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
        assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
        for account in [&p.gbp.id, &other.gbp.id] {
            let again = opening(&bank.db, &id, account, profile, Some("local"))
                .await
                .unwrap();
            assert!(again.made_before && !again.asked_before);
        }
        let again = opening(&bank.db, &id, &p.gbp.id, profile, Some("local"))
            .await
            .unwrap();
        assert_eq!(
            again.paying.unwrap().account.balance.booked,
            100_000 - 1_007
        );
    }
);

on_both_backends!(concurrent_duplicates_book_once, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let terms = local_terms(&p.gbp, "10.00", "Acme Ltd");
    let request_id = approved(bank, &auth, &terms).await;
    let body = with(&terms, &new_id(), &request_id);
    let replies = futures_util::future::join_all((0..8).map(|_| submit(bank, &auth, &body))).await;
    let ids: std::collections::BTreeSet<String> = replies
        .iter()
        .map(|r| {
            assert_eq!(r.status.as_u16(), 200, "{}", r.body);
            paid_transaction(r).id
        })
        .collect();
    assert_eq!(ids.len(), 1, "every duplicate answers the one transfer");
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 1_020);
    ledger_is_sound(bank).await;
});

on_both_backends!(
    a_returned_transfer_gives_back_the_money_and_the_fee,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        let terms = local_terms(&p.gbp, "300.00", "Please RETURN Ltd");
        let request_id = approved(bank, &auth, &terms).await;
        let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
        assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 30_020);
        assert_eq!(settle_now(bank).await, 1);
        assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000);
        let rows = transactions(bank, &auth, &p.gbp).await.results;
        assert_eq!(rows[0].kind, TransactionType::Refund);
        assert_eq!(rows[0].amount, 300.2);
        assert_eq!(rows[1].status, TransactionStatus::Declined);
        ledger_is_sound(bank).await;
    }
);

on_both_backends!(two_processes_settle_one_queue_once, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    for i in 0..6 {
        let name = if i % 2 == 0 { "RETURN Co" } else { "Acme Ltd" };
        let terms = local_terms(&p.gbp, "10.00", name);
        let request_id = approved(bank, &auth, &terms).await;
        let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
        assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    }
    let other = bank::store::Db::connect(&bank.url).await.unwrap();
    let later = bank.db.now_ms() + 7_200_000;
    let rails = bank::providers::rails::sandbox::SandboxRails;
    let wait = std::time::Duration::from_secs(5);
    let (a, b) = tokio::join!(
        bank::services::payments::settlement::settle_due(&bank.db, &rails, wait, later, 1000),
        bank::services::payments::settlement::settle_due(&other, &rails, wait, later, 1000)
    );
    assert_eq!(
        a.unwrap() + b.unwrap(),
        6,
        "each transfer settled by one of them"
    );
    // Three returned (money and fee back), three settled (10.20 each gone).
    assert_eq!(
        reload(bank, &p.gbp).await.balance.booked,
        100_000 - 3 * 1_020
    );
    ledger_is_sound(bank).await;
});

on_both_backends!(a_payee_at_this_bank_is_paid_at_once, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let payee = customer(bank, "tom@example.com", "Tom Price").await;
    let theirs = open_account(bank, &payee.profile_id, Currency::Gbp, true).await;
    let mut terms = local_terms(&p.gbp, "75.00", "Tom Price");
    terms.receiver.uk_sort_code = theirs.sort_code.clone().unwrap();
    terms.receiver.uk_account_number = theirs.account_number.clone();
    let request_id = approved(bank, &auth, &terms).await;
    let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    assert_eq!(paid.read::<TransferResult>().status, "completed");
    assert_eq!(reload(bank, &theirs).await.balance.booked, 7_500);
    let seen = transactions(bank, &payee.bearer(), &theirs).await.results;
    assert_eq!(seen[0].amount, 75.0);
    assert_eq!(
        seen[0].sender.as_ref().map(|s| s.name.as_str()),
        Some("Bennett & Hale Trading Ltd")
    );
    assert_eq!(settle_now(bank).await, 0, "nothing left for the scheme");
    ledger_is_sound(bank).await;
});

fn xsd_valid(xml: &str, schema: &str) {
    use std::io::Write;
    let path = format!(
        "{}/tests/data/iso20022/{schema}",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut child = std::process::Command::new("xmllint")
        .args(["--noout", "--schema", &path, "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("xmllint (Debian's libxml2-utils) checks the messages against the XSDs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(xml.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{schema}: {}\n{xml}",
        String::from_utf8_lossy(&out.stderr)
    );
}

on_both_backends!(
    sepa_and_swift_transfers_carry_valid_iso_20022_messages,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        let sepa = sepa_terms(&p.eur, "120.50");
        let swift = swift_terms(&p.gbp);
        for (terms, fee) in [(sepa, 50), (swift, 1500)] {
            let request_id = approved(bank, &auth, &terms).await;
            let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
            assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
            let paid = paid_transaction(&paid);
            assert_eq!(paid.fee, fee as f64 / 100.0);
            let txn = paid.id;
            for (message, schema) in [
                ("pain.001", "pain.001.001.09.xsd"),
                ("pacs.008", "pacs.008.001.08.xsd"),
            ] {
                let file = bank
                    .send(
                        axum::http::Request::get(format!(
                            "/v2/documents/payment_message?entId={txn}&message={message}"
                        ))
                        .header("authorization", &auth)
                        .body(axum::body::Body::empty())
                        .unwrap(),
                    )
                    .await;
                assert_eq!(file.status.as_u16(), 200, "{}", file.body);
                xsd_valid(&file.body, schema);
            }
        }
        // Another customer cannot read them.
        let stranger = payer(bank, "tom@example.com").await;
        let txn = transactions(bank, &auth, &p.eur).await.results[0]
            .id
            .clone();
        let refused = bank
            .send(
                axum::http::Request::get(format!(
                    "/v2/documents/payment_message?entId={txn}&message=pain.001"
                ))
                .header("authorization", stranger.customer.bearer())
                .body(axum::body::Body::empty())
                .unwrap(),
            )
            .await;
        assert_eq!(refused.status.as_u16(), 404);
        ledger_is_sound(bank).await;
    }
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_flags_and_rights_are_the_servers() {
    let bank = TestBank::start_with(Backend::Sqlite, |config| {
        config
            .transfer_limits
            .set_per_transfer(Currency::Gbp, 50_000);
        config.transfer_limits.set_daily(Currency::Gbp, 55_000);
    })
    .await;
    let p = payer(&bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let big = local_terms(&p.gbp, "500.01", "Acme Ltd");
    let request_id = approved(&bank, &auth, &big).await;
    let refused = submit(&bank, &auth, &with(&big, &new_id(), &request_id)).await;
    let error = refused.error();
    assert_eq!(
        (
            refused.status.as_u16(),
            error.code.as_str(),
            error.title.as_str()
        ),
        (422, "limit_exceeded", "Limit exceeded")
    );
    assert_eq!(
        error.message,
        "A single transfer can be at most £500.00. Please send a smaller amount."
    );
    for amount in ["400.00", "200.00"] {
        let terms = local_terms(&p.gbp, amount, "Acme Ltd");
        let request_id = approved(&bank, &auth, &terms).await;
        let reply = submit(&bank, &auth, &with(&terms, &new_id(), &request_id)).await;
        if amount == "200.00" {
            assert_eq!(reply.error().code, "limit_exceeded", "over the daily £550");
        } else {
            assert_eq!(reply.status.as_u16(), 200);
        }
    }
    // SWIFT is refused by the server while the flag is off.
    bank::store::features::set_override(&bank.db, "swiftAllowed", false)
        .await
        .unwrap();
    let mut swift = local_terms(&p.gbp, "1.00", "Acme Ltd");
    swift.scheme = Some(Scheme::Swift);
    let asked = MfaGenerate {
        purpose: Some(Purpose::Transfer),
        transfer: Some(swift),
        ..Default::default()
    };
    let no_swift = post(
        &bank,
        "/v2/auth/mfa/generate",
        body(&asked),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(
        no_swift.field_error("scheme"),
        "SWIFT transfers are not available"
    );
    // SEPA only from EUR: a GBP account cannot send it.
    let mut sepa_from_gbp = sepa_terms(&p.gbp, "1.00");
    sepa_from_gbp.sender.bank_account_id = p.gbp.id.to_string();
    let wrong = submit(&bank, &auth, &with(&sepa_from_gbp, &new_id(), "x")).await;
    assert!(!wrong.field_error("scheme").is_empty(), "{}", wrong.body);
    // A member who may only read transactions can neither ask to pay nor pay.
    let reader = customer_with_role(
        &bank,
        "rita@example.com",
        "Readers Ltd",
        "accountant",
        &["transaction:r"],
    )
    .await;
    for path in ["/v2/auth/mfa/generate", "/v2/transactions"] {
        let asked = MfaGenerate {
            purpose: Some(Purpose::Transfer),
            transfer: Some(local_terms(&p.gbp, "1.00", "Acme")),
            ..Default::default()
        };
        let reply = post(
            &bank,
            path,
            body(&asked),
            &[("authorization", &reader.bearer())],
        )
        .await;
        assert_eq!(reply.status.as_u16(), 403, "{path}: {}", reply.body);
    }
    ledger_is_sound(&bank).await;
    bank.finish().await;
}

on_both_backends!(
    the_daily_limit_holds_under_concurrency_and_frees_what_was_returned,
    |c| {
        c.transfer_limits.set_per_transfer(Currency::Gbp, 50_000);
        c.transfer_limits.set_daily(Currency::Gbp, 55_000);
    },
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        let pay = |amount: &'static str, name: &'static str| {
            let auth = auth.clone();
            let account = p.gbp.clone();
            async move {
                let terms = local_terms(&account, amount, name);
                let request_id = approved(bank, &auth, &terms).await;
                with(&terms, &new_id(), &request_id)
            }
        };
        let returned = pay("300.00", "RETURN Co").await;
        assert_eq!(submit(bank, &auth, &returned).await.status.as_u16(), 200);
        // Four at once: £300 + 2 × £100 fit under £550, a third £100 does not.
        let mut four = Vec::new();
        for _ in 0..4 {
            four.push(pay("100.00", "Acme Ltd").await);
        }
        let replies =
            futures_util::future::join_all(four.iter().map(|b| submit(bank, &auth, b))).await;
        let paid = replies.iter().filter(|r| r.status.as_u16() == 200).count();
        let refused = replies
            .iter()
            .filter(|r| r.status.as_u16() == 422 && r.error().code == "limit_exceeded")
            .count();
        assert_eq!(
            (paid, refused),
            (2, 2),
            "two paid, two over the daily limit"
        );
        // The returned £300 may be sent again the same day; then the day is at £500.
        settle_now(bank).await;
        let again = pay("300.00", "Acme Ltd").await;
        let reply = submit(bank, &auth, &again).await;
        assert_eq!(reply.status.as_u16(), 200, "{}", reply.body);
        let over = pay("100.00", "Acme Ltd").await;
        assert_eq!(
            submit(bank, &auth, &over).await.error().code,
            "limit_exceeded"
        );
        // A day whose total was never kept (begun before the running totals) starts from the
        // sum of its transfers, without the returned one.
        sqlx::query("DELETE FROM transfer_day_totals")
            .execute(&bank.db.pool)
            .await
            .unwrap();
        let over = pay("100.00", "Acme Ltd").await;
        assert_eq!(
            submit(bank, &auth, &over).await.error().code,
            "limit_exceeded"
        );
        let fits = pay("50.00", "Acme Ltd").await;
        assert_eq!(submit(bank, &auth, &fits).await.status.as_u16(), 200);
        // The return came back through the very rows of the bank's accounts its making used:
        // the £1,000 credited came from the clearing account's first row, the £550 paid out
        // (and the £300 returned) went through the payer's own row of it.
        let clearing: std::collections::BTreeMap<String, i64> = sqlx::query_as(
            "SELECT code, balance FROM ledger_accounts WHERE code LIKE 'scheme_clearing:local:GBP%' \
             AND balance <> 0",
        )
        .fetch_all(&bank.db.pool)
        .await
        .unwrap()
        .into_iter()
        .collect();
        let base = "scheme_clearing:local:GBP".to_string();
        let expected = match bank::store::ledger::shard_of(&p.gbp.ledger_account_id) {
            0 => [(base, -45_000)].into_iter().collect(),
            shard => [(format!("{base}#{shard}"), 55_000), (base, -100_000)]
                .into_iter()
                .collect(),
        };
        assert_eq!(clearing, expected);
        ledger_is_sound(bank).await;
    }
);

pub async fn upload(
    bank: &TestBank,
    auth: &str,
    id: &str,
    name: &str,
    chunks: &[&[u8]],
) -> Vec<Reply> {
    let mut replies = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let boundary = "XBOUNDARYX";
        let mut body = Vec::new();
        for (field, value) in [
            ("chunkNumber", (i + 1).to_string()),
            ("totalChunks", chunks.len().to_string()),
            ("fileName", name.to_string()),
            ("type", "txn_attch".to_string()),
            ("id", id.to_string()),
        ] {
            body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"\r\n\r\n{value}\r\n").as_bytes());
        }
        body.extend(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"blob\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes());
        body.extend(*chunk);
        body.extend(format!("\r\n--{boundary}--\r\n").as_bytes());
        replies.push(
            bank.send(
                axum::http::Request::post("/v2/documents/upload")
                    .header("authorization", auth)
                    .header("origin", ORIGIN)
                    .header(
                        "content-type",
                        format!("multipart/form-data; boundary={boundary}"),
                    )
                    .body(axum::body::Body::from(body))
                    .unwrap(),
            )
            .await,
        );
    }
    replies
}

#[path = "../../server/domain/payments/attachment_samples.rs"]
mod samples;

on_both_backends!(attachments_are_checked_by_content_and_used_once, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let pdf = &samples::pdf()[..];
    // A name with a path and hidden text is stored as the file's plain name.
    let replies = upload(
        bank,
        &auth,
        "up-1",
        "../../in\u{202E}voice.pdf",
        &[&pdf[..10], &pdf[10..]],
    )
    .await;
    assert!(
        !replies[0].read::<UploadState>().complete,
        "{}",
        replies[0].body
    );
    let done: UploadState = replies[1].read();
    assert_eq!((done.complete, done.size), (true, pdf.len() as i64));
    let document = done.id;
    // An executable named like a PDF is refused, whole.
    let fake = upload(
        bank,
        &auth,
        "up-2",
        "invoice.pdf",
        &[b"MZ\x90\x00\x03 not a pdf"],
    )
    .await;
    assert_eq!(
        fake[0].field_error("file"),
        "Only pdf, jpg, jpeg, png and docx files can be attached"
    );
    let text = upload(bank, &auth, "up-3", "notes.txt", &[b"hello"]).await;
    assert_eq!(text[0].status, 422);
    // Issue 26 point 9: a PDF header in front of an HTML page, and a small Word file that
    // inflates to 200 MB, are not what they claim.
    let html = upload(
        bank,
        &auth,
        "up-4",
        "invoice.pdf",
        &[b"%PDF-1.7\n<html><body><script>alert(1)</script></body></html>"],
    )
    .await;
    assert_eq!(html[0].status, 422, "{}", html[0].body);
    let bomb = samples::docx(200 * 1024 * 1024);
    assert!(bomb.len() < 1024 * 1024);
    let bomb = upload(bank, &auth, "up-5", "letter.docx", &[&bomb]).await;
    assert_eq!(bomb[0].status, 422, "{}", bomb[0].body);
    let letter = upload(bank, &auth, "up-6", "letter.docx", &[&samples::docx(1000)]).await;
    assert!(
        letter[0].read::<UploadState>().complete,
        "{}",
        letter[0].body
    );
    // Not multipart at all: the API's own error body, in JSON.
    let plain = post(
        bank,
        "/v2/documents/upload",
        serde_json::json!({}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(plain.status, 400);
    assert_eq!(plain.header("content-type"), "application/json");
    assert!(!plain.error().code.is_empty(), "{}", plain.body);

    let terms = local_terms(&p.gbp, "5.00", "Acme Ltd");
    let request_id = approved(bank, &auth, &terms).await;
    let transfer = TransferBody {
        attachments: vec![document.clone()],
        ..with(&terms, &new_id(), &request_id)
    };
    let paid = submit(bank, &auth, &transfer).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    let detail = take(bank, &auth, &paid_transaction(&paid).id).await;
    assert_eq!(
        detail.transfer.expect("the transfer sent").attachments[0].file_name,
        "invoice.pdf"
    );
    // The same document cannot go with a second transfer, and nothing moves for it.
    let request_id = approved(bank, &auth, &terms).await;
    let again = TransferBody {
        attachments: vec![document],
        ..with(&terms, &new_id(), &request_id)
    };
    let refused = submit(bank, &auth, &again).await;
    assert_eq!(
        refused.field_error("attachments"),
        "An attachment is missing. Please upload it again."
    );
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 520);
    ledger_is_sound(bank).await;
});

on_both_backends!(money_for_an_unknown_account_waits_in_suspense, |bank| {
    let done = bank::providers::sandbox_payments::credit(
        &bank.db,
        "DE89 3704 0044 0532 0130 00",
        "42.00",
        "Stranger GmbH",
        "For nobody",
    )
    .await
    .unwrap();
    assert!(done.in_suspense);
    assert_eq!(done.amount, "€42.00");
    let (held,) = sqlx::query_as::<_, (i64,)>(
        "SELECT balance FROM ledger_accounts WHERE kind = 'suspense' AND currency = 'EUR'",
    )
    .fetch_one(&bank.db.pool)
    .await
    .unwrap();
    assert_eq!(held, 4_200);
    ledger_is_sound(bank).await;
});

// Issue 26 point 8: an approval binds everything that changes what the payer pays or where the
// money goes: the scheme (and so the fee), the payee's bank and the reference.
on_both_backends!(
    an_approval_binds_the_scheme_fee_bank_and_reference,
    |bank| {
        let p = payer(bank, "olivia@example.com").await;
        let auth = p.customer.bearer();
        let terms = sepa_terms(&p.eur, "10.00");
        let request_id = approved(bank, &auth, &terms).await;
        let text = last_message(bank, "+447700900123").await.body;
        assert!(
            text.starts_with(
                "Approve €10.50 (€10.00 + €0.50 fee) to Müller & Söhne GmbH with code "
            ),
            "the SMS states the total: {text}"
        );
        let by_swift = {
            let mut t = terms.clone();
            t.scheme = Some(Scheme::Swift);
            t.receiver.swift_address = AddressBody {
                country: "DE".into(),
                address1: "Kaiserstrasse".into(),
                building_number: "16".into(),
                city: "Frankfurt".into(),
                ..Default::default()
            };
            t
        };
        let other_bank = {
            let mut t = terms.clone();
            t.receiver.bic = "DEUTDEFFXXX".into();
            t
        };
        let other_reference = {
            let mut t = terms.clone();
            t.details = "RE-2026-12".into();
            t
        };
        for changed in [by_swift, other_bank, other_reference] {
            let refused = submit(bank, &auth, &with(&changed, &new_id(), &request_id)).await;
            assert_eq!(
                (refused.status.as_u16(), refused.error().code.as_str()),
                (403, "approval_mismatch"),
                "{}: {}",
                body(&changed),
                refused.body
            );
        }
        assert_eq!(
            reload(bank, &p.eur).await.balance.booked,
            100_000,
            "nothing moved"
        );
        // The terms approved still go through.
        let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
        assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
        assert_eq!(reload(bank, &p.eur).await.balance.booked, 100_000 - 1_050);
    }
);

/// Submits that queue for one paying account while another holds it are made in one group
/// (`store::group_commit`, whose own tests show the group is one transaction), each with its own
/// answer: one over the daily limit is refused alone, a duplicate answers its twin's transfer,
/// and the others are paid.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_accounts_waiting_submits_commit_together_each_with_its_own_answer() {
    let started = TestBank::start_with(Backend::Postgres, |config| {
        config
            .transfer_limits
            .set_per_transfer(Currency::Gbp, 50_000);
        config.transfer_limits.set_daily(Currency::Gbp, 35_000);
    })
    .await;
    let bank = &started;
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    let mut bodies = Vec::new();
    for amount in ["100.00", "300.00", "100.00", "100.00"] {
        let terms = local_terms(&p.gbp, amount, "Acme Ltd");
        let request_id = approved(bank, &auth, &terms).await;
        bodies.push(with(&terms, &new_id(), &request_id));
    }
    let twin = bodies[3].clone();
    let key = p.gbp.id.to_string();
    // Another connection holds the account, so the first submit's group waits for it.
    let mut hold = bank.db.pool.begin().await.unwrap();
    sqlx::query("SELECT id FROM bank_accounts WHERE id = $1 FOR UPDATE")
        .bind(&key)
        .execute(&mut *hold)
        .await
        .unwrap();
    let first = submit(bank, &auth, &bodies[0]);
    let rest = async {
        queued_for(bank, &key, Some(0)).await;
        let waiting = futures_util::future::join_all(
            bodies[1..]
                .iter()
                .chain([&twin])
                .map(|b| submit(bank, &auth, b)),
        );
        let release = async {
            queued_for(bank, &key, Some(4)).await;
            hold.commit().await.unwrap();
        };
        tokio::join!(waiting, release).0
    };
    let (first, rest) = tokio::join!(first, rest);
    assert_eq!(first.status.as_u16(), 200, "{}", first.body);
    // £100 held the day at £100: the £300 would make £400 of £350; both £100s fit.
    let over = &rest[0];
    assert_eq!(over.error().code, "limit_exceeded", "{}", over.body);
    for paid in &rest[1..] {
        assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    }
    assert_eq!(
        paid_transaction(&rest[2]).id,
        paid_transaction(&rest[3]).id,
        "the duplicate answers its twin's transfer"
    );
    assert_eq!(
        reload(bank, &p.gbp).await.balance.booked,
        100_000 - 3 * (10_000 + 20)
    );
    ledger_is_sound(bank).await;
    started.finish().await;
}
