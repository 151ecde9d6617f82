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

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

/// What the bytes are: a PDF header, a JPEG or PNG signature, or a ZIP package holding a Word
/// document's parts (its names are stored uncompressed in the archive's headers).
pub fn sniff(bytes: &[u8]) -> Option<Kind> {
    if bytes.starts_with(b"%PDF-") {
        Some(Kind::Pdf)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(Kind::Jpeg)
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Kind::Png)
    } else if bytes.starts_with(b"PK\x03\x04")
        && contains(bytes, b"[Content_Types].xml")
        && contains(bytes, b"word/document.xml")
    {
        Some(Kind::Docx)
    } else {
        None
    }
}

/// The file's name must say what the content is.
pub fn accept(file_name: &str, bytes: &[u8]) -> Result<Kind, &'static str> {
    match (Kind::by_extension(file_name), sniff(bytes)) {
        (Some(named), Some(found)) if named == found => Ok(found),
        _ => Err(WRONG_TYPE),
    }
}

/// Only the extension can be checked before the content has arrived.
pub fn name_allowed(file_name: &str) -> bool {
    Kind::by_extension(file_name).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_recognised_by_content() {
        assert_eq!(accept("invoice.pdf", b"%PDF-1.7\n..."), Ok(Kind::Pdf));
        assert_eq!(
            accept("photo.JPG", &[0xFF, 0xD8, 0xFF, 0xE0]),
            Ok(Kind::Jpeg)
        );
        assert_eq!(accept("scan.png", b"\x89PNG\r\n\x1a\n...."), Ok(Kind::Png));
        let docx = b"PK\x03\x04....[Content_Types].xml....word/document.xml....";
        assert_eq!(accept("letter.docx", docx), Ok(Kind::Docx));
    }

    #[test]
    fn a_name_does_not_make_a_file_what_it_is_not() {
        assert_eq!(
            accept("invoice.pdf", b"MZ\x90\x00 an executable"),
            Err(WRONG_TYPE)
        );
        assert_eq!(accept("invoice.exe", b"%PDF-1.7"), Err(WRONG_TYPE));
        assert_eq!(accept("photo.png", b"%PDF-1.7"), Err(WRONG_TYPE));
        assert_eq!(
            accept("book.docx", b"PK\x03\x04 a plain zip"),
            Err(WRONG_TYPE)
        );
        assert!(!name_allowed("notes.txt"));
        assert!(name_allowed("notes.jpeg"));
    }
}
