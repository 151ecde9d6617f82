//! Money and the double-entry rules (DESIGN.md §5), free of SQL: a journal entry is accepted only
//! when its postings balance per currency. The store books accepted entries.

pub mod entry;
pub mod money;
