//! A small writer for the ISO 20022 documents the bank produces (camt.053 statements, pain.001
//! and pacs.008 payment messages): elements, leaves and amounts, escaped by quick-xml.

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use quick_xml::Writer;

use crate::domain::accounts::money::decimal;

pub struct Xml(Writer<Vec<u8>>);

impl Default for Xml {
    fn default() -> Self {
        Self::new()
    }
}

impl Xml {
    pub fn new() -> Self {
        Self(Writer::new_with_indent(Vec::new(), b' ', 1))
    }
    pub fn declaration(&mut self) {
        self.event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)));
    }
    pub fn open(&mut self, name: &str) {
        self.event(Event::Start(BytesStart::new(name)));
    }
    pub fn open_with(&mut self, name: &str, attrs: &[(&str, &str)]) {
        let mut start = BytesStart::new(name);
        for attr in attrs {
            start.push_attribute(*attr);
        }
        self.event(Event::Start(start));
    }
    pub fn close(&mut self, name: &str) {
        self.event(Event::End(BytesEnd::new(name)));
    }
    pub fn leaf(&mut self, name: &str, text: &str) {
        self.open(name);
        self.event(Event::Text(BytesText::new(text)));
        self.close(name);
    }
    /// Text inside the element opened last, escaped.
    pub fn text(&mut self, text: &str) {
        self.event(Event::Text(BytesText::new(text)));
    }
    /// A leaf that is left out when empty (optional ISO elements must not be blank).
    pub fn leaf_if(&mut self, name: &str, text: &str) {
        if !text.is_empty() {
            self.leaf(name, text);
        }
    }
    /// `<name Ccy="EUR">12.50</name>`: an amount in its currency, always positive.
    pub fn money(&mut self, name: &str, minor: i64, currency: &str) {
        self.open_with(name, &[("Ccy", currency)]);
        self.event(Event::Text(BytesText::new(&decimal(minor.abs()))));
        self.close(name);
    }
    pub fn event(&mut self, event: Event<'_>) {
        self.0
            .write_event(event)
            .expect("writing to memory cannot fail");
    }
    pub fn bytes(self) -> Vec<u8> {
        self.0.into_inner()
    }
}

/// Text cut to an ISO `MaxNText` length, on a character boundary.
pub fn max_text(text: &str, max: usize) -> String {
    text.trim().chars().take(max).collect()
}
