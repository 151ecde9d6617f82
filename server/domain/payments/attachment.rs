//! A transfer's attachments (SPEC §5: pdf, jpg, jpeg, png, docx), recognised by what the file
//! holds, never by its name alone: the name's extension must be one of those, and the content
//! must be a file of that kind.

/// The largest attachment, and the largest chunk it may arrive in.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
pub const MAX_CHUNK_BYTES: usize = 1024 * 1024;
pub const MAX_CHUNKS: i64 = 64;

pub const WRONG_TYPE: &str = "Only pdf, jpg, jpeg, png and docx files can be attached";
pub const TOO_LARGE: &str = "The file is larger than 10 MB";

/// The content types the bank accepts, by what the bytes say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Pdf,
    Jpeg,
    Png,
    Docx,
}

impl Kind {
    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Pdf => "application/pdf",
            Kind::Jpeg => "image/jpeg",
            Kind::Png => "image/png",
            Kind::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }
    }

    fn by_extension(name: &str) -> Option<Self> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match extension.as_str() {
            "pdf" => Some(Kind::Pdf),
            "jpg" | "jpeg" => Some(Kind::Jpeg),
            "png" => Some(Kind::Png),
            "docx" => Some(Kind::Docx),
            _ => None,
        }
    }
}

/// An office file's parts, uncompressed, at most this much: a small DOCX that inflates to
/// hundreds of megabytes (a zip bomb) is refused while it is read, not after.
pub const MAX_UNPACKED_BYTES: u64 = 50 * 1024 * 1024;
const MAX_PARTS: usize = 2_000;

/// What the bytes are, by their signature (the `infer` library). An office file is a ZIP
/// archive; `infer` names it a Word document only for the entry order Word writes, so any ZIP
/// is a candidate, and `well_formed` decides by the package's parts.
pub fn sniff(bytes: &[u8]) -> Option<Kind> {
    match infer::get(bytes)?.mime_type() {
        "application/pdf" => Some(Kind::Pdf),
        "image/jpeg" => Some(Kind::Jpeg),
        "image/png" => Some(Kind::Png),
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        | "application/zip" => Some(Kind::Docx),
        _ => None,
    }
}

/// A file of `kind` holds together as one: a PDF parses (an HTML page behind a PDF header does
/// not), a DOCX is a Word package whose parts unpack within bounds.
fn well_formed(kind: Kind, bytes: &[u8]) -> bool {
    match kind {
        Kind::Pdf => lopdf::Document::load_mem(bytes).is_ok(),
        Kind::Docx => docx_unpacks(bytes),
        Kind::Jpeg | Kind::Png => true,
    }
}

fn docx_unpacks(bytes: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut archive) = zip::ZipArchive::new(std::io::Cursor::new(bytes)) else {
        return false;
    };
    if archive.len() > MAX_PARTS {
        return false;
    }
    let names: Vec<String> = archive.file_names().map(str::to_string).collect();
    if !names.iter().any(|n| n == "[Content_Types].xml")
        || !names.iter().any(|n| n == "word/document.xml")
    {
        return false;
    }
    // The sizes an archive declares can lie: every part is inflated, and counting stops at the
    // bound.
    let mut left = MAX_UNPACKED_BYTES;
    for i in 0..archive.len() {
        let Ok(part) = archive.by_index(i) else {
            return false;
        };
        let mut bounded = part.take(left + 1);
        match std::io::copy(&mut bounded, &mut std::io::sink()) {
            Ok(read) if read <= left => left -= read,
            _ => return false,
        }
    }
    true
}

/// The file's name must say what the content is, and the content must hold together.
pub fn accept(file_name: &str, bytes: &[u8]) -> Result<Kind, &'static str> {
    match (Kind::by_extension(file_name), sniff(bytes)) {
        (Some(named), Some(found)) if named == found && well_formed(found, bytes) => Ok(found),
        _ => Err(WRONG_TYPE),
    }
}

/// Only the extension can be checked before the content has arrived.
pub fn name_allowed(file_name: &str) -> bool {
    Kind::by_extension(file_name).is_some()
}

/// The name a file is stored and later offered under: no path, nothing hidden, none of the
/// characters file systems or headers give a meaning, at most 200 characters; the extension
/// stays.
pub fn safe_name(file_name: &str) -> String {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base
        .chars()
        .filter(|c| !crate::domain::names::has_hidden(&c.to_string()))
        .map(|c| match c {
            ':' | '*' | '?' | '"' | '<' | '>' | '|' | ';' | '%' => '_',
            c => c,
        })
        .collect();
    let cleaned = cleaned.trim().trim_start_matches('.').to_string();
    if cleaned.chars().count() <= 200 {
        return cleaned;
    }
    let extension = cleaned.rsplit_once('.').map_or("", |(_, e)| e);
    let keep = 200 - extension.chars().count() - 1;
    format!(
        "{}.{extension}",
        cleaned.chars().take(keep).collect::<String>()
    )
}

/// Sample files, shared with the HTTP tests (`tests/http/transfers.rs` includes the same file).
#[cfg(test)]
#[path = "attachment_samples.rs"]
mod samples;

#[cfg(test)]
mod tests {
    use super::samples::{docx, pdf};
    use super::*;

    #[test]
    fn files_are_recognised_by_content() {
        assert_eq!(accept("invoice.pdf", &pdf()), Ok(Kind::Pdf));
        assert_eq!(
            accept(
                "photo.JPG",
                &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F']
            ),
            Ok(Kind::Jpeg)
        );
        assert_eq!(accept("scan.png", b"\x89PNG\r\n\x1a\n...."), Ok(Kind::Png));
        assert_eq!(accept("letter.docx", &docx(100)), Ok(Kind::Docx));
    }

    #[test]
    fn a_name_does_not_make_a_file_what_it_is_not() {
        assert_eq!(
            accept("invoice.pdf", b"MZ\x90\x00 an executable"),
            Err(WRONG_TYPE)
        );
        assert_eq!(accept("invoice.exe", &pdf()), Err(WRONG_TYPE));
        assert_eq!(accept("photo.png", &pdf()), Err(WRONG_TYPE));
        assert_eq!(
            accept("book.docx", b"PK\x03\x04 a plain zip"),
            Err(WRONG_TYPE)
        );
        assert!(!name_allowed("notes.txt"));
        assert!(name_allowed("notes.jpeg"));
    }

    #[test]
    fn a_header_does_not_make_a_pdf_nor_a_bomb_a_document() {
        let html = b"%PDF-1.7\n<html><body><script>alert(1)</script></body></html>";
        assert_eq!(accept("invoice.pdf", html), Err(WRONG_TYPE));
        let bomb = docx(200 * 1024 * 1024);
        assert!(
            bomb.len() < 1024 * 1024,
            "it is small packed: {}",
            bomb.len()
        );
        assert_eq!(accept("letter.docx", &bomb), Err(WRONG_TYPE));
    }

    #[test]
    fn names_are_stored_safe() {
        assert_eq!(safe_name("../../etc/passwd.pdf"), "passwd.pdf");
        assert_eq!(safe_name("C:\\Users\\a\\scan.png"), "scan.png");
        assert_eq!(safe_name("in\u{202E}fdp.exe.pdf"), "infdp.exe.pdf");
        assert_eq!(safe_name("a\"b<c>.pdf"), "a_b_c_.pdf");
        assert_eq!(safe_name(".hidden.pdf"), "hidden.pdf");
        let long = format!("{}.pdf", "x".repeat(300));
        let safe = safe_name(&long);
        assert_eq!(safe.chars().count(), 200);
        assert!(safe.ends_with(".pdf"));
    }
}
