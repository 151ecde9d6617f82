//! The invoice or credit note as a PDF (issue 29 point 3): the business's legal details, the
//! client's, the number and dates, the items with their periods and hours, the figures, and how
//! to pay with the reference to quote; on a euro invoice the EPC QR code a banking app scans.
//! A VAT invoice carries what HMRC asks of one (VAT Notice 700 §16.3): a unique number, the
//! supplier's name, address and VAT number, the date of issue and tax point, the customer's name
//! and address, each item's description, quantity, unit price and VAT rate, the total without
//! VAT, any discount, and the VAT charged.

use qrcode::{Color, EcLevel, QrCode};

use super::document::{printed_date, DocumentKind, InvoiceDocument};
use crate::domain::accounts::money::{grouped, Currency};
use crate::domain::accounts::statements::pdf::{PdfBook, BOLD, LEFT, REGULAR, RIGHT};

/// Right edges of the item table's figure columns.
const HOURS_X: f32 = 345.0;
const PRICE_X: f32 = 420.0;
const VAT_X: f32 = 470.0;
/// Where the totals' labels start.
const TOTALS_X: f32 = 330.0;
/// One QR module, in points: a version-10 code (57 modules) is then about 3.5 cm wide.
const QR_CELL: f32 = 1.8;

/// Money as printed: the PDF's fonts have £, € and $, not the franc sign.
fn money(document: &InvoiceDocument, minor: i64) -> String {
    let text = document.amount(minor);
    match document.currency {
        Currency::Chf => text.replace('₣', "CHF "),
        _ => text,
    }
}

/// Units of the invoice's currency a pound buys, from pounds per unit, to four decimals.
fn sterling_units(pounds_per_unit: &str) -> String {
    pounds_per_unit
        .parse::<rust_decimal::Decimal>()
        .ok()
        .filter(|rate| !rate.is_zero())
        .map(|rate| {
            (rust_decimal::Decimal::ONE / rate)
                .round_dp(4)
                .normalize()
                .to_string()
        })
        .unwrap_or_default()
}

/// Splits text into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        while word.chars().count() > width {
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(head);
        }
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

struct Printer<'a> {
    book: PdfBook,
    document: &'a InvoiceDocument,
    page: usize,
}

impl Printer<'_> {
    fn footer(&self) -> String {
        format!(
            "{} {} · {} · Page {}",
            self.document.title(),
            self.document.number,
            self.document.seller.name,
            self.page
        )
    }

    fn letterhead(&mut self) {
        let seller = &self.document.seller;
        // The address follows in the heading, with the legal details.
        self.book.new_page(&seller.name, "");
        self.page += 1;
    }

    /// Room for `height` more, on a new page when this one is full.
    fn room(&mut self, height: f32) {
        if !self.book.fits(height) {
            let footer = self.footer();
            self.book.end_page(Some(&footer));
            self.letterhead();
            self.table_head();
        }
    }

    fn table_head(&mut self) {
        let book = &mut self.book;
        book.text(LEFT, BOLD, 8.0, "Description");
        book.text_right(HOURS_X, BOLD, 8.0, "Hours");
        book.text_right(PRICE_X, BOLD, 8.0, "Price");
        if self.document.vat_percent.is_some() {
            book.text_right(VAT_X, BOLD, 8.0, "VAT");
        }
        book.text_right(RIGHT, BOLD, 8.0, "Net");
        book.line_break(5.0);
        book.rule(0.0);
        book.line_break(13.0);
    }

    fn party(&mut self, heading: &str, party: &super::document::InvoiceParty, x_label: bool) {
        let book = &mut self.book;
        if x_label {
            book.text(LEFT, BOLD, 9.0, heading);
            book.line_break(13.0);
            book.text(LEFT, BOLD, 10.0, &party.name);
            book.line_break(13.0);
        }
        for line in &party.address_lines() {
            book.text(LEFT, REGULAR, 9.0, line);
            book.line_break(12.0);
        }
        if let Some(number) = &party.registration_number {
            book.text(LEFT, REGULAR, 9.0, &format!("Company number {number}"));
            book.line_break(12.0);
        }
        if let Some(vat) = &party.vat_number {
            book.text(LEFT, REGULAR, 9.0, &format!("VAT number {vat}"));
            book.line_break(12.0);
        }
        if let Some(email) = &party.email {
            book.text(LEFT, REGULAR, 9.0, email);
            book.line_break(12.0);
        }
    }

    fn heading(&mut self) {
        let d = self.document;
        self.party("", &d.seller.clone(), false);
        self.book.line_break(14.0);
        self.book
            .text(LEFT, BOLD, 18.0, &format!("{} {}", d.title(), d.number));
        self.book.line_break(22.0);
        let date_label = if d.vat_percent.is_some() {
            "Date of issue and tax point"
        } else {
            "Date of issue"
        };
        self.book.field(date_label, &printed_date(&d.issue_date));
        if d.kind == DocumentKind::Invoice {
            self.book.field("Due date", &printed_date(&d.due_date));
        }
        if let Some((number, issued)) = &d.corrects {
            self.book.field(
                "Corrects",
                &format!("Invoice {number} of {}", printed_date(issued)),
            );
        }
        self.book.field("Currency", d.currency.code());
        self.book.line_break(8.0);
        self.party("Bill to", &d.buyer.clone(), true);
        self.book.line_break(12.0);
    }

    fn items(&mut self) {
        let d = self.document;
        self.table_head();
        for line in &d.lines {
            let description = wrap(&line.description, 60);
            let period = InvoiceDocument::period(line);
            let height = 12.0 * (description.len() + usize::from(period.is_some())) as f32 + 4.0;
            self.room(height);
            let book = &mut self.book;
            book.text_right(HOURS_X, REGULAR, 9.0, &line.hours);
            book.text_right(PRICE_X, REGULAR, 9.0, &grouped(&line.price));
            if let Some(rate) = &d.vat_percent {
                book.text_right(VAT_X, REGULAR, 9.0, &format!("{rate}%"));
            }
            book.text_right(RIGHT, REGULAR, 9.0, &money(d, line.net));
            for text in &description {
                book.text(LEFT, REGULAR, 9.0, text);
                book.line_break(12.0);
            }
            if let Some(period) = period {
                book.text(LEFT, REGULAR, 7.5, &period);
                book.line_break(12.0);
            }
            book.line_break(4.0);
        }
        self.book.rule(8.0);
        self.book.line_break(6.0);
    }

    fn total_line(&mut self, label: &str, minor: i64, bold: bool) {
        let font = if bold { BOLD } else { REGULAR };
        let text = money(self.document, minor);
        self.book.text(TOTALS_X, font, 9.5, label);
        self.book.text_right(RIGHT, font, 9.5, &text);
        self.book.line_break(14.0);
    }

    fn totals(&mut self) {
        let d = self.document;
        self.room(90.0);
        self.total_line("Subtotal", d.subtotal, false);
        if d.discount > 0 {
            self.total_line(&d.discount_label(), -d.discount, false);
            self.total_line("Net", d.net, false);
        }
        match &d.vat_percent {
            Some(rate) => self.total_line(&format!("VAT at {rate}%"), d.vat, false),
            None => self.total_line("VAT", 0, false),
        }
        if let Some(sterling) = &d.vat_in_sterling {
            let pounds = crate::domain::accounts::money::display(sterling.pence, Currency::Gbp);
            self.book.text(TOTALS_X, REGULAR, 8.0, "VAT in sterling");
            self.book.text_right(RIGHT, REGULAR, 8.0, &pounds);
            self.book.line_break(11.0);
            self.book.text(
                TOTALS_X,
                REGULAR,
                7.0,
                &format!(
                    "at {} {} = £1 ({})",
                    d.currency.code(),
                    sterling_units(&sterling.rate),
                    sterling.as_of
                ),
            );
            self.book.line_break(14.0);
        }
        let label = match d.kind {
            DocumentKind::Invoice => "Total due",
            DocumentKind::CreditNote => "Total credited",
        };
        self.total_line(label, d.total, true);
        self.book.line_break(10.0);
    }

    fn payment(&mut self) {
        let d = self.document;
        let qr = d
            .epc_payload()
            .and_then(|payload| QrCode::with_error_correction_level(payload, EcLevel::M).ok());
        self.room(130.0);
        if d.kind == DocumentKind::CreditNote {
            self.book.heading("Credit");
            self.book.paragraph(&format!(
                "This credit note reduces what is owed on invoice {} by {}.",
                d.corrects.as_ref().map(|(n, _)| n.as_str()).unwrap_or(""),
                money(d, d.total)
            ));
            return;
        }
        self.book.heading("How to pay");
        let top = self.book.y();
        if let Some(code) = &qr {
            let width = code.width();
            let colors = code.to_colors();
            let x = RIGHT - width as f32 * QR_CELL;
            self.book.squares(x, QR_CELL, width, |column, row| {
                colors[row * width + column] == Color::Dark
            });
        }
        let p = &d.pay_to;
        self.book.paragraph(&format!(
            "Please pay {} by {}, quoting the reference {}.",
            money(d, d.total),
            printed_date(&d.due_date),
            p.reference
        ));
        self.book.field("Account name", &p.holder);
        if let (Some(sort_code), Some(number)) = (&p.sort_code, &p.account_number) {
            self.book.field("Sort code", sort_code);
            self.book.field("Account number", number);
        }
        self.book.field("IBAN", &p.iban);
        self.book.field("BIC", &p.bic);
        self.book.field("Reference", &p.reference);
        if let Some(code) = &qr {
            let below = top - code.width() as f32 * QR_CELL - 10.0;
            let y = self.book.y().min(below);
            self.book.line_break(self.book.y() - y);
            self.book
                .text_right(RIGHT, REGULAR, 7.5, "Scan with your banking app to pay");
            self.book.line_break(12.0);
        }
    }
}

/// The document as a PDF.
pub fn render(document: &InvoiceDocument) -> Vec<u8> {
    let mut printer = Printer {
        book: PdfBook::default(),
        document,
        page: 0,
    };
    printer.letterhead();
    printer.heading();
    printer.items();
    printer.totals();
    printer.payment();
    let footer = printer.footer();
    printer.book.end_page(Some(&footer));
    printer
        .book
        .finish(&format!("{} {}", document.title(), document.number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_show_thousands() {
        assert_eq!(grouped("1240.00"), "1,240.00");
        assert_eq!(grouped("85.5"), "85.5");
        assert_eq!(grouped("1234567"), "1,234,567");
    }

    #[test]
    fn long_descriptions_wrap_at_spaces_and_long_words_are_cut() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert!(wrap("", 10).is_empty());
    }
}
