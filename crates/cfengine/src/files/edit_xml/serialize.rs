//! A [`Doc`] to text as cf-agent saves it: libxml2 2.9's `xmlSaveFile`
//! (unformatted): the XML declaration, each top-level node on a line of
//! its own, namespace declarations before attributes, `<a/>` for an
//! element without children. A document without a declared encoding is
//! written in ASCII, every other character as a hexadecimal character
//! reference (`&#xE9;`, `xmlEscapeEntities`); with one, characters are
//! written as they are. The walk keeps its own stack, so a deep document
//! cannot overflow the program's.

use super::dom::{Doc, Kind, NodeId};
use super::parse::quote;

/// The file's text.
pub(crate) fn to_text(doc: &Doc) -> String {
    let mut out = format!("<?xml version={}", quote(&doc.version));
    if let Some(enc) = &doc.encoding {
        out.push_str(&format!(" encoding={}", quote(enc)));
    }
    match doc.standalone {
        Some(true) => out.push_str(" standalone=\"yes\""),
        Some(false) => out.push_str(" standalone=\"no\""),
        None => {}
    }
    out.push_str("?>\n");
    let ascii = doc.encoding.is_none();
    for &id in &doc.top {
        node(doc, id, ascii, &mut out);
        out.push('\n');
    }
    out
}

/// What is left to write: a node, or an element's end tag.
enum Step {
    Open(NodeId),
    Close(NodeId),
}

/// Writes the subtree `id`.
fn node(doc: &Doc, id: NodeId, ascii: bool, out: &mut String) {
    let mut stack = vec![Step::Open(id)];
    while let Some(step) = stack.pop() {
        let id = match step {
            Step::Close(id) => {
                if let Some(e) = doc.element(id) {
                    out.push_str(&format!("</{}>", e.qname()));
                }
                continue;
            }
            Step::Open(id) => id,
        };
        match &doc.node(id).kind {
            Kind::Element(e) => {
                out.push('<');
                out.push_str(&e.qname());
                for (prefix, uri) in &e.ns_defs {
                    match prefix {
                        Some(p) => out.push_str(&format!(" xmlns:{p}={}", quote(uri))),
                        None => out.push_str(&format!(" xmlns={}", quote(uri))),
                    }
                }
                for a in &e.attrs {
                    out.push_str(&format!(" {}=\"{}\"", a.qname(), escape_attribute(&a.value, ascii)));
                }
                let children = doc.children(id);
                if children.is_empty() {
                    out.push_str("/>");
                } else {
                    out.push('>');
                    stack.push(Step::Close(id));
                    stack.extend(children.iter().rev().map(|&c| Step::Open(c)));
                }
            }
            Kind::Text(t) => out.push_str(&escape_text(t, ascii)),
            Kind::CData(t) => out.push_str(&format!("<![CDATA[{t}]]>")),
            Kind::Comment(t) => out.push_str(&format!("<!--{t}-->")),
            Kind::Pi(target, Some(data)) => out.push_str(&format!("<?{target} {data}?>")),
            Kind::Pi(target, None) => out.push_str(&format!("<?{target}?>")),
            Kind::DocType(d) => out.push_str(d),
        }
    }
}

/// `&#xHEX;`, as `xmlSerializeHexCharRef` writes it.
fn hex_ref(c: char) -> String {
    format!("&#x{:X};", c as u32)
}

/// Text content: `xmlEscapeEntities` for an ASCII document, else
/// `xmlEscapeContent`.
fn escape_text(t: &str, ascii: bool) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\r' if !ascii => out.push_str("&#13;"),
            '\n' | '\t' => out.push(c),
            c if ascii && (c as u32) < 0x20 => out.push_str(&hex_ref(c)),
            c if ascii && !c.is_ascii() => out.push_str(&hex_ref(c)),
            c => out.push(c),
        }
    }
    out
}

/// An attribute's value (`xmlBufAttrSerializeTxtContent`).
fn escape_attribute(v: &str, ascii: bool) -> String {
    let mut out = String::with_capacity(v.len());
    for c in v.chars() {
        match c {
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c if ascii && !c.is_ascii() => out.push_str(&hex_ref(c)),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::parse::document;
    use super::*;

    #[test]
    fn written_as_xml_save_file_writes() {
        let d = document("<!--c--><a y=\"1\" xmlns:p=\"u\"><p:b/>é<![CDATA[<x>]]><?pi  d?></a>".as_bytes()).unwrap();
        assert_eq!(
            to_text(&d),
            "<?xml version=\"1.0\"?>\n<!--c-->\n<a xmlns:p=\"u\" y=\"1\"><p:b/>&#xE9;<![CDATA[<x>]]><?pi d?></a>\n"
        );
    }

    #[test]
    fn a_declared_encoding_keeps_characters() {
        let d = document(
            "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?><a v=\"é&#9;\">é&amp;</a>".as_bytes(),
        )
        .unwrap();
        assert_eq!(
            to_text(&d),
            "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<a v=\"é&#9;\">é&amp;</a>\n"
        );
    }

    #[test]
    fn an_empty_document_is_its_declaration() {
        assert_eq!(to_text(&Doc::new()), "<?xml version=\"1.0\"?>\n");
    }
}
