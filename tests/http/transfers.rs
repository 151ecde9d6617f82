//! Transfers (issue 11 points 3–6): approval bound to the terms, submit exactly once, settlement
//! and returns through the ledger, the in-house payment, limits, rights and flags, and the ISO
//! 20022 messages checked against the official XSDs.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::on_both_backends;
use bank::domain::accounts::money::Currency;
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

pub fn local_terms(account: &BankAccount, amount: &str, name: &str) -> Value {
    json!({
        "amount": amount,
        "sender": {"bankAccountId": account.id},
        "receiver": {"name": name, "type": "company", "ukSortCode": "20-00-00", "ukAccountNumber": "55779911"},
        "details": "Invoice 42",
        "scheme": "local"
    })
}

pub fn sepa_terms(account: &BankAccount, amount: &str) -> Value {
    json!({
        "amount": amount,
        "sender": {"bankAccountId": account.id},
        "receiver": {"name": "Müller & Söhne GmbH", "type": "company", "iban": "DE89 3704 0044 0532 0130 00", "bic": "COBADEFFXXX"},
        "details": "RE-2026-11",
        "scheme": "sepa"
    })
}

/// Asks for an SMS approval of `terms` and answers the request id and the text sent.
pub async fn ask_approval(bank: &TestBank, auth: &str, terms: &Value) -> (String, String) {
    let step = post(
        bank,
        "/v2/auth/mfa/generate",
        json!({"purpose": "transfer", "method": "sms", "transfer": terms}),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(step.status.as_u16(), 200, "{}", step.body);
    let text = last_message(bank, "+447700900123").await.body;
    (step.json()["requestId"].as_str().unwrap().to_string(), text)
}

fn code_in(text: &str) -> String {
    text.split("code ").nth(1).unwrap()[..6].to_string()
}

/// An approval of `terms`, verified with the texted code.
pub async fn approved(bank: &TestBank, auth: &str, terms: &Value) -> String {
    let (request_id, text) = ask_approval(bank, auth, terms).await;
    let verified = post(
        bank,
        "/v2/auth/mfa/verify",
        json!({"requestId": request_id, "method": "sms", "secret": code_in(&text)}),
        &[("authorization", auth)],
    )
    .await;
    assert_eq!(verified.status.as_u16(), 200, "{}", verified.body);
    request_id
}

pub fn with(terms: &Value, id: &str, request_id: &str) -> Value {
    let mut body = terms.clone();
    body["id"] = json!(id);
    body["requestId"] = json!(request_id);
    body
}

pub async fn submit(bank: &TestBank, auth: &str, body: &Value) -> Reply {
    post(
        bank,
        "/v2/transactions",
        body.clone(),
        &[("authorization", auth)],
    )
    .await
}

async fn settle_now(bank: &TestBank) -> usize {
    bank::services::payments::settlement::settle_due(&bank.db, bank.db.now_ms() + 7_200_000, 1000)
        .await
        .unwrap()
}

fn new_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

on_both_backends!(a_uk_transfer_is_approved_paid_once_and_settled, |bank| {
    let p = payer(bank, "olivia@example.com").await;
    let auth = p.customer.bearer();
    // More than the balance with the fee: refused before any code is sent.
    let too_much = post(
        bank,
        "/v2/auth/mfa/generate",
        json!({"purpose": "transfer", "transfer": local_terms(&p.gbp, "999.81", "Acme Ltd")}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(too_much.json()["fields"]["amount"], "Select right amount");

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
        (early.status.as_u16(), early.json()["code"].as_str()),
        (403, Some("approval_required"))
    );
    let wrong = post(
        bank,
        "/v2/auth/mfa/verify",
        json!({"requestId": request_id, "method": "sms", "secret": "000000"}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(wrong.status.as_u16(), 401);
    let verified = post(
        bank,
        "/v2/auth/mfa/verify",
        json!({"requestId": request_id, "method": "sms", "secret": code_in(&text)}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(verified.status.as_u16(), 200, "{}", verified.body);

    let paid = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    let reply = paid.json();
    assert_eq!(reply["status"], "pending");
    assert_eq!(reply["transaction"]["amount"], -250.1);
    assert_eq!(reply["transaction"]["fee"], 0.2);
    assert_eq!(reply["transaction"]["status"], "pending");
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 25_030);

    // A retry (double click, reload) answers the first result and books nothing more.
    let again = submit(bank, &auth, &with(&terms, &id, &request_id)).await;
    assert_eq!(again.status.as_u16(), 200);
    assert_eq!(
        again.json()["transaction"]["id"],
        reply["transaction"]["id"]
    );
    assert_eq!(reload(bank, &p.gbp).await.balance.booked, 100_000 - 25_030);
    // The same id with another body is refused.
    let other = submit(
        bank,
        &auth,
        &with(&local_terms(&p.gbp, "250.11", "Acme Ltd"), &id, &request_id),
    )
    .await;
    assert_eq!(
        (other.status.as_u16(), other.json()["code"].as_str()),
        (409, Some("transfer_id_reused"))
    );
    // The approval was used: a new transfer with it is refused.
    let reuse = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
    assert_eq!(reuse.json()["code"], "approval_used");

    assert_eq!(settle_now(bank).await, 1);
    let detail = post(
        bank,
        "/v2/transactions/take",
        json!({"id": reply["transaction"]["id"]}),
        &[("authorization", &auth)],
    )
    .await
    .json();
    assert_eq!(detail["status"], "completed");
    assert_eq!(detail["transfer"]["receiver"]["ukSortCode"], "200000");
    assert_eq!(detail["transfer"]["reference"], "Invoice 42");
    assert_eq!(detail["transfer"]["messages"], json!([]));
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
                t["receiver"]["ukAccountNumber"] = json!("55779912");
                t
            },
        ] {
            let refused = submit(bank, &auth, &with(&changed, &new_id(), &request_id)).await;
            assert_eq!(
                (refused.status.as_u16(), refused.json()["code"].as_str()),
                (403, Some("approval_mismatch")),
                "{changed}"
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
        (late.status.as_u16(), late.json()["message"].as_str()),
        (403, Some("Request time is up"))
    );
    assert_eq!(reload(&bank, &p.gbp).await.balance.booked, 100_000);
    bank.finish().await;
}

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
            r.json()["transaction"]["id"].as_str().unwrap().to_string()
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
        let list = post(
            bank,
            "/v2/transactions/fetch",
            json!({"bankAccountId": p.gbp.id}),
            &[("authorization", &auth)],
        )
        .await
        .json();
        let rows = list["results"].as_array().unwrap();
        assert_eq!(rows[0]["type"], "refund");
        assert_eq!(rows[0]["amount"], 300.2);
        assert_eq!(rows[1]["status"], "declined");
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
    let (a, b) = tokio::join!(
        bank::services::payments::settlement::settle_due(&bank.db, later, 1000),
        bank::services::payments::settlement::settle_due(&other, later, 1000)
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
    terms["receiver"]["ukSortCode"] = json!(theirs.sort_code.clone().unwrap());
    terms["receiver"]["ukAccountNumber"] = json!(theirs.account_number);
    let request_id = approved(bank, &auth, &terms).await;
    let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    assert_eq!(paid.json()["status"], "completed");
    assert_eq!(reload(bank, &theirs).await.balance.booked, 7_500);
    let seen = post(
        bank,
        "/v2/transactions/fetch",
        json!({"bankAccountId": theirs.id}),
        &[("authorization", &payee.bearer())],
    )
    .await
    .json();
    assert_eq!(seen["results"][0]["amount"], 75.0);
    assert_eq!(
        seen["results"][0]["sender"]["name"],
        "Bennett & Hale Trading Ltd"
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
        let swift = json!({
            "amount": "80.00",
            "sender": {"bankAccountId": p.gbp.id},
            "receiver": {"name": "Hudson Supply Inc", "type": "company", "accountNumber": "000123456789",
                "routingCode": "021000021", "bic": "CHASUS33",
                "swiftAddress": {"country": "US", "address1": "Park Avenue", "buildingNumber": "270",
                    "city": "New York", "postcode": "10017", "region": "NY"}},
            "details": "PO 7781",
            "scheme": "swift"
        });
        for (terms, fee) in [(sepa, 50), (swift, 1500)] {
            let request_id = approved(bank, &auth, &terms).await;
            let paid = submit(bank, &auth, &with(&terms, &new_id(), &request_id)).await;
            assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
            assert_eq!(
                paid.json()["transaction"]["fee"].as_f64().unwrap(),
                fee as f64 / 100.0
            );
            let txn = paid.json()["transaction"]["id"]
                .as_str()
                .unwrap()
                .to_string();
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
        let first = post(
            bank,
            "/v2/transactions/fetch",
            json!({"bankAccountId": p.eur.id}),
            &[("authorization", &auth)],
        )
        .await
        .json();
        let txn = first["results"][0]["id"].as_str().unwrap().to_string();
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
    assert_eq!(
        (
            refused.status.as_u16(),
            refused.json()["code"].as_str(),
            refused.json()["title"].as_str()
        ),
        (422, Some("limit_exceeded"), Some("Limit exceeded"))
    );
    assert_eq!(
        refused.json()["message"],
        "A single transfer can be at most £500.00. Please send a smaller amount."
    );
    for amount in ["400.00", "200.00"] {
        let terms = local_terms(&p.gbp, amount, "Acme Ltd");
        let request_id = approved(&bank, &auth, &terms).await;
        let reply = submit(&bank, &auth, &with(&terms, &new_id(), &request_id)).await;
        if amount == "200.00" {
            assert_eq!(
                reply.json()["code"],
                "limit_exceeded",
                "over the daily £550"
            );
        } else {
            assert_eq!(reply.status.as_u16(), 200);
        }
    }
    // SWIFT is refused by the server while the flag is off.
    bank::store::features::set_override(&bank.db, "swiftAllowed", false)
        .await
        .unwrap();
    let mut swift = local_terms(&p.gbp, "1.00", "Acme Ltd");
    swift["scheme"] = json!("swift");
    let no_swift = post(
        &bank,
        "/v2/auth/mfa/generate",
        json!({"purpose": "transfer", "transfer": swift}),
        &[("authorization", &auth)],
    )
    .await;
    assert_eq!(
        no_swift.json()["fields"]["scheme"],
        "SWIFT transfers are not available"
    );
    // SEPA only from EUR: a GBP account cannot send it.
    let mut sepa_from_gbp = sepa_terms(&p.gbp, "1.00");
    sepa_from_gbp["sender"]["bankAccountId"] = json!(p.gbp.id);
    let wrong = submit(&bank, &auth, &with(&sepa_from_gbp, &new_id(), "x")).await;
    assert!(
        wrong.json()["fields"]["scheme"].is_string(),
        "{}",
        wrong.body
    );
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
        let body = json!({"purpose": "transfer", "transfer": local_terms(&p.gbp, "1.00", "Acme")});
        let reply = post(&bank, path, body, &[("authorization", &reader.bearer())]).await;
        assert_eq!(reply.status.as_u16(), 403, "{path}: {}", reply.body);
    }
    ledger_is_sound(&bank).await;
    bank.finish().await;
}

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
    assert_eq!(replies[0].json()["complete"], false, "{}", replies[0].body);
    let done = replies[1].json();
    assert_eq!(
        (done["complete"].as_bool(), done["size"].as_i64()),
        (Some(true), Some(pdf.len() as i64))
    );
    let document = done["id"].as_str().unwrap().to_string();
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
        fake[0].json()["fields"]["file"],
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
    assert_eq!(letter[0].json()["complete"], true, "{}", letter[0].body);
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
    assert!(plain.json()["code"].is_string(), "{}", plain.body);

    let mut terms = local_terms(&p.gbp, "5.00", "Acme Ltd");
    terms["attachments"] = json!([document]);
    let request_id = approved(bank, &auth, &terms).await;
    let mut body = with(&terms, &new_id(), &request_id);
    body["attachments"] = json!([document]);
    let paid = submit(bank, &auth, &body).await;
    assert_eq!(paid.status.as_u16(), 200, "{}", paid.body);
    let detail = post(
        bank,
        "/v2/transactions/take",
        json!({"id": paid.json()["transaction"]["id"]}),
        &[("authorization", &auth)],
    )
    .await
    .json();
    assert_eq!(
        detail["transfer"]["attachments"][0]["fileName"],
        "invoice.pdf"
    );
    // The same document cannot go with a second transfer, and nothing moves for it.
    let request_id = approved(bank, &auth, &terms).await;
    let mut again = with(&terms, &new_id(), &request_id);
    again["attachments"] = json!([document]);
    let refused = submit(bank, &auth, &again).await;
    assert_eq!(
        refused.json()["fields"]["attachments"],
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
            t["scheme"] = json!("swift");
            t["receiver"]["swiftAddress"] = json!({"country": "DE", "address1": "Kaiserstrasse",
            "buildingNumber": "16", "city": "Frankfurt"});
            t
        };
        let other_bank = {
            let mut t = terms.clone();
            t["receiver"]["bic"] = json!("DEUTDEFFXXX");
            t
        };
        let other_reference = {
            let mut t = terms.clone();
            t["details"] = json!("RE-2026-12");
            t
        };
        for changed in [by_swift, other_bank, other_reference] {
            let refused = submit(bank, &auth, &with(&changed, &new_id(), &request_id)).await;
            assert_eq!(
                (refused.status.as_u16(), refused.json()["code"].as_str()),
                (403, Some("approval_mismatch")),
                "{changed}: {}",
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
