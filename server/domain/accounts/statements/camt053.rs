//! ISO 20022 camt.053.001.08 (BankToCustomerStatement), the statement accounting software
//! imports: the account, the opening (OPBD) and closing (CLBD) booked balances, and one entry per
//! transaction with its credit/debit indicator.

use super::{Header, Line, StatementWriter};
use crate::domain::xml::Xml;

#[derive(Default)]
pub struct Camt053Statement {
    currency: &'static str,
}

pub const NAMESPACE: &str = "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08";

/// An entry's or balance's amount with its credit/debit indicator.
fn amount(xml: &mut Xml, minor: i64, currency: &str) {
    xml.money("Amt", minor, currency);
    xml.leaf("CdtDbtInd", if minor < 0 { "DBIT" } else { "CRDT" });
}

fn balance(xml: &mut Xml, code: &str, minor: i64, currency: &str, date: &str) {
    xml.open("Bal");
    xml.open("Tp");
    xml.open("CdOrPrtry");
    xml.leaf("Cd", code);
    xml.close("CdOrPrtry");
    xml.close("Tp");
    amount(xml, minor, currency);
    xml.open("Dt");
    xml.leaf("Dt", date);
    xml.close("Dt");
    xml.close("Bal");
}

impl StatementWriter for Camt053Statement {
    fn start(&mut self, header: &Header) -> Vec<u8> {
        let currency = header.currency.code();
        self.currency = currency;
        let mut xml = Xml::new();
        xml.declaration();
        xml.open_with("Document", &[("xmlns", NAMESPACE)]);
        xml.open("BkToCstmrStmt");
        xml.open("GrpHdr");
        xml.leaf("MsgId", &header.statement_id);
        xml.leaf("CreDtTm", &header.generated_at);
        xml.close("GrpHdr");
        xml.open("Stmt");
        xml.leaf("Id", &header.statement_id);
        xml.leaf("CreDtTm", &header.generated_at);
        xml.open("FrToDt");
        xml.leaf("FrDtTm", &format!("{}T00:00:00Z", header.from));
        xml.leaf("ToDtTm", &format!("{}T23:59:59Z", header.to));
        xml.close("FrToDt");
        xml.open("Acct");
        xml.open("Id");
        xml.leaf("IBAN", &header.iban);
        xml.close("Id");
        xml.leaf("Ccy", currency);
        xml.open("Ownr");
        xml.leaf("Nm", &header.holder);
        xml.close("Ownr");
        xml.open("Svcr");
        xml.open("FinInstnId");
        xml.leaf("BICFI", &header.bic);
        xml.leaf("Nm", &header.bank_name);
        xml.close("FinInstnId");
        xml.close("Svcr");
        xml.close("Acct");
        balance(&mut xml, "OPBD", header.opening, currency, &header.from);
        balance(&mut xml, "CLBD", header.closing, currency, &header.to);
        xml.open("TxsSummry");
        xml.open("TtlNtries");
        xml.leaf("NbOfNtries", &header.line_count.to_string());
        xml.close("TtlNtries");
        xml.close("TxsSummry");
        let mut bytes = xml.bytes();
        bytes.push(b'\n');
        bytes
    }

    fn line(&mut self, line: &Line) -> Vec<u8> {
        let mut xml = Xml::new();
        xml.open("Ntry");
        xml.leaf("NtryRef", &line.id);
        amount(&mut xml, line.amount, self.currency);
        xml.leaf("Sts", "BOOK");
        xml.open("BookgDt");
        xml.leaf("DtTm", &line.booked_at);
        xml.close("BookgDt");
        xml.open("ValDt");
        xml.leaf("Dt", line.date());
        xml.close("ValDt");
        xml.open("BkTxCd");
        xml.open("Prtry");
        xml.leaf("Cd", &line.kind);
        xml.close("Prtry");
        xml.close("BkTxCd");
        xml.open("NtryDtls");
        xml.open("TxDtls");
        xml.open("Refs");
        xml.leaf("EndToEndId", &line.id);
        xml.close("Refs");
        if !line.counterparty.is_empty() {
            xml.open("RltdPties");
            xml.open(if line.amount < 0 { "Cdtr" } else { "Dbtr" });
            xml.open("Pty");
            xml.leaf("Nm", &line.counterparty);
            xml.close("Pty");
            xml.close(if line.amount < 0 { "Cdtr" } else { "Dbtr" });
            xml.close("RltdPties");
        }
        xml.open("RmtInf");
        xml.leaf("Ustrd", &line.description);
        xml.close("RmtInf");
        xml.close("TxDtls");
        xml.close("NtryDtls");
        xml.close("Ntry");
        let mut bytes = xml.bytes();
        bytes.push(b'\n');
        bytes
    }

    fn finish(&mut self, _header: &Header) -> Vec<u8> {
        b"</Stmt>\n</BkToCstmrStmt>\n</Document>\n".to_vec()
    }
}
