//! Account statements in three formats, each written line by line so a long period streams out
//! without being held in memory: CSV (RFC 4180, via the `csv` crate), ISO 20022 camt.053 (via
//! `quick-xml`) and PDF (via `pdf-writer`, whose output is the only thing kept until the end).

pub mod camt053;
pub mod csv;
pub mod file_names;
pub mod pdf;

use super::money::Currency;

/// What a statement says about the account and the period.
#[derive(Debug, Clone)]
pub struct Header {
    pub statement_id: String,
    pub bank_name: String,
    pub bank_address: String,
    pub holder: String,
    pub iban: String,
    pub bic: String,
    pub sort_code: Option<String>,
    pub account_number: Option<String>,
    pub currency: Currency,
    /// yyyy-MM-dd, inclusive.
    pub from: String,
    pub to: String,
    pub opening: i64,
    pub closing: i64,
    pub line_count: usize,
    /// RFC 3339.
    pub generated_at: String,
}

/// One booked transaction with the balance it left.
#[derive(Debug, Clone)]
pub struct Line {
    pub id: String,
    /// RFC 3339 booking time; its first ten characters are the date.
    pub booked_at: String,
    pub kind: String,
    pub description: String,
    pub counterparty: String,
    /// Signed movement of the balance in minor units (fee included).
    pub amount: i64,
    pub fee: i64,
    pub balance_after: i64,
}

impl Line {
    pub fn date(&self) -> &str {
        self.booked_at.get(..10).unwrap_or(&self.booked_at)
    }
}

/// A statement writer: the header first, then every line in order, then the end.
pub trait StatementWriter {
    fn start(&mut self, header: &Header) -> Vec<u8>;
    fn line(&mut self, line: &Line) -> Vec<u8>;
    fn finish(&mut self, header: &Header) -> Vec<u8>;
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Csv,
    Camt053,
}

impl Format {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pdf" => Some(Format::Pdf),
            "csv" => Some(Format::Csv),
            "camt053" | "camt.053" | "xml" => Some(Format::Camt053),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Format::Pdf => "application/pdf",
            Format::Csv => "text/csv; charset=utf-8",
            Format::Camt053 => "application/xml",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Csv => "csv",
            Format::Camt053 => "xml",
        }
    }

    pub fn writer(self) -> Box<dyn StatementWriter + Send> {
        match self {
            Format::Pdf => Box::new(pdf::PdfStatement::default()),
            Format::Csv => Box::new(csv::CsvStatement),
            Format::Camt053 => Box::new(camt053::Camt053Statement::default()),
        }
    }
}
