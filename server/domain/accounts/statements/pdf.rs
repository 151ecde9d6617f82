//! PDF documents on A4 with the standard Helvetica fonts (no font file to embed): the statement
//! with the bank's letterhead, the account, the period, opening and closing balances, every line
//! with its running balance and page numbers; and one-page letters (transaction proof, proof of
//! account). Text is encoded in WinAnsi, which has £ and €.

use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};

use super::{Header, Line, StatementWriter};
use crate::domain::accounts::money::{display, Currency};

const WIDTH: f32 = 595.0;
const HEIGHT: f32 = 842.0;
const MARGIN: f32 = 40.0;
const ROWS_PER_PAGE: usize = 40;
pub const REGULAR: Name<'static> = Name(b"F1");
pub const BOLD: Name<'static> = Name(b"F2");
/// The page's left and right text edges.
pub const LEFT: f32 = MARGIN;
pub const RIGHT: f32 = WIDTH - MARGIN;

/// WinAnsi bytes for text; characters it lacks become '?'.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '£' => 0xA3,
            '€' => 0x80,
            '–' => 0x96,
            '’' => 0x92,
            c if (c as u32) >= 0xA0 && (c as u32) <= 0xFF => c as u32 as u8,
            _ => b'?',
        })
        .collect()
}

/// Helvetica's advance widths (per 1000 em) for what amounts are made of; anything else is
/// taken at an average letter's width. Used only to right-align figures.
fn text_width(text: &str, size: f32) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match c {
            '0'..='9' | '£' | '€' | '$' => 556,
            '.' | ',' | ' ' => 278,
            '-' => 333,
            '%' => 889,
            'A'..='Z' => 667,
            _ => 556,
        })
        .sum();
    units as f32 * size / 1000.0
}

/// Pages being written into one PDF; the document is assembled by `finish`.
pub struct PdfBook {
    pdf: Pdf,
    next: i32,
    pages: Vec<Ref>,
    page: Option<Content>,
    y: f32,
}

impl Default for PdfBook {
    fn default() -> Self {
        Self {
            pdf: Pdf::new(),
            // 1: catalog, 2: page tree, 3 and 4: fonts.
            next: 5,
            pages: Vec::new(),
            page: None,
            y: HEIGHT - MARGIN,
        }
    }
}

impl PdfBook {
    fn alloc(&mut self) -> Ref {
        let id = Ref::new(self.next);
        self.next += 1;
        id
    }

    /// Starts a page with the letterhead.
    pub fn new_page(&mut self, bank_name: &str, bank_address: &str) {
        self.end_page(None);
        self.page = Some(Content::new());
        self.y = HEIGHT - MARGIN;
        self.text(MARGIN, BOLD, 16.0, bank_name);
        self.y -= 14.0;
        self.text(MARGIN, REGULAR, 8.0, bank_address);
        self.y -= 28.0;
    }

    /// Writes the current page, with its number when given.
    pub fn end_page(&mut self, footer: Option<&str>) {
        if let Some(footer) = footer {
            self.y = MARGIN - 10.0;
            self.text(MARGIN, REGULAR, 8.0, footer);
        }
        let Some(content) = self.page.take() else {
            return;
        };
        let page_id = self.alloc();
        let content_id = self.alloc();
        let mut page = self.pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, WIDTH, HEIGHT));
        page.parent(Ref::new(2));
        page.contents(content_id);
        let mut resources = page.resources();
        let mut fonts = resources.fonts();
        fonts.pair(REGULAR, Ref::new(3));
        fonts.pair(BOLD, Ref::new(4));
        drop(fonts);
        drop(resources);
        drop(page);
        self.pdf.stream(content_id, &content.finish());
        self.pages.push(page_id);
    }

    /// Text at `x` on the current line (the line does not advance).
    pub fn text(&mut self, x: f32, font: Name<'static>, size: f32, text: &str) {
        let y = self.y;
        let content = self.page.as_mut().expect("a page is open");
        content.begin_text();
        content.set_font(font, size);
        content.next_line(x, y);
        content.show(Str(&win_ansi(text)));
        content.end_text();
    }

    /// Text whose right end is at `x`: amounts line up on their last digit.
    pub fn text_right(&mut self, x: f32, font: Name<'static>, size: f32, text: &str) {
        self.text(x - text_width(text, size), font, size, text);
    }

    /// A thin rule across the page, `above` points over where the next line is written.
    pub fn rule(&mut self, above: f32) {
        let y = self.y + above;
        let content = self.page.as_mut().expect("a page is open");
        content.set_line_width(0.5);
        content.move_to(MARGIN, y);
        content.line_to(WIDTH - MARGIN, y);
        content.stroke();
    }

    /// Filled squares of side `cell` on a grid whose top-left corner is `x` and the current
    /// line (a QR code's dark modules: `dark` answers for column and row).
    pub fn squares(&mut self, x: f32, cell: f32, size: usize, dark: impl Fn(usize, usize) -> bool) {
        let top = self.y;
        let content = self.page.as_mut().expect("a page is open");
        for row in 0..size {
            for column in 0..size {
                if dark(column, row) {
                    content.rect(
                        x + column as f32 * cell,
                        top - (row + 1) as f32 * cell,
                        cell,
                        cell,
                    );
                }
            }
        }
        content.fill_nonzero();
    }

    /// Where the next line is written, from the page's foot.
    pub fn y(&self) -> f32 {
        self.y
    }

    /// Whether `height` more fits above the footer.
    pub fn fits(&self, height: f32) -> bool {
        self.y - height > MARGIN + 10.0
    }

    pub fn line_break(&mut self, height: f32) {
        self.y -= height;
    }

    pub fn heading(&mut self, text: &str) {
        self.text(MARGIN, BOLD, 13.0, text);
        self.y -= 22.0;
    }

    /// A label and its value on one line.
    pub fn field(&mut self, label: &str, value: &str) {
        self.text(MARGIN, BOLD, 9.0, label);
        self.text(MARGIN + 130.0, REGULAR, 9.0, value);
        self.y -= 14.0;
    }

    pub fn paragraph(&mut self, text: &str) {
        // Wrap at about 100 characters; Helvetica at 9 pt fits that in the text width.
        let mut line = String::new();
        for word in text.split_whitespace() {
            if line.len() + word.len() > 100 {
                self.text(MARGIN, REGULAR, 9.0, &line);
                self.y -= 13.0;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        if !line.is_empty() {
            self.text(MARGIN, REGULAR, 9.0, &line);
            self.y -= 13.0;
        }
        self.y -= 6.0;
    }

    pub fn finish(mut self, title: &str) -> Vec<u8> {
        self.end_page(None);
        self.pdf.catalog(Ref::new(1)).pages(Ref::new(2));
        let count = self.pages.len() as i32;
        self.pdf
            .pages(Ref::new(2))
            .kids(self.pages.iter().copied())
            .count(count);
        self.pdf
            .type1_font(Ref::new(3))
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        self.pdf
            .type1_font(Ref::new(4))
            .base_font(Name(b"Helvetica-Bold"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        let info = self.alloc();
        self.pdf
            .document_info(info)
            .title(pdf_writer::TextStr(title));
        self.pdf.finish()
    }
}

pub struct PdfStatement {
    book: Option<PdfBook>,
    rows: usize,
    page_number: usize,
    total: usize,
    bank: (String, String),
    currency: Currency,
}

impl Default for PdfStatement {
    fn default() -> Self {
        Self {
            book: None,
            rows: 0,
            page_number: 0,
            total: 1,
            bank: (String::new(), String::new()),
            currency: Currency::Gbp,
        }
    }
}

impl PdfStatement {
    fn pages_total(header: &Header) -> usize {
        header.line_count.max(1).div_ceil(ROWS_PER_PAGE)
    }

    fn table_head(book: &mut PdfBook) {
        for (x, label) in [
            (0.0, "Date"),
            (60.0, "Description"),
            (230.0, "Counterparty"),
            (380.0, "Amount"),
            (450.0, "Balance"),
        ] {
            book.text(MARGIN + x, BOLD, 8.0, label);
        }
        book.line_break(14.0);
    }

    fn footer(&self) -> String {
        format!("Page {} of {}", self.page_number, self.total)
    }
}

fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut short: String = text.chars().take(max - 1).collect();
        short.push('.');
        short
    }
}

impl StatementWriter for PdfStatement {
    fn start(&mut self, header: &Header) -> Vec<u8> {
        let mut book = PdfBook::default();
        book.new_page(&header.bank_name, &header.bank_address);
        self.page_number = 1;
        self.total = Self::pages_total(header);
        self.bank = (header.bank_name.clone(), header.bank_address.clone());
        self.currency = header.currency;
        book.heading("Account statement");
        book.field("Account holder", &header.holder);
        book.field("IBAN", &header.iban);
        book.field("BIC", &header.bic);
        if let (Some(sort_code), Some(number)) = (&header.sort_code, &header.account_number) {
            book.field("Sort code", sort_code);
            book.field("Account number", number);
        }
        book.field("Currency", header.currency.code());
        book.field("Period", &format!("{} to {}", header.from, header.to));
        book.field("Opening balance", &display(header.opening, header.currency));
        book.field("Closing balance", &display(header.closing, header.currency));
        book.line_break(10.0);
        Self::table_head(&mut book);
        self.book = Some(book);
        Vec::new()
    }

    fn line(&mut self, line: &Line) -> Vec<u8> {
        let currency = self.currency;
        if self.rows == ROWS_PER_PAGE {
            self.rows = 0;
            let footer = self.footer();
            let book = self.book.as_mut().expect("started");
            book.end_page(Some(&footer));
            book.new_page(&self.bank.0, &self.bank.1);
            self.page_number += 1;
            Self::table_head(book);
        }
        let book = self.book.as_mut().expect("started");
        book.text(MARGIN, REGULAR, 8.0, line.date());
        book.text(MARGIN + 60.0, REGULAR, 8.0, &clip(&line.description, 34));
        book.text(MARGIN + 230.0, REGULAR, 8.0, &clip(&line.counterparty, 28));
        book.text(
            MARGIN + 380.0,
            REGULAR,
            8.0,
            &display(line.amount, currency),
        );
        book.text(
            MARGIN + 450.0,
            REGULAR,
            8.0,
            &display(line.balance_after, currency),
        );
        book.line_break(14.0);
        self.rows += 1;
        Vec::new()
    }

    fn finish(&mut self, header: &Header) -> Vec<u8> {
        let footer = self.footer();
        let mut book = self.book.take().expect("started");
        if header.line_count == 0 {
            book.paragraph("No transactions were booked in this period.");
        }
        book.line_break(6.0);
        book.field("Closing balance", &display(header.closing, header.currency));
        book.end_page(Some(&footer));
        book.finish(&format!("Statement {} to {}", header.from, header.to))
    }
}
