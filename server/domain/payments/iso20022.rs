//! The ISO 20022 messages of a SEPA or SWIFT transfer, kept with it and downloadable by the
//! customer: pain.001.001.09 (the customer's credit transfer initiation, as the bank received
//! it) and pacs.008.001.08 (the interbank customer credit transfer the bank sends on). Both are
//! checked against the official XSDs in the tests (`tests/data/iso20022`).

use super::payee::Scheme;
use super::recipient::SwiftAddress;
use crate::domain::accounts::money::decimal;
use crate::domain::xml::{max_text, Xml};

pub const PAIN_001: &str = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";
pub const PACS_008: &str = "urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08";

/// One transfer, as both messages need it.
pub struct Payment<'a> {
    /// The bank's id of the transfer; the end-to-end id is its first 35 characters.
    pub id: &'a str,
    pub scheme: Scheme,
    /// ISO date-time in UTC, e.g. 2026-11-23T10:15:00Z, and the execution date.
    pub created_at: &'a str,
    pub execution_date: &'a str,
    pub amount: i64,
    pub currency: &'a str,
    pub debtor_name: &'a str,
    pub debtor_iban: &'a str,
    pub debtor_bic: &'a str,
    pub creditor_name: &'a str,
    /// An IBAN, or (SWIFT) an account number.
    pub creditor_iban: Option<&'a str>,
    pub creditor_account_number: Option<&'a str>,
    pub creditor_routing_code: Option<&'a str>,
    pub creditor_bic: &'a str,
    pub creditor_address: Option<&'a SwiftAddress>,
    pub reference: &'a str,
}

impl Payment<'_> {
    fn end_to_end_id(&self) -> String {
        let id: String = self.id.chars().filter(|c| *c != '-').collect();
        max_text(&id, 35)
    }
}

fn agent(xml: &mut Xml, name: &str, bic: &str) {
    xml.open(name);
    xml.open("FinInstnId");
    xml.leaf("BICFI", bic);
    xml.close("FinInstnId");
    xml.close(name);
}

fn iban_account(xml: &mut Xml, name: &str, iban: &str) {
    xml.open(name);
    xml.open("Id");
    xml.leaf("IBAN", iban);
    xml.close("Id");
    xml.close(name);
}

fn creditor(xml: &mut Xml, p: &Payment<'_>) {
    xml.open("Cdtr");
    xml.leaf("Nm", &max_text(p.creditor_name, 140));
    if let Some(a) = p.creditor_address {
        // PostalAddress24, in the schema's order.
        xml.open("PstlAdr");
        xml.leaf_if("StrtNm", &max_text(&a.address1, 70));
        xml.leaf_if("BldgNb", &max_text(&a.building_number, 16));
        xml.leaf_if("PstCd", &max_text(&a.postcode, 16));
        xml.leaf_if("TwnNm", &max_text(&a.city, 35));
        xml.leaf_if("CtrySubDvsn", &max_text(&a.region, 35));
        xml.leaf("Ctry", &a.country);
        xml.close("PstlAdr");
    }
    xml.close("Cdtr");
    xml.open("CdtrAcct");
    xml.open("Id");
    match (p.creditor_iban, p.creditor_account_number) {
        (Some(iban), _) => xml.leaf("IBAN", iban),
        (None, number) => {
            xml.open("Othr");
            xml.leaf("Id", number.unwrap_or_default());
            xml.close("Othr");
        }
    }
    xml.close("Id");
    xml.close("CdtrAcct");
}

fn remittance(xml: &mut Xml, reference: &str) {
    if !reference.trim().is_empty() {
        xml.open("RmtInf");
        xml.leaf("Ustrd", &max_text(reference, 140));
        xml.close("RmtInf");
    }
}

fn service_level(xml: &mut Xml, scheme: Scheme) {
    if scheme == Scheme::Sepa {
        xml.open("PmtTpInf");
        xml.open("SvcLvl");
        xml.leaf("Cd", "SEPA");
        xml.close("SvcLvl");
        xml.close("PmtTpInf");
    }
}

/// SEPA shares charges by the scheme's rules (SLEV); on SWIFT the payer pays the bank's fee and
/// the payee their own bank's (SHAR).
fn charge_bearer(scheme: Scheme) -> &'static str {
    if scheme == Scheme::Sepa {
        "SLEV"
    } else {
        "SHAR"
    }
}

/// pain.001.001.09: CustomerCreditTransferInitiationV09 with one payment of one transaction.
pub fn pain_001(p: &Payment<'_>) -> String {
    let amount = decimal(p.amount);
    let id = p.end_to_end_id();
    let mut xml = Xml::new();
    xml.declaration();
    xml.open_with("Document", &[("xmlns", PAIN_001)]);
    xml.open("CstmrCdtTrfInitn");
    xml.open("GrpHdr");
    xml.leaf("MsgId", &id);
    xml.leaf("CreDtTm", p.created_at);
    xml.leaf("NbOfTxs", "1");
    xml.leaf("CtrlSum", &amount);
    xml.open("InitgPty");
    xml.leaf("Nm", &max_text(p.debtor_name, 140));
    xml.close("InitgPty");
    xml.close("GrpHdr");
    xml.open("PmtInf");
    xml.leaf("PmtInfId", &id);
    xml.leaf("PmtMtd", "TRF");
    xml.leaf("NbOfTxs", "1");
    xml.leaf("CtrlSum", &amount);
    service_level(&mut xml, p.scheme);
    xml.open("ReqdExctnDt");
    xml.leaf("Dt", p.execution_date);
    xml.close("ReqdExctnDt");
    xml.open("Dbtr");
    xml.leaf("Nm", &max_text(p.debtor_name, 140));
    xml.close("Dbtr");
    iban_account(&mut xml, "DbtrAcct", p.debtor_iban);
    agent(&mut xml, "DbtrAgt", p.debtor_bic);
    xml.leaf("ChrgBr", charge_bearer(p.scheme));
    xml.open("CdtTrfTxInf");
    xml.open("PmtId");
    xml.leaf("EndToEndId", &id);
    xml.close("PmtId");
    xml.open("Amt");
    xml.money("InstdAmt", p.amount, p.currency);
    xml.close("Amt");
    agent(&mut xml, "CdtrAgt", p.creditor_bic);
    creditor(&mut xml, p);
    remittance(&mut xml, p.reference);
    xml.close("CdtTrfTxInf");
    xml.close("PmtInf");
    xml.close("CstmrCdtTrfInitn");
    xml.close("Document");
    String::from_utf8(xml.bytes()).expect("the writer writes UTF-8")
}

/// pacs.008.001.08: FIToFICustomerCreditTransferV08, the bank's instruction to the scheme.
pub fn pacs_008(p: &Payment<'_>) -> String {
    let id = p.end_to_end_id();
    let mut xml = Xml::new();
    xml.declaration();
    xml.open_with("Document", &[("xmlns", PACS_008)]);
    xml.open("FIToFICstmrCdtTrf");
    xml.open("GrpHdr");
    xml.leaf("MsgId", &id);
    xml.leaf("CreDtTm", p.created_at);
    xml.leaf("NbOfTxs", "1");
    xml.open("SttlmInf");
    // SEPA settles through the clearing system; SWIFT through the instructed agent's account.
    xml.leaf(
        "SttlmMtd",
        if p.scheme == Scheme::Sepa {
            "CLRG"
        } else {
            "INDA"
        },
    );
    xml.close("SttlmInf");
    xml.close("GrpHdr");
    xml.open("CdtTrfTxInf");
    xml.open("PmtId");
    xml.leaf("InstrId", &id);
    xml.leaf("EndToEndId", &id);
    xml.leaf("TxId", &id);
    xml.close("PmtId");
    service_level(&mut xml, p.scheme);
    xml.money("IntrBkSttlmAmt", p.amount, p.currency);
    xml.leaf("IntrBkSttlmDt", p.execution_date);
    xml.leaf("ChrgBr", charge_bearer(p.scheme));
    agent(&mut xml, "InstgAgt", p.debtor_bic);
    agent(&mut xml, "InstdAgt", p.creditor_bic);
    xml.open("Dbtr");
    xml.leaf("Nm", &max_text(p.debtor_name, 140));
    xml.close("Dbtr");
    iban_account(&mut xml, "DbtrAcct", p.debtor_iban);
    agent(&mut xml, "DbtrAgt", p.debtor_bic);
    agent(&mut xml, "CdtrAgt", p.creditor_bic);
    creditor(&mut xml, p);
    if let Some(routing) = p.creditor_routing_code {
        // The routing code travels as an instruction to the creditor's agent.
        xml.open("InstrForCdtrAgt");
        xml.leaf("InstrInf", &max_text(&format!("ROUTING {routing}"), 140));
        xml.close("InstrForCdtrAgt");
    }
    remittance(&mut xml, p.reference);
    xml.close("CdtTrfTxInf");
    xml.close("FIToFICstmrCdtTrf");
    xml.close("Document");
    String::from_utf8(xml.bytes()).expect("the writer writes UTF-8")
}
