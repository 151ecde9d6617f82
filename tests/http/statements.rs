//! Statements and proofs read back: the CSV and the camt.053 parse to the same totals as the
//! ledger, the PDF's text carries the transactions, and only the account's profile gets them.

use axum::body::Body;
use axum::http::{header, Request};
use bank::api::accounts::transactions::{FetchInput, TransactionPage};
use bank::domain::accounts::money::Currency;
use bank::domain::accounts::money::Money;
use bank::domain::payments::payee::Scheme;
use bank::domain::payments::recipient::PayeeType;
use bank::store::bookings::{self, Party};

use crate::helpers::{customer, download_bytes, open_account, Customer, Reply, TestBank};
use crate::on_both_backends;

const PAYER: Party<'static> = Party {
    name: "Northwind Logistics",
    kind: PayeeType::Company,
    account: Some("GB29NWBK60161331926819"),
};
const DAY: i64 = 86_400_000;
const MAR1: i64 = 1_772_323_200_000; // 2026-03-01T00:00:00Z

async fn download(bank: &TestBank, who: &Customer, path: &str) -> Reply {
    bank.send(
        Request::get(path)
            .header(header::AUTHORIZATION, who.bearer())
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

/// February: one payment in before the period; March: in, out with a fee, a card purchase.
async fn history(bank: &TestBank, who: &Customer) -> bank::store::bank_accounts::BankAccount {
    let gbp = open_account(bank, &who.profile_id, Currency::Gbp, true).await;
    bookings::inbound(
        &bank.db,
        &gbp,
        Money::new(100_000, gbp.currency),
        Scheme::Local,
        PAYER,
        "Opening float",
        MAR1 - 10 * DAY,
    )
    .await
    .unwrap();
    bookings::inbound(
        &bank.db,
        &gbp,
        Money::new(25_050, gbp.currency),
        Scheme::Local,
        PAYER,
        "INV-7, March",
        MAR1 + DAY,
    )
    .await
    .unwrap();
    bookings::outbound(
        &bank.db,
        &gbp,
        Money::new(12_000, gbp.currency),
        Money::new(50, gbp.currency),
        Scheme::Local,
        Party {
            name: "Sable \"Accountancy\"",
            kind: PayeeType::Company,
            account: None,
        },
        "Fees Q1",
        MAR1 + 2 * DAY,
        None,
    )
    .await
    .unwrap();
    bookings::fee(
        &bank.db,
        &gbp,
        Money::new(1_500, gbp.currency),
        "Monthly plan fee",
        MAR1 + 3 * DAY,
    )
    .await
    .unwrap();
    bookings::inbound(
        &bank.db,
        &gbp,
        Money::new(999, gbp.currency),
        Scheme::Local,
        PAYER,
        "April",
        MAR1 + 40 * DAY,
    )
    .await
    .unwrap();
    gbp
}

on_both_backends!(csv_and_camt053_add_up_to_the_ledger, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = history(bank, &olivia).await;
    let base = format!(
        "/v2/documents/statement?entId={}&createdFrom=2026-03-01&createdTo=2026-03-31",
        gbp.id
    );

    let csv = download(bank, &olivia, &format!("{base}&format=csv")).await;
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").starts_with("text/csv"));
    assert!(csv
        .header("content-disposition")
        .contains("statement-2026-03-01-2026-03-31.csv"));
    let mut reader = csv::Reader::from_reader(csv.body.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>()[..3],
        ["Date", "Time", "Type"]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(&rows[0][0], "2026-03-02");
    assert_eq!(&rows[0][3], "INV-7, March", "commas survive quoting");
    assert_eq!(
        &rows[1][4], "Sable \"Accountancy\"",
        "quotes survive quoting"
    );
    let cents = |text: &str| {
        bank::domain::accounts::money::parse_decimal(text.trim_start_matches('-')).unwrap()
            * if text.starts_with('-') { -1 } else { 1 }
    };
    let total: i64 = rows.iter().map(|r| cents(&r[5])).sum();
    assert_eq!(total, 25_050 - 12_050 - 1_500);
    assert_eq!(&rows[1][5], "-120.50", "the amount includes the fee");
    assert_eq!(
        cents(&rows[2][7]),
        100_000 + total,
        "running balance ends at the closing balance"
    );

    let xml = download(bank, &olivia, &format!("{base}&format=camt053")).await;
    assert_eq!(xml.status, 200);
    let document = roxmltree::Document::parse(&xml.body).expect("well-formed XML");
    let ns = bank::domain::accounts::statements::camt053::NAMESPACE;
    assert_eq!(document.root_element().tag_name().namespace(), Some(ns));
    let balances: Vec<(String, i64)> = document
        .descendants()
        .filter(|n| n.has_tag_name("Bal"))
        .map(|bal| {
            let code = bal
                .descendants()
                .find(|n| n.has_tag_name("Cd"))
                .unwrap()
                .text()
                .unwrap()
                .to_string();
            let amount = cents(
                bal.descendants()
                    .find(|n| n.has_tag_name("Amt"))
                    .unwrap()
                    .text()
                    .unwrap(),
            );
            (code, amount)
        })
        .collect();
    assert_eq!(
        balances,
        [
            ("OPBD".to_string(), 100_000),
            ("CLBD".to_string(), 100_000 + total)
        ]
    );
    let entries: i64 = document
        .descendants()
        .filter(|n| n.has_tag_name("Ntry"))
        .map(|entry| {
            let amount = cents(
                entry
                    .children()
                    .find(|n| n.has_tag_name("Amt"))
                    .unwrap()
                    .text()
                    .unwrap(),
            );
            let sign = entry
                .children()
                .find(|n| n.has_tag_name("CdtDbtInd"))
                .unwrap()
                .text()
                .unwrap();
            if sign == "DBIT" {
                -amount
            } else {
                amount
            }
        })
        .sum();
    assert_eq!(
        entries, total,
        "entries add up to the closing minus the opening balance"
    );
    assert!(xml.body.contains("<IBAN>") && xml.body.contains(&gbp.iban));
});

on_both_backends!(the_pdf_statement_and_proofs_carry_the_text, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = history(bank, &olivia).await;
    let path = format!(
        "/v2/documents/statement?entId={}&createdFrom=2026-03-01&createdTo=2026-03-31&format=pdf",
        gbp.id
    );
    let bytes = download_bytes(bank, &olivia, &path).await;
    let pdf = lopdf::Document::load_mem(&bytes).expect("a readable PDF");
    let pages: Vec<u32> = pdf.get_pages().keys().copied().collect();
    let text = pdf.extract_text(&pages).unwrap();
    for expected in [
        "Account statement",
        "Harbour Payments Ltd",
        "INV-7, March",
        "Fees Q1",
        "Monthly plan fee",
        "£1,000.00",
        "£1,115.00",
        "Page 1 of 1",
        &gbp.iban,
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert!(!text.contains("April"), "outside the period");

    let list = crate::helpers::post(
        bank,
        "/v2/transactions/fetch",
        crate::helpers::body(&FetchInput {
            bank_account_id: Some(gbp.id.to_string()),
            ..Default::default()
        }),
        &[("authorization", &olivia.bearer())],
    )
    .await
    .read::<TransactionPage>();
    let id = list.results[1].id.clone();
    // Saved under the payee's name and the day, as a person files it.
    let fees = list
        .results
        .iter()
        .find(|txn| txn.details == "Fees Q1")
        .expect("the payment to Sable");
    let named = download(
        bank,
        &olivia,
        &format!("/v2/documents/txn_proof?entId={}", fees.id),
    )
    .await;
    assert_eq!(
        named.header("content-disposition"),
        "attachment; filename=\"Sable-Accountancy-2026-03-03.pdf\""
    );
    let proof = download_bytes(
        bank,
        &olivia,
        &format!("/v2/documents/txn_proof?entId={id}"),
    )
    .await;
    let proof = lopdf::Document::load_mem(&proof).unwrap();
    let text = proof.extract_text(&[1]).unwrap();
    assert!(
        text.contains("Transaction confirmation") && text.contains(&id),
        "{text}"
    );

    let letter = download_bytes(
        bank,
        &olivia,
        &format!("/v2/documents/proof_letter?entId={}", gbp.id),
    )
    .await;
    let letter = lopdf::Document::load_mem(&letter).unwrap();
    let text = letter.extract_text(&[1]).unwrap();
    assert!(
        text.contains("Confirmation of account details") && text.contains("04-00-75"),
        "{text}"
    );

    // Nobody else gets any of them.
    let stranger = customer(bank, "stranger@example.com", "Stranger Ltd").await;
    assert_eq!(download(bank, &stranger, &path).await.status, 404);
    assert_eq!(
        download(
            bank,
            &stranger,
            &format!("/v2/documents/txn_proof?entId={id}")
        )
        .await
        .status,
        404
    );
    assert_eq!(
        download(
            bank,
            &stranger,
            &format!("/v2/documents/proof_letter?entId={}", gbp.id)
        )
        .await
        .status,
        404
    );
});

on_both_backends!(statement_requests_are_checked, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let field = |reply: Reply, name: &str| -> String {
        assert_eq!(reply.status, 422, "{}", reply.body);
        reply.field_error(name)
    };
    let id = &gbp.id;
    let reply = download(
        bank,
        &olivia,
        &format!("/v2/documents/statement?entId={id}&format=pdf"),
    )
    .await;
    assert_eq!(field(reply, "createdFrom"), "Date interval not selected");
    let reply = download(
        bank,
        &olivia,
        &format!("/v2/documents/statement?entId={id}&createdFrom=2026-03-01&createdTo=2026-03-31"),
    )
    .await;
    assert_eq!(field(reply, "format"), "Field is required");
    let reply = download(
        bank,
        &olivia,
        "/v2/documents/statement?createdFrom=2026-03-01&createdTo=2026-03-31&format=csv",
    )
    .await;
    assert_eq!(field(reply, "entId"), "Field is required");
    let reply = download(bank, &olivia, &format!("/v2/documents/statement?entId={id}&createdFrom=2022-08-31&createdTo=2022-09-30&format=csv")).await;
    assert_eq!(
        field(reply, "createdFrom"),
        "Statements start on 1 September 2022"
    );
    // An empty period still makes a statement, with equal opening and closing balances.
    let empty = download(bank, &olivia, &format!("/v2/documents/statement?entId={id}&createdFrom=2026-03-01&createdTo=2026-03-31&format=csv")).await;
    assert_eq!(empty.status, 200);
    assert_eq!(empty.body.lines().count(), 1, "just the header row");
});

on_both_backends!(statements_cut_days_in_london, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    // 23:30 UTC on 30 June 2026 is 00:30 BST on 1 July.
    let half_past_midnight = 1_782_862_200_000;
    bookings::inbound(
        &bank.db,
        &gbp,
        Money::new(1_234, gbp.currency),
        Scheme::Local,
        PAYER,
        "NIGHT",
        half_past_midnight,
    )
    .await
    .unwrap();
    let statement = |day: &str| {
        format!(
            "/v2/documents/statement?entId={}&createdFrom={day}&createdTo={day}&format=csv",
            gbp.id
        )
    };
    let july = download(bank, &olivia, &statement("2026-07-01")).await;
    assert!(july.body.contains("NIGHT"), "{}", july.body);
    assert!(july.body.contains("2026-07-01"), "{}", july.body);
    assert!(july.body.contains("00:30:00"), "{}", july.body);
    let june = download(bank, &olivia, &statement("2026-06-30")).await;
    assert!(!june.body.contains("NIGHT"), "{}", june.body);
});

on_both_backends!(a_payer_named_like_a_formula_stays_text_in_the_csv, |bank| {
    let olivia = customer(bank, "olivia@example.com", "Bennett Ltd").await;
    let gbp = open_account(bank, &olivia.profile_id, Currency::Gbp, true).await;
    let payer = Party {
        name: "=HYPERLINK(\"http://evil.example\",\"Click\")",
        kind: PayeeType::Company,
        account: None,
    };
    bookings::inbound(
        &bank.db,
        &gbp,
        Money::new(500, gbp.currency),
        Scheme::Local,
        payer,
        "@SUM(A1:A9)",
        MAR1 + DAY,
    )
    .await
    .unwrap();
    let csv = download(
        bank,
        &olivia,
        &format!(
            "/v2/documents/statement?entId={}&createdFrom=2026-03-01&createdTo=2026-03-31&format=csv",
            gbp.id
        ),
    )
    .await;
    let mut reader = ::csv::Reader::from_reader(csv.body.as_bytes());
    let record = reader.records().next().unwrap().unwrap();
    assert_eq!(&record[3], "'@SUM(A1:A9)");
    assert_eq!(&record[4], "'=HYPERLINK(\"http://evil.example\",\"Click\")");
    assert_eq!(&record[5], "5.00", "amounts stay numbers");
});
