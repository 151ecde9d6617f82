//! The e-invoice (issue 29 point 6): a sent invoice or credit note as a UBL 2.1 document
//! following Peppol BIS Billing 3.0, the European standard EN 16931 in the syntax most of
//! Europe's e-invoicing networks carry. Elements are written in the order the UBL schema
//! requires; the rules (sums, VAT categories, electronic addresses) are Peppol's, checked in
//! the tests against the official XSD and Schematron.

use super::document::{DocumentKind, InvoiceDocument, InvoiceParty};
use crate::domain::accounts::money::decimal;
use crate::domain::xml::Xml;

const CUSTOMIZATION: &str =
    "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
const PROFILE: &str = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";
const CAC: &str = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC: &str = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";

/// The VAT category an invoice's lines fall in (EN 16931 UNCL5305 codes).
struct VatCategory {
    code: &'static str,
    percent: String,
    /// Why no VAT is charged, for the categories that need a reason.
    reason: Option<&'static str>,
}

fn category(document: &InvoiceDocument) -> VatCategory {
    match &document.vat_percent {
        Some(rate) if rate != "0" => VatCategory {
            code: "S",
            percent: rate.clone(),
            reason: None,
        },
        Some(_) => VatCategory {
            code: "Z",
            percent: "0".into(),
            reason: None,
        },
        // A business that is VAT registered and charges none calls the supply exempt; one that is
        // not registered is outside VAT altogether.
        None if document.seller.vat_number.is_some() => VatCategory {
            code: "E",
            percent: "0".into(),
            reason: Some("Exempt from VAT"),
        },
        None => VatCategory {
            code: "O",
            percent: String::new(),
            reason: Some("Not subject to VAT"),
        },
    }
}

/// Peppol's Electronic Address Scheme (EAS) codes for VAT numbers, by the number's prefix.
const VAT_SCHEMES: &[(&str, &str)] = &[
    ("AD", "9922"),
    ("AL", "9923"),
    ("AT", "9914"),
    ("BA", "9924"),
    ("BE", "9925"),
    ("BG", "9926"),
    ("CH", "9927"),
    ("CY", "9928"),
    ("CZ", "9929"),
    ("DE", "9930"),
    ("EE", "9931"),
    ("EL", "9933"),
    ("ES", "9920"),
    ("FR", "9957"),
    ("GB", "9932"),
    ("HR", "9934"),
    ("HU", "9910"),
    ("IE", "9935"),
    ("IT", "0211"),
    ("LI", "9936"),
    ("LT", "9937"),
    ("LU", "9938"),
    ("LV", "9939"),
    ("MC", "9940"),
    ("ME", "9941"),
    ("MK", "9942"),
    ("MT", "9943"),
    ("NL", "9944"),
    ("PL", "9945"),
    ("PT", "9946"),
    ("RO", "9947"),
    ("RS", "9948"),
    ("SI", "9949"),
    ("SK", "9950"),
    ("SM", "9951"),
    ("TR", "9952"),
    ("VA", "9953"),
];

fn vat_scheme(vat: &str) -> Option<&'static str> {
    VAT_SCHEMES
        .iter()
        .find(|(prefix, _)| vat.starts_with(prefix))
        .map(|(_, scheme)| *scheme)
}

struct Writer<'a> {
    xml: Xml,
    document: &'a InvoiceDocument,
    category: VatCategory,
}

impl Writer<'_> {
    fn amount(&mut self, name: &str, minor: i64) {
        let currency = self.document.currency.code();
        self.xml.open_with(name, &[("currencyID", currency)]);
        self.xml.text(&decimal(minor));
        self.xml.close(name);
    }

    fn tax_category(&mut self, element: &str) {
        self.xml.open(element);
        self.xml.leaf("cbc:ID", self.category.code);
        if !self.category.percent.is_empty() {
            self.xml.leaf("cbc:Percent", &self.category.percent.clone());
        }
        if element == "cac:TaxCategory" {
            if let Some(reason) = self.category.reason {
                self.xml.leaf("cbc:TaxExemptionReason", reason);
            }
        }
        self.xml.open("cac:TaxScheme");
        self.xml.leaf("cbc:ID", "VAT");
        self.xml.close("cac:TaxScheme");
        self.xml.close(element);
    }

    /// A party's electronic address (Peppol's EndpointID): its VAT number, under the scheme of
    /// the country that issued it. A party without one has no Peppol address to give; the
    /// element is left out rather than made up, and such an e-invoice is for the client's
    /// software, not the Peppol network.
    fn endpoint(&mut self, party: &InvoiceParty) {
        let Some((scheme, vat)) = party
            .vat_number
            .as_deref()
            .and_then(|vat| vat_scheme(vat).map(|scheme| (scheme, vat)))
        else {
            return;
        };
        self.xml
            .open_with("cbc:EndpointID", &[("schemeID", scheme)]);
        self.xml.text(vat);
        self.xml.close("cbc:EndpointID");
    }

    fn party(&mut self, element: &str, party: &InvoiceParty) {
        // Outside VAT, Peppol wants no VAT identifier on either side (BR-O-02).
        let show_vat = self.category.code != "O";
        self.xml.open(element);
        self.xml.open("cac:Party");
        self.endpoint(party);
        self.xml.open("cac:PartyName");
        self.xml.leaf("cbc:Name", &party.name);
        self.xml.close("cac:PartyName");
        self.xml.open("cac:PostalAddress");
        if !party.street.is_empty() {
            self.xml.leaf("cbc:StreetName", &party.street);
        }
        if !party.city.is_empty() {
            self.xml.leaf("cbc:CityName", &party.city);
        }
        if let Some(postcode) = &party.postcode {
            self.xml.leaf("cbc:PostalZone", postcode);
        }
        self.xml.open("cac:Country");
        self.xml.leaf("cbc:IdentificationCode", &party.country);
        self.xml.close("cac:Country");
        self.xml.close("cac:PostalAddress");
        if let Some(vat) = party.vat_number.as_ref().filter(|_| show_vat) {
            self.xml.open("cac:PartyTaxScheme");
            self.xml.leaf("cbc:CompanyID", vat);
            self.xml.open("cac:TaxScheme");
            self.xml.leaf("cbc:ID", "VAT");
            self.xml.close("cac:TaxScheme");
            self.xml.close("cac:PartyTaxScheme");
        }
        self.xml.open("cac:PartyLegalEntity");
        self.xml.leaf("cbc:RegistrationName", &party.name);
        if let Some(number) = &party.registration_number {
            self.xml.leaf("cbc:CompanyID", number);
        }
        self.xml.close("cac:PartyLegalEntity");
        if let Some(email) = &party.email {
            self.xml.open("cac:Contact");
            self.xml.leaf("cbc:ElectronicMail", email);
            self.xml.close("cac:Contact");
        }
        self.xml.close("cac:Party");
        self.xml.close(element);
    }

    fn payment_means(&mut self) {
        let d = self.document;
        self.xml.open("cac:PaymentMeans");
        // 58: SEPA credit transfer for euro; 30: credit transfer otherwise.
        let code = if d.currency.code() == "EUR" {
            "58"
        } else {
            "30"
        };
        self.xml.leaf("cbc:PaymentMeansCode", code);
        self.xml.leaf("cbc:PaymentID", &d.pay_to.reference);
        self.xml.open("cac:PayeeFinancialAccount");
        self.xml.leaf("cbc:ID", &d.pay_to.iban.replace(' ', ""));
        self.xml.leaf("cbc:Name", &d.pay_to.holder);
        self.xml.open("cac:FinancialInstitutionBranch");
        self.xml.leaf("cbc:ID", &d.pay_to.bic);
        self.xml.close("cac:FinancialInstitutionBranch");
        self.xml.close("cac:PayeeFinancialAccount");
        self.xml.close("cac:PaymentMeans");
    }

    fn discount(&mut self) {
        let d = self.document;
        if d.discount <= 0 {
            return;
        }
        self.xml.open("cac:AllowanceCharge");
        self.xml.leaf("cbc:ChargeIndicator", "false");
        self.xml.leaf("cbc:AllowanceChargeReason", "Discount");
        if let (Some(super::invoice::DiscountType::Percent), Some(value)) =
            (d.discount_type, &d.discount_value)
        {
            self.xml.leaf("cbc:MultiplierFactorNumeric", value);
            self.amount("cbc:Amount", d.discount);
            self.amount("cbc:BaseAmount", d.subtotal);
        } else {
            self.amount("cbc:Amount", d.discount);
        }
        self.tax_category("cac:TaxCategory");
        self.xml.close("cac:AllowanceCharge");
    }

    fn tax_total(&mut self) {
        let d = self.document;
        if let Some(sterling) = &d.vat_in_sterling {
            self.xml.open("cac:TaxTotal");
            self.xml
                .open_with("cbc:TaxAmount", &[("currencyID", "GBP")]);
            self.xml.text(&decimal(sterling.pence));
            self.xml.close("cbc:TaxAmount");
            self.xml.close("cac:TaxTotal");
        }
        self.xml.open("cac:TaxTotal");
        self.amount("cbc:TaxAmount", d.vat);
        self.xml.open("cac:TaxSubtotal");
        self.amount("cbc:TaxableAmount", d.net);
        self.amount("cbc:TaxAmount", d.vat);
        self.tax_category("cac:TaxCategory");
        self.xml.close("cac:TaxSubtotal");
        self.xml.close("cac:TaxTotal");
    }

    fn totals(&mut self) {
        let d = self.document;
        self.xml.open("cac:LegalMonetaryTotal");
        self.amount("cbc:LineExtensionAmount", d.subtotal);
        self.amount("cbc:TaxExclusiveAmount", d.net);
        self.amount("cbc:TaxInclusiveAmount", d.total);
        if d.discount > 0 {
            self.amount("cbc:AllowanceTotalAmount", d.discount);
        }
        self.amount("cbc:PayableAmount", d.total);
        self.xml.close("cac:LegalMonetaryTotal");
    }

    fn lines(&mut self) {
        let d = self.document;
        let (line, quantity) = match d.kind {
            DocumentKind::Invoice => ("cac:InvoiceLine", "cbc:InvoicedQuantity"),
            DocumentKind::CreditNote => ("cac:CreditNoteLine", "cbc:CreditedQuantity"),
        };
        for (index, item) in d.lines.iter().enumerate() {
            self.xml.open(line);
            self.xml.leaf("cbc:ID", &(index + 1).to_string());
            // HUR: hours (UN/ECE Recommendation 20).
            self.xml.open_with(quantity, &[("unitCode", "HUR")]);
            self.xml.text(&item.hours);
            self.xml.close(quantity);
            self.amount("cbc:LineExtensionAmount", item.net);
            if item.period_from.is_some() || item.period_to.is_some() {
                self.xml.open("cac:InvoicePeriod");
                if let Some(from) = &item.period_from {
                    self.xml.leaf("cbc:StartDate", from);
                }
                if let Some(to) = &item.period_to {
                    self.xml.leaf("cbc:EndDate", to);
                }
                self.xml.close("cac:InvoicePeriod");
            }
            self.xml.open("cac:Item");
            self.xml.leaf("cbc:Name", &item.description);
            self.tax_category("cac:ClassifiedTaxCategory");
            self.xml.close("cac:Item");
            self.xml.open("cac:Price");
            let currency = d.currency.code();
            self.xml
                .open_with("cbc:PriceAmount", &[("currencyID", currency)]);
            self.xml.text(&item.price);
            self.xml.close("cbc:PriceAmount");
            self.xml.close("cac:Price");
            self.xml.close(line);
        }
    }
}

/// The document as UBL 2.1 XML (an Invoice, or a CreditNote for a credit note).
pub fn render(document: &InvoiceDocument) -> Vec<u8> {
    let (root, namespace, type_element, type_code) = match document.kind {
        DocumentKind::Invoice => (
            "Invoice",
            "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
            "cbc:InvoiceTypeCode",
            "380",
        ),
        DocumentKind::CreditNote => (
            "CreditNote",
            "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
            "cbc:CreditNoteTypeCode",
            "381",
        ),
    };
    let mut w = Writer {
        xml: Xml::new(),
        document,
        category: category(document),
    };
    let d = document;
    w.xml.declaration();
    w.xml.open_with(
        root,
        &[("xmlns", namespace), ("xmlns:cac", CAC), ("xmlns:cbc", CBC)],
    );
    w.xml.leaf("cbc:CustomizationID", CUSTOMIZATION);
    w.xml.leaf("cbc:ProfileID", PROFILE);
    w.xml.leaf("cbc:ID", &d.number);
    w.xml.leaf("cbc:IssueDate", &d.issue_date);
    if d.kind == DocumentKind::Invoice {
        w.xml.leaf("cbc:DueDate", &d.due_date);
    }
    w.xml.leaf(type_element, type_code);
    w.xml.leaf("cbc:DocumentCurrencyCode", d.currency.code());
    if d.vat_in_sterling.is_some() {
        // EN 16931 BT-6: the VAT is also accounted in pounds (BT-111 below).
        w.xml.leaf("cbc:TaxCurrencyCode", "GBP");
    }
    // Peppol asks for the buyer's reference or an order (PEPPOL-EN16931-R003); the client gave
    // none, so the invoice's own number serves.
    w.xml.leaf("cbc:BuyerReference", &d.number);
    if let Some((number, issued)) = &d.corrects {
        w.xml.open("cac:BillingReference");
        w.xml.open("cac:InvoiceDocumentReference");
        w.xml.leaf("cbc:ID", number);
        w.xml.leaf("cbc:IssueDate", issued);
        w.xml.close("cac:InvoiceDocumentReference");
        w.xml.close("cac:BillingReference");
    }
    w.party("cac:AccountingSupplierParty", &d.seller);
    w.party("cac:AccountingCustomerParty", &d.buyer);
    if d.kind == DocumentKind::Invoice {
        w.payment_means();
    }
    w.discount();
    w.tax_total();
    w.totals();
    w.lines();
    w.xml.close(root);
    w.xml.bytes()
}
