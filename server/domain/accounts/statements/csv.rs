//! RFC 4180 CSV: a header row, ISO dates, amounts with two decimals and a dot.

use super::{Header, Line, StatementWriter};
use crate::domain::accounts::money::decimal;

pub struct CsvStatement;

pub const COLUMNS: [&str; 9] = [
    "Date",
    "Time",
    "Type",
    "Description",
    "Counterparty",
    "Amount",
    "Fee",
    "Balance",
    "Transaction ID",
];

/// OWASP's rule against CSV injection: a text cell that a spreadsheet would read as a formula
/// (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading single quote.
/// Only text from outside goes through it; the amounts are the bank's own plain numbers, whose
/// leading minus is a sign, not a formula.
pub fn neutralised(cell: &str) -> std::borrow::Cow<'_, str> {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}").into(),
        _ => cell.into(),
    }
}

fn row<I, T>(fields: I) -> Vec<u8>
where
    I: IntoIterator<Item = T>,
    T: AsRef<[u8]>,
{
    let mut writer = ::csv::WriterBuilder::new()
        .terminator(::csv::Terminator::CRLF)
        .from_writer(Vec::new());
    writer
        .write_record(fields)
        .expect("writing to memory cannot fail");
    writer.into_inner().expect("writing to memory cannot fail")
}

impl StatementWriter for CsvStatement {
    fn start(&mut self, _header: &Header) -> Vec<u8> {
        row(COLUMNS)
    }

    fn line(&mut self, line: &Line) -> Vec<u8> {
        let time = line.booked_at.get(11..19).unwrap_or_default();
        row([
            line.date(),
            time,
            &*neutralised(&line.kind),
            &*neutralised(&line.description),
            &*neutralised(&line.counterparty),
            &decimal(line.amount),
            &decimal(line.fee),
            &decimal(line.balance_after),
            &*neutralised(&line.id),
        ])
    }

    fn finish(&mut self, _header: &Header) -> Vec<u8> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::neutralised;

    #[test]
    fn formula_cells_are_quoted_and_plain_text_is_kept() {
        for cell in [
            "=HYPERLINK(\"http://evil\")",
            "+1",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            assert_eq!(neutralised(cell), format!("'{cell}"));
        }
        for cell in ["Pret A Manger", "", "INV-42", "1=1"] {
            assert_eq!(neutralised(cell), cell);
        }
    }
}
