//! Sample attachments as real programs write them, for tests: the unit tests of
//! `attachment.rs` and the HTTP tests (which include this file by path) use the same ones.

/// A one-page PDF, as a real writer makes it.
pub fn pdf() -> Vec<u8> {
    use pdf_writer::{Pdf, Rect, Ref};
    let mut pdf = Pdf::new();
    let (catalog, tree, page) = (Ref::new(1), Ref::new(2), Ref::new(3));
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids([page]).count(1);
    pdf.page(page)
        .media_box(Rect::new(0.0, 0.0, 595.0, 842.0))
        .parent(tree);
    pdf.finish()
}

/// A Word package as Word lays it out: content types, relationships, then the document part
/// (`padding` zero bytes long).
pub fn docx(padding: usize) -> Vec<u8> {
    use std::io::Write;
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    out.start_file("[Content_Types].xml", options).unwrap();
    out.write_all(b"<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>").unwrap();
    out.start_file("_rels/.rels", options).unwrap();
    out.write_all(b"<?xml version=\"1.0\"?><Relationships/>")
        .unwrap();
    out.start_file("word/document.xml", options).unwrap();
    out.write_all(b"<w:document/>").unwrap();
    out.write_all(&vec![0u8; padding]).unwrap();
    out.finish().unwrap().into_inner()
}
