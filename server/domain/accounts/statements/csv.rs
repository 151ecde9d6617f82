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
            &line.kind,
            &line.description,
            &line.counterparty,
            &decimal(line.amount),
            &decimal(line.fee),
            &decimal(line.balance_after),
            &line.id,
        ])
    }

    fn finish(&mut self, _header: &Header) -> Vec<u8> {
        Vec::new()
    }
}
