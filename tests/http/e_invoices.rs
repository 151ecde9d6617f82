//! Issue 29 point 6: every sent invoice and credit note exists as a UBL 2.1 e-invoice following
//! Peppol BIS Billing 3.0. Each kind the bank makes (VAT at 20% with a percent discount, a fixed
//! discount, VAT-exempt, outside VAT, euro, credit notes for part and all) is downloaded and
//! validated against the official UBL 2.1 XSD with `xmllint` and against the Peppol and EN 16931
//! Schematron rules with Saxon-HE (tests/data/ubl/README.md names the sources).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::invoices::{draft, gbp_account, partner};
use crate::on_both_backends;
use bank::api::invoices::drafts::InvoiceView;
use bank::domain::accounts::money::Currency;

const SAXON: &str = "/usr/share/java/Saxon-HE.jar";

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ubl")
}

fn saxon(source: &Path, stylesheet: &Path, output: &Path, extra: &[&str]) {
    let done = Command::new("java")
        .args(["-cp", SAXON, "net.sf.saxon.Transform"])
        .arg(format!("-s:{}", source.display()))
        .arg(format!("-xsl:{}", stylesheet.display()))
        .arg(format!("-o:{}", output.display()))
        .args(extra)
        .output()
        .expect("Saxon-HE runs (Debian libsaxonhe-java; .ci/run installs it)");
    assert!(
        done.status.success(),
        "saxon {}: {}",
        source.display(),
        String::from_utf8_lossy(&done.stderr)
    );
}

/// The two rule sets compiled to XSLT once per test run, through the ISO skeleton.
fn rules() -> &'static Vec<PathBuf> {
    static RULES: OnceLock<Vec<PathBuf>> = OnceLock::new();
    RULES.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("bank-schematron-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let skeleton = data().join("skeleton");
        ["PEPPOL-EN16931-UBL", "CEN-EN16931-UBL"]
            .iter()
            .map(|name| {
                let included = dir.join(format!("{name}.1.sch"));
                let expanded = dir.join(format!("{name}.2.sch"));
                let compiled = dir.join(format!("{name}.xsl"));
                saxon(
                    &data().join(format!("schematron/{name}.sch")),
                    &skeleton.join("iso_dsdl_include.xsl"),
                    &included,
                    &[],
                );
                saxon(
                    &included,
                    &skeleton.join("iso_abstract_expand.xsl"),
                    &expanded,
                    &[],
                );
                saxon(
                    &expanded,
                    &skeleton.join("iso_svrl_for_xslt2.xsl"),
                    &compiled,
                    &["allow-foreign=true"],
                );
                compiled
            })
            .collect()
    })
}

/// Validates an e-invoice; panics with every broken rule but those `allowed`.
fn validate(xml: &[u8], name: &str) {
    validate_but(xml, name, &[]);
}

fn validate_but(xml: &[u8], name: &str, allowed: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{name}.xml"));
    std::fs::write(&file, xml).unwrap();
    let text = String::from_utf8_lossy(xml);
    let schema = if text.contains("<CreditNote") {
        "xsd/maindoc/UBL-CreditNote-2.1.xsd"
    } else {
        "xsd/maindoc/UBL-Invoice-2.1.xsd"
    };
    let xsd = Command::new("xmllint")
        .args(["--noout", "--schema"])
        .arg(data().join(schema))
        .arg(&file)
        .output()
        .expect("xmllint runs (Debian libxml2-utils)");
    assert!(
        xsd.status.success(),
        "{name} against the UBL 2.1 XSD: {}\n{text}",
        String::from_utf8_lossy(&xsd.stderr)
    );
    for rules in rules() {
        let report = dir.path().join("svrl.xml");
        saxon(&file, rules, &report, &[]);
        let svrl = std::fs::read_to_string(&report).unwrap();
        let doc = roxmltree::Document::parse(&svrl).unwrap();
        let broken: Vec<String> = doc
            .descendants()
            .filter(|n| n.has_tag_name("failed-assert") && n.attribute("flag") == Some("fatal"))
            .filter(|n| !allowed.contains(&n.attribute("id").unwrap_or("")))
            .map(|n| {
                format!(
                    "{} {}",
                    n.attribute("id").unwrap_or("?"),
                    n.descendants()
                        .filter(|t| t.is_text())
                        .filter_map(|t| t.text())
                        .collect::<String>()
                        .trim()
                )
            })
            .collect();
        assert!(
            broken.is_empty(),
            "{name} against {}: {broken:#?}\n{text}",
            rules.display()
        );
    }
}

/// A client with a German VAT number, so both sides have a Peppol address.
async fn vat_registered_client(bank: &TestBank, who: &Customer) -> String {
    let added = call(bank, who, "PUT", "/v2/invoices/partners", json!({
        "name": "Acme GmbH", "type": "company", "currency": "EUR", "email": "accounts@acme.example",
        "vatNumber": "DE123456789", "country": "DE", "address1": "Marktstrasse 1", "city": "Berlin",
        "postcode": "10115",
    })).await;
    assert_eq!(added.status, 200, "{}", added.body);
    added.json()["id"].as_str().unwrap().to_string()
}

async fn sent(bank: &TestBank, who: &Customer, body: Value) -> InvoiceView {
    let saved = call(bank, who, "PUT", "/v2/invoices", body).await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let invoice: InvoiceView = saved.read();
    let sending = call(bank, who, "POST", "/v2/invoices/send",
        json!({"id": invoice.id, "emailEntries": [{"email": "accounts@acme.example", "enabled": true}]})).await;
    assert_eq!(sending.status, 200, "{}", sending.body);
    invoice
}

async fn e_invoice(bank: &TestBank, who: &Customer, id: &str) -> Vec<u8> {
    download_bytes(bank, who, &format!("/v2/documents/e_invoice?entId={id}")).await
}

on_both_backends!(
    every_e_invoice_the_bank_sends_is_valid_ubl_and_peppol,
    |bank| {
        let owner = registered_business(bank, "owner@bennett.example", "Bennett & Hale Ltd").await;
        let acme = vat_registered_client(bank, &owner).await;
        let account = gbp_account(bank, &owner).await;

        // A draft has no e-invoice yet.
        let saved = call(
            bank,
            &owner,
            "PUT",
            "/v2/invoices",
            draft("INV-0001", &account, &acme),
        )
        .await;
        let id = saved.json()["id"].as_str().unwrap().to_string();
        let none = send_json(
            bank,
            "GET",
            &format!("/v2/documents/e_invoice?entId={id}"),
            Value::Null,
            &[("authorization", &owner.bearer())],
        )
        .await;
        assert_eq!(none.status, 404);
        call(bank, &owner, "DELETE", "/v2/invoices", json!({"id": id})).await;

        // VAT at 20% after a 10% discount, items with periods.
        let vat = sent(bank, &owner, draft("INV-0001", &account, &acme)).await;
        let xml = e_invoice(bank, &owner, &vat.id).await;
        validate(&xml, "vat-percent-discount");
        let text = String::from_utf8(xml).unwrap();
        for expected in [
            "<cbc:ID>INV-0001</cbc:ID>",
            "<cbc:PayableAmount currencyID=\"GBP\">1984.50</cbc:PayableAmount>",
            "<cbc:CompanyID>GB123456782</cbc:CompanyID>",
            "<cbc:StartDate>2026-11-01</cbc:StartDate>",
        ] {
            assert!(text.contains(expected), "{expected} in {text}");
        }

        // A fixed discount, and no VAT from a VAT-registered business: exempt.
        let mut fixed = draft("INV-0002", &account, &acme);
        fixed["discountType"] = json!("fixed-amount");
        fixed["discount"] = json!("37.50");
        fixed["isVatApplied"] = json!(false);
        let exempt = sent(bank, &owner, fixed).await;
        validate(
            &e_invoice(bank, &owner, &exempt.id).await,
            "fixed-discount-exempt",
        );

        // In euro, no discount.
        let eur = open_account(bank, &owner.profile_id, Currency::Eur, false).await;
        let mut euro = draft("INV-0003", eur.id.as_str(), &acme);
        euro["isDiscountApplied"] = json!(false);
        euro["discount"] = json!("");
        let euro = sent(bank, &owner, euro).await;
        validate(&e_invoice(bank, &owner, &euro.id).await, "euro");

        // Credit notes: for part, and for the rest.
        let entries = json!([{"email": "accounts@acme.example", "enabled": true}]);
        let part = call(bank, &owner, "POST", "/v2/invoices/credit_notes",
        json!({"invoiceId": vat.id, "amount": "100", "reason": "Hosting down", "emailEntries": entries})).await;
        assert_eq!(part.status, 200, "{}", part.body);
        let note = e_invoice(bank, &owner, part.json()["id"].as_str().unwrap()).await;
        validate(&note, "credit-note-part");
        let note = String::from_utf8(note).unwrap();
        assert!(
            note.contains("<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>")
                && note.contains("<cbc:ID>INV-0001</cbc:ID>")
        );
        let whole = call(
            bank,
            &owner,
            "POST",
            "/v2/invoices/credit_notes",
            json!({"invoiceId": exempt.id, "emailEntries": entries}),
        )
        .await;
        assert_eq!(whole.status, 200, "{}", whole.body);
        validate(
            &e_invoice(bank, &owner, whole.json()["id"].as_str().unwrap()).await,
            "credit-note-whole",
        );

        // A business outside VAT billing a client without a VAT number: neither has a Peppol
        // address (Peppol's electronic address schemes are VAT numbers and registers the bank does
        // not hold), so the document is for the client's software; every other rule holds.
        let small =
            registered_business_with_vat(bank, "small@example.com", "Small Maker Ltd", "").await;
        let client = partner(bank, &small, "Acme Trading").await;
        let small_account = gbp_account(bank, &small).await;
        let mut plain = draft("INV-0001", &small_account, &client);
        plain["isVatApplied"] = json!(false);
        let plain = sent(bank, &small, plain).await;
        let xml = e_invoice(bank, &small, &plain.id).await;
        assert!(!String::from_utf8_lossy(&xml).contains("EndpointID"));
        validate_but(
            &xml,
            "outside-vat",
            &["PEPPOL-EN16931-R010", "PEPPOL-EN16931-R020"],
        );
    }
);
