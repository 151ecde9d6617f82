//! Issue 29 points 3 to 5: the preview of an unsaved invoice (SPEC §7 POST
//! /v2/documents/previews/take, §8 the no-data title and text), the PDF read back (items,
//! totals, how to pay, and on a euro invoice an EPC QR code that decodes to the transfer),
//! sending (the email with the PDF and the e-invoice, the invoice then fixed), credit notes,
//! and payments matched by their reference.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::invoices::{draft, gbp_account, partner};
use crate::on_both_backends;
use bank::api::invoices::documents::PreviewView;
use bank::api::invoices::drafts::InvoiceView;
use bank::domain::accounts::money::Currency;
use bank::domain::invoices::matching::PaymentStatus;

pub(crate) async fn saved(bank: &TestBank, who: &Customer, body: Value) -> InvoiceView {
    let reply = call(bank, who, "PUT", "/v2/invoices", body).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

pub(crate) async fn take(bank: &TestBank, who: &Customer, id: &str) -> InvoiceView {
    let reply = call(bank, who, "POST", "/v2/invoices/take", json!({"id": id})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.read()
}

pub(crate) fn to_client(id: &str) -> Value {
    json!({"id": id, "emailEntries": [
        {"email": "accounts@acme.example", "enabled": true},
        {"email": "ceo@acme.example", "enabled": false},
    ]})
}

/// A draft saved for `number` and sent (the business's own address), as it stands then.
pub(crate) async fn sent_invoice(
    bank: &TestBank,
    who: &Customer,
    number: &str,
    account: &str,
    partner: &str,
) -> InvoiceView {
    let invoice = saved(bank, who, draft(number, account, partner)).await;
    let sent = call(
        bank,
        who,
        "POST",
        "/v2/invoices/send",
        to_client(&invoice.id),
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    invoice
}

/// The IBAN of one of the customer's accounts.
pub(crate) async fn iban_of(bank: &TestBank, who: &Customer, account: &str) -> String {
    bank::services::accounts::of_profile(&bank.db, &who.profile_id)
        .await
        .unwrap()
        .into_iter()
        .find(|a| a.id.as_str() == account)
        .unwrap()
        .iban
}

fn pdf_text(bytes: &[u8]) -> String {
    let pdf = lopdf::Document::load_mem(bytes).expect("a readable PDF");
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    pdf.extract_text(&pages).unwrap()
}

/// Reads the QR code a PDF draws (filled squares), as a banking app's camera would see it.
fn qr_in_pdf(bytes: &[u8]) -> String {
    let pdf = lopdf::Document::load_mem(bytes).unwrap();
    let page = *pdf.get_pages().values().next().unwrap();
    let content = lopdf::content::Content::decode(&pdf.get_page_content(page).unwrap()).unwrap();
    let number = |o: &lopdf::Object| match o {
        lopdf::Object::Integer(i) => *i as f32,
        lopdf::Object::Real(r) => *r,
        other => panic!("not a number: {other:?}"),
    };
    let squares: Vec<[f32; 4]> = content
        .operations
        .iter()
        .filter(|op| op.operator == "re")
        .map(|op| {
            let v: Vec<f32> = op.operands.iter().map(number).collect();
            [v[0], v[1], v[2], v[3]]
        })
        .collect();
    assert!(!squares.is_empty(), "the PDF draws a QR code");
    let cell = squares[0][2];
    let left = squares.iter().map(|s| s[0]).fold(f32::MAX, f32::min);
    let top = squares.iter().map(|s| s[1] + s[3]).fold(f32::MIN, f32::max);
    let right = squares.iter().map(|s| s[0] + s[2]).fold(f32::MIN, f32::max);
    let modules = ((right - left) / cell).round() as usize;
    let scale = 4;
    let quiet = 4;
    let size = (modules + 2 * quiet) * scale;
    let mut dark = vec![false; modules * modules];
    for s in &squares {
        let column = ((s[0] - left) / cell).round() as usize;
        let row = ((top - (s[1] + s[3])) / cell).round() as usize;
        dark[row * modules + column] = true;
    }
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(size, size, |x, y| {
        let (mx, my) = (x / scale, y / scale);
        let inside =
            (quiet..quiet + modules).contains(&mx) && (quiet..quiet + modules).contains(&my);
        if inside && dark[(my - quiet) * modules + (mx - quiet)] {
            0
        } else {
            255
        }
    });
    let grids = image.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code");
    grids[0].decode().expect("the QR code decodes").1
}

on_both_backends!(
    the_preview_shows_the_unsaved_invoice_as_the_client_will,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = partner(bank, &owner, "Acme Trading").await;
        let account = gbp_account(bank, &owner).await;

        let empty = call(
            bank,
            &owner,
            "POST",
            "/v2/documents/previews/take",
            json!({"type": "invoice", "data": {}}),
        )
        .await;
        assert_eq!(empty.status, 200, "{}", empty.body);
        let empty: PreviewView = empty.read();
        assert!(empty.empty && empty.document.is_none());
        assert_eq!(empty.title.as_deref(), Some("Nothing to preview yet"));
        assert!(empty.text.is_some());

        let reply = call(
            bank,
            &owner,
            "POST",
            "/v2/documents/previews/take",
            json!({"type": "invoice", "data": draft("INV-0001", &account, &acme)}),
        )
        .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let document = reply.read::<PreviewView>().document.expect("a document");
        assert_eq!(document.title, "VAT invoice");
        assert_eq!(document.seller.name, "Bennett & Hale Ltd");
        assert_eq!(document.seller.vat_number.as_deref(), Some("GB123456782"));
        assert_eq!(
            document.seller.registration_number.as_deref(),
            Some("09876543")
        );
        assert_eq!(document.buyer.name, "Acme Trading");
        assert_eq!(document.lines.len(), 2);
        assert_eq!(
            document.lines[0].period.as_deref(),
            Some("1 Nov 2026 – 15 Nov 2026")
        );
        // 7.5 h × 85 + 1,200 = 1,837.50; 10% off = 1,653.75; VAT 20% = 330.75; 1,984.50.
        assert_eq!(
            (
                document.subtotal.as_str(),
                document.discount.as_str(),
                document.vat.as_str(),
                document.total.as_str()
            ),
            ("1837.50", "183.75", "330.75", "1984.50")
        );
        assert!(
            document.pay_to.reference.starts_with("RF")
                && document.pay_to.reference.ends_with("INV0001")
        );
        assert!(document.pay_to.sort_code.is_some() && document.epc_payload.is_none());

        // The form's mistakes answer as on saving; nothing is kept.
        let mut bad = draft("INV-0001", &account, &acme);
        bad["items"] = json!([]);
        bad["partnerId"] = json!(acme);
        let refused = call(
            bank,
            &owner,
            "POST",
            "/v2/documents/previews/take",
            json!({"type": "invoice", "data": bad}),
        )
        .await;
        assert_eq!(refused.status, 422, "{}", refused.body);
        let none = call(bank, &owner, "POST", "/v2/invoices/fetch", json!({})).await;
        assert_eq!(none.json()["totalResults"], 0);
    }
);

on_both_backends!(the_pdf_carries_the_items_totals_and_how_to_pay, |bank| {
    let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
    let acme = partner(bank, &owner, "Acme Trading").await;
    let account = gbp_account(bank, &owner).await;
    let invoice = saved(bank, &owner, draft("INV-0001", &account, &acme)).await;
    let bytes = download_bytes(
        bank,
        &owner,
        &format!("/v2/documents/invoice?entId={}", invoice.id),
    )
    .await;
    let text = pdf_text(&bytes);
    for expected in [
        "VAT invoice INV-0001",
        "Bennett & Hale Ltd",
        "10 Finsbury Square",
        "VAT number GB123456782",
        "Company number 09876543",
        "Date of issue and tax point",
        "26 Nov 2026",
        "2 Dec 2026",
        "Bill to",
        "Acme Trading",
        "1 Market Street",
        "Design work",
        "1 Nov 2026 – 15 Nov 2026",
        "Hosting",
        "7.5",
        "85.00",
        "£637.50",
        "£1,200.00",
        "£1,837.50",
        "Discount (10%)",
        "-£183.75",
        "VAT at 20%",
        "£330.75",
        "Total due",
        "£1,984.50",
        "Sort code",
        "IBAN",
        &invoice.totals.total,
    ] {
        let expected = if expected == invoice.totals.total {
            "1,984.50"
        } else {
            expected
        };
        assert!(text.contains(expected), "{expected} in {text}");
    }
    // A pound invoice has no EPC code.
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    let page = *pdf.get_pages().values().next().unwrap();
    let content = lopdf::content::Content::decode(&pdf.get_page_content(page).unwrap()).unwrap();
    assert!(!content.operations.iter().any(|op| op.operator == "re"));

    // Another profile's invoice is not found.
    let other = registered_business(bank, "other@example.com", "Other Ltd").await;
    let reply = send_json(
        bank,
        "GET",
        &format!("/v2/documents/invoice?entId={}", invoice.id),
        Value::Null,
        &[("authorization", &other.bearer())],
    )
    .await;
    assert_eq!(reply.status, 404);
});

on_both_backends!(
    a_euro_invoice_prints_an_epc_qr_code_a_banking_app_reads,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = partner(bank, &owner, "Acme Trading").await;
        let eur = open_account(bank, &owner.profile_id, Currency::Eur, false).await;
        let invoice = saved(bank, &owner, draft("INV-0001", eur.id.as_str(), &acme)).await;
        assert_eq!(invoice.currency, Currency::Eur);
        let bytes = download_bytes(
            bank,
            &owner,
            &format!("/v2/documents/invoice?entId={}", invoice.id),
        )
        .await;
        let payload = qr_in_pdf(&bytes);
        let lines: Vec<&str> = payload.split('\n').collect();
        let reference = bank::domain::invoices::document::payment_reference("INV-0001");
        assert_eq!(&lines[..4], ["BCD", "002", "1", "SCT"], "{payload}");
        assert_eq!(lines[4], eur.bic);
        assert_eq!(lines[5], "Bennett & Hale Ltd");
        assert_eq!(lines[6], eur.iban.replace(' ', ""));
        assert_eq!(lines[7], "EUR1984.50");
        assert_eq!(lines[9], reference);
        let text = pdf_text(&bytes);
        assert!(text.contains("Scan with your banking app to pay"));
        // HMRC: VAT on an invoice in another currency is shown in sterling too.
        assert!(
            text.contains("VAT in sterling") && text.contains("EUR"),
            "{text}"
        );
    }
);

on_both_backends!(
    sending_emails_the_pdf_and_e_invoice_and_fixes_the_invoice,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = partner(bank, &owner, "Acme Trading").await;
        let account = gbp_account(bank, &owner).await;
        // Issued today, so that it is not yet due when the test reads where it stands: the
        // shared draft's fixed date passed its due date on 2026-12-03.
        let mut issued_today = draft("INV-0001", &account, &acme);
        issued_today["issueDate"] =
            json!(bank::domain::london::today(bank.db.now_ms()).to_string());
        let invoice = saved(bank, &owner, issued_today).await;

        let none = call(bank, &owner, "POST", "/v2/invoices/send",
        json!({"id": invoice.id, "emailEntries": [{"email": "a@acme.example", "enabled": false}]})).await;
        assert_eq!(none.status, 422);
        assert_eq!(
            none.field_error("emailEntries"),
            "Choose at least one email address"
        );
        let bad = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/send",
            json!({"id": invoice.id, "emailEntries": [{"email": "not an email", "enabled": true}]}),
        )
        .await;
        assert_eq!(bad.status, 422);
        assert_eq!(
            take(bank, &owner, &invoice.id).await.status.as_str(),
            "draft"
        );

        let sent = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/send",
            to_client(&invoice.id),
        )
        .await;
        assert_eq!(sent.status, 200, "{}", sent.body);
        let email = last_message(bank, "accounts@acme.example").await;
        assert_eq!(
            email.subject,
            "VAT invoice INV-0001 from Bennett & Hale Ltd"
        );
        assert!(
            email.body.contains("£1,984.50") && email.body.contains("RF"),
            "{}",
            email.body
        );
        let names: Vec<&str> = email
            .attachments
            .iter()
            .map(|a| a.filename.as_str())
            .collect();
        assert_eq!(names, ["invoice-INV-0001.pdf", "invoice-INV-0001.xml"]);
        assert!(
            bank::store::outbox::latest(&bank.db, Some("ceo@acme.example"), 1)
                .await
                .unwrap()
                .is_empty()
        );
        let pdf = bank::store::outbox::attachment(&bank.db, &email.id, 0)
            .await
            .unwrap()
            .unwrap();
        assert!(pdf_text(&pdf.content).contains("Design work"));

        let view = take(bank, &owner, &invoice.id).await;
        assert_eq!(view.status.as_str(), "sent");
        let standing = view.sent.expect("sent facts");
        assert_eq!(standing.payment_status, PaymentStatus::Unpaid);
        assert_eq!(standing.left, "1984.50");

        // Sent is final: no change, no delete, no second send unless asked.
        let mut change = draft("INV-0001", &account, &acme);
        change["id"] = json!(invoice.id);
        let changed = call(bank, &owner, "PUT", "/v2/invoices", change).await;
        assert_eq!(
            (changed.status.as_u16(), changed.error().code.as_str()),
            (409, "invoice_sent")
        );
        let again = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/send",
            to_client(&invoice.id),
        )
        .await;
        assert_eq!(again.status, 409);
        let mut resend = to_client(&invoice.id);
        resend["again"] = json!(true);
        let resent = call(bank, &owner, "POST", "/v2/invoices/send", resend).await;
        assert_eq!(resent.status, 200, "{}", resent.body);
        assert_eq!(
            bank::store::outbox::latest(&bank.db, Some("accounts@acme.example"), 5)
                .await
                .unwrap()
                .len(),
            2
        );

        // Two sends of one draft at once: one wins, one email.
        let second = saved(bank, &owner, draft("INV-0002", &account, &acme)).await;
        let (a, b) = tokio::join!(
            call(
                bank,
                &owner,
                "POST",
                "/v2/invoices/send",
                to_client(&second.id)
            ),
            call(
                bank,
                &owner,
                "POST",
                "/v2/invoices/send",
                to_client(&second.id)
            ),
        );
        let mut statuses = [a.status.as_u16(), b.status.as_u16()];
        statuses.sort();
        assert_eq!(statuses, [200, 409]);
        assert_eq!(
            bank::store::outbox::latest(&bank.db, Some("accounts@acme.example"), 5)
                .await
                .unwrap()
                .len(),
            3
        );

        // No client's inbox is flooded: at most ten emails to one address an hour.
        let mut refused = None;
        for _ in 0..12 {
            let mut resend = to_client(&invoice.id);
            resend["again"] = json!(true);
            let reply = call(bank, &owner, "POST", "/v2/invoices/send", resend).await;
            if reply.status == 429 {
                refused = Some(reply);
                break;
            }
            assert_eq!(reply.status, 200, "{}", reply.body);
        }
        assert_eq!(
            refused.expect("a flood is refused").error().code,
            "rate_limited"
        );
        let emails = bank::store::outbox::latest(&bank.db, Some("accounts@acme.example"), 50)
            .await
            .unwrap();
        assert!(emails.len() <= 10, "{} emails", emails.len());

        // Who may send: invoice:r reads and cannot send.
        let reader = colleague(
            bank,
            &owner.profile_id,
            "reader@bennett.example",
            bank::domain::profiles::access::Role::Accountant,
            &["invoice:r"],
        )
        .await;
        let third = saved(bank, &owner, draft("INV-0003", &account, &acme)).await;
        let refused = call(
            bank,
            &reader,
            "POST",
            "/v2/invoices/send",
            to_client(&third.id),
        )
        .await;
        assert_eq!(refused.status, 403);
        let credit = call(
            bank,
            &reader,
            "POST",
            "/v2/invoices/credit_notes",
            json!({"invoiceId": invoice.id, "emailEntries": [{"email": "a@acme.example", "enabled": true}]}),
        )
        .await;
        assert_eq!(credit.status, 403, "a reader makes no credit note");
        let read = send_json(
            bank,
            "GET",
            &format!("/v2/documents/invoice?entId={}", third.id),
            Value::Null,
            &[("authorization", &reader.bearer())],
        )
        .await;
        assert_eq!(read.status, 200);
    }
);

on_both_backends!(a_vat_invoice_needs_the_businesss_vat_number, |bank| {
    let owner = business_owner_named(bank, "novat@example.com", "No Vat Ltd").await;
    let acme = partner(bank, &owner, "Acme Trading").await;
    let account = gbp_account(bank, &owner).await;
    let invoice = saved(bank, &owner, draft("INV-0001", &account, &acme)).await;
    let refused = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/send",
        to_client(&invoice.id),
    )
    .await;
    assert_eq!(
        (refused.status.as_u16(), refused.error().code.as_str()),
        (422, "vat_number_missing")
    );
    assert_eq!(
        take(bank, &owner, &invoice.id).await.status.as_str(),
        "draft"
    );
    let mut plain = draft("INV-0001", &account, &acme);
    plain["id"] = json!(invoice.id);
    plain["isVatApplied"] = json!(false);
    saved(bank, &owner, plain).await;
    let sent = call(
        bank,
        &owner,
        "POST",
        "/v2/invoices/send",
        to_client(&invoice.id),
    )
    .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    let text = pdf_text(
        &download_bytes(
            bank,
            &owner,
            &format!("/v2/documents/invoice?entId={}", invoice.id),
        )
        .await,
    );
    assert!(
        text.contains("Invoice INV-0001") && !text.contains("VAT invoice"),
        "{text}"
    );
});

on_both_backends!(
    a_credit_note_corrects_a_sent_invoice_in_its_own_series,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = partner(bank, &owner, "Acme Trading").await;
        let account = gbp_account(bank, &owner).await;
        let invoice = saved(bank, &owner, draft("INV-0001", &account, &acme)).await;
        let entries = json!([{"email": "accounts@acme.example", "enabled": true}]);
        let early = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/credit_notes",
            json!({"invoiceId": invoice.id, "emailEntries": entries}),
        )
        .await;
        assert_eq!(
            (early.status.as_u16(), early.error().code.as_str()),
            (409, "invoice_draft")
        );
        assert_eq!(
            call(
                bank,
                &owner,
                "POST",
                "/v2/invoices/send",
                to_client(&invoice.id)
            )
            .await
            .status,
            200
        );

        // Part: £100 before VAT, £120 with it.
        let part = call(bank, &owner, "POST", "/v2/invoices/credit_notes",
        json!({"invoiceId": invoice.id, "amount": "100", "reason": "Hosting down two days", "emailEntries": entries})).await;
        assert_eq!(part.status, 200, "{}", part.body);
        let email = last_message(bank, "accounts@acme.example").await;
        assert_eq!(email.subject, "Credit note CN-0001 from Bennett & Hale Ltd");
        let names: Vec<&str> = email
            .attachments
            .iter()
            .map(|a| a.filename.as_str())
            .collect();
        assert_eq!(
            names,
            ["credit-note-CN-0001.pdf", "credit-note-CN-0001.xml"]
        );
        let note_id = part.json()["id"].as_str().unwrap().to_string();
        let text = pdf_text(
            &download_bytes(
                bank,
                &owner,
                &format!("/v2/documents/invoice?entId={note_id}"),
            )
            .await,
        );
        assert!(
            text.contains("Credit note CN-0001")
                && text.contains("Invoice INV-0001 of 26 Nov 2026")
                && text.contains("Hosting down two days")
                && text.contains("£120.00"),
            "{text}"
        );

        let standing = take(bank, &owner, &invoice.id).await.sent.unwrap();
        assert_eq!(
            (standing.credited.as_str(), standing.left.as_str()),
            ("120.00", "1864.50")
        );
        assert_eq!(standing.credit_notes.len(), 1);

        // More than is left is refused; the rest is allowed, numbered next.
        let too_much = call(bank, &owner, "POST", "/v2/invoices/credit_notes",
        json!({"invoiceId": invoice.id, "amount": "2000", "reason": "All", "emailEntries": entries})).await;
        assert_eq!(too_much.status, 422);
        assert_eq!(
            too_much.field_error("amount"),
            "That is more than is left to credit on this invoice"
        );
        let no_reason = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/credit_notes",
            json!({"invoiceId": invoice.id, "amount": "10", "emailEntries": entries}),
        )
        .await;
        assert_eq!(no_reason.field_error("reason"), "Field is required");
        let whole = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/credit_notes",
            json!({"invoiceId": invoice.id, "emailEntries": entries}),
        )
        .await;
        assert_eq!(
            whole.status, 422,
            "all of it is more than is left after a part"
        );
        let rest = call(bank, &owner, "POST", "/v2/invoices/credit_notes",
        json!({"invoiceId": invoice.id, "amount": "1553.75", "reason": "Cancelled", "emailEntries": entries})).await;
        assert_eq!(rest.status, 200, "{}", rest.body);
        let standing = take(bank, &owner, &invoice.id).await.sent.unwrap();
        assert_eq!(standing.credit_notes[1].number, "CN-0002");
        assert_eq!(
            (standing.left.as_str(), standing.payment_status),
            ("0.00", PaymentStatus::Paid)
        );
    }
);

async fn pay(bank: &TestBank, iban: &str, amount: &str, reference: &str) {
    bank::providers::sandbox_payments::credit(&bank.db, iban, amount, "Acme Trading", reference)
        .await
        .unwrap();
    bank::services::invoices::matching::match_due(&bank.db, bank.db.now_ms(), 100)
        .await
        .unwrap();
}

on_both_backends!(
    money_in_with_the_reference_is_matched_to_the_invoice,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = partner(bank, &owner, "Acme Trading").await;
        let account = gbp_account(bank, &owner).await;
        let iban = iban_of(bank, &owner, &account).await;
        let mut ids = Vec::new();
        for number in ["INV-0001", "INV-0002", "INV-0003", "INV-0004"] {
            ids.push(sent_invoice(bank, &owner, number, &account, &acme).await.id);
        }
        let reference = |n: &str| bank::domain::invoices::document::payment_reference(n);

        // The reference as a payer types it: spaced, lower case.
        let spaced = reference("INV-0001").to_lowercase();
        let spaced = format!("{} {}", &spaced[..4], &spaced[4..]);
        pay(bank, &iban, "1984.50", &spaced).await;
        let one = take(bank, &owner, &ids[0]).await.sent.unwrap();
        assert_eq!(
            (one.payment_status, one.paid.as_str()),
            (PaymentStatus::Paid, "1984.50")
        );
        assert_eq!(one.payments.len(), 1);

        // Two parts, by number.
        pay(bank, &iban, "1000", "Invoice INV-0002 part 1").await;
        let two = take(bank, &owner, &ids[1]).await.sent.unwrap();
        assert_eq!(
            (two.payment_status, two.left.as_str()),
            (PaymentStatus::PartlyPaid, "984.50")
        );
        pay(bank, &iban, "984.50", &reference("INV-0002")).await;
        assert_eq!(
            take(bank, &owner, &ids[1])
                .await
                .sent
                .unwrap()
                .payment_status,
            PaymentStatus::Paid
        );

        // A wrong amount leaves it partly paid; too much is overpaid.
        pay(bank, &iban, "1900", &reference("INV-0003")).await;
        let three = take(bank, &owner, &ids[2]).await.sent.unwrap();
        assert_eq!(
            (three.payment_status, three.left.as_str()),
            (PaymentStatus::PartlyPaid, "84.50")
        );
        pay(bank, &iban, "2000", &reference("INV-0004")).await;
        assert_eq!(
            take(bank, &owner, &ids[3])
                .await
                .sent
                .unwrap()
                .payment_status,
            PaymentStatus::Overpaid
        );

        // No reference matches nothing; looking again changes nothing (each payment counted once).
        pay(bank, &iban, "1984.50", "Thanks for everything").await;
        bank::services::invoices::matching::match_due(&bank.db, bank.db.now_ms(), 100)
            .await
            .unwrap();
        let after: Vec<String> = {
            let mut paid = Vec::new();
            for id in &ids {
                paid.push(take(bank, &owner, id).await.sent.unwrap().paid);
            }
            paid
        };
        assert_eq!(after, ["1984.50", "1984.50", "1900.00", "2000.00"]);
        // The payment knows its invoice.
        let linked = bank::services::invoices::matching::invoice_paid_by(
            &bank.db,
            &one.payments[0].transaction_id,
        )
        .await
        .unwrap();
        assert_eq!(
            linked.map(|(_, number)| number).as_deref(),
            Some("INV-0001")
        );
    }
);

/// A business with one sent invoice whose account got money before and after sending it, and
/// another business without invoices whose account got `others` payments.
async fn invoicing_and_busy(bank: &TestBank, others: usize) -> String {
    let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
    let acme = partner(bank, &owner, "Acme Trading").await;
    let account = gbp_account(bank, &owner).await;
    let iban = iban_of(bank, &owner, &account).await;
    let before = bank.db.now_ms() - 60_000;
    bank::providers::sandbox_payments::credit_at(&bank.db, &iban, "5", "Early", "Before", before)
        .await
        .unwrap();
    sent_invoice(bank, &owner, "INV-0001", &account, &acme).await;
    let after = bank::providers::sandbox_payments::credit(&bank.db, &iban, "7", "Late", "After")
        .await
        .unwrap();

    let busy = registered_business(bank, "busy@shop.example", "Busy Shop Ltd").await;
    let busy_account = gbp_account(bank, &busy).await;
    let busy_iban = iban_of(bank, &busy, &busy_account).await;
    for n in 0..others {
        bank::providers::sandbox_payments::credit(
            &bank.db,
            &busy_iban,
            "1",
            "Buyer",
            &format!("Order {n}"),
        )
        .await
        .unwrap();
    }
    after.transaction_id
}

on_both_backends!(
    the_matching_job_looks_only_at_money_in_after_an_accounts_first_sent_invoice,
    |bank| {
        let after = invoicing_and_busy(bank, 3).await;
        let unchecked = bank::store::invoice_payments::unchecked(&bank.db, 0, 100)
            .await
            .unwrap();
        let ids: Vec<&str> = unchecked
            .iter()
            .map(|c| c.transaction_id.as_str())
            .collect();
        assert_eq!(ids, [after.as_str()]);
        // Looked at once, it is not looked at again.
        bank::services::invoices::matching::match_due(&bank.db, bank.db.now_ms(), 100)
            .await
            .unwrap();
        let again = bank::store::invoice_payments::unchecked(&bank.db, 0, 100)
            .await
            .unwrap();
        assert!(again.is_empty(), "{}", again.len());
    }
);

/// The job runs every second on every server: on PostgreSQL its read can be served from the
/// indexes, reading the invoicing account's transactions and not the busy account's. (The
/// sequential scan is switched off so the plan shows what the indexes allow; on tables this small
/// the planner would otherwise scan them whole, as it rightly does.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_matching_jobs_read_skips_accounts_without_sent_invoices() {
    let started = TestBank::start(Backend::Postgres).await;
    let bank = &started;
    invoicing_and_busy(bank, 40).await;
    let sql = bank::store::invoice_payments::UNCHECKED_SQL
        .replacen("$1", "0", 1)
        .replacen("$2", "'completed'", 1)
        .replacen("$3", "'sent'", 1)
        .replacen("$4", "100", 1);
    let (read, plan) = rows_read_by(bank, &sql, "transactions").await;
    assert!(read <= 5, "read {read} transactions rows:\n{plan}");
}
