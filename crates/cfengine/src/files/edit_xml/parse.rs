//! XML text to a [`Doc`], as libxml2's `xmlParseFile` (a document) and
//! `xmlParseBalancedChunkMemory` (the tree of an `insert_tree` or
//! `delete_tree` promise) build it with cf-agent's options: blanks kept,
//! line ends and attribute whitespace normalised, adjacent text merged,
//! CDATA, comments and processing instructions kept. quick-xml splits the
//! text into events; the tree, the namespaces and the checks are here.
//! Bounded as libxml2 bounds it: elements nested deeper than 256 are an
//! error ("Excessive depth in document"), as are entities other than the
//! five predefined ones and character references (no DTD is read).

use std::collections::HashMap;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::dom::{Attr, Doc, Element, Kind, NodeId, XML_NAMESPACE};

/// libxml2's `xmlParserMaxDepth` without `XML_PARSE_HUGE`.
pub(crate) const MAX_DEPTH: usize = 256;

/// Most nodes a document may have.
const MAX_NODES: usize = 4_000_000;

/// Why a text is not a document confer can edit.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub(crate) enum ParseError {
    /// Not well-formed: libxml2 refuses it too.
    #[error("{0}")]
    Malformed(String),
    /// Well-formed, but beyond what confer edits.
    #[error("{0}")]
    Unsupported(String),
}

fn bad(msg: impl Into<String>) -> ParseError {
    ParseError::Malformed(msg.into())
}

/// Parses a whole document (an empty text is not one: callers make an
/// empty document for an empty file, as cf-agent does).
pub(crate) fn document(text: &[u8]) -> Result<Doc, ParseError> {
    let mut doc = Doc::new();
    Builder::new(&mut doc, false).run(text)?;
    if doc.root().is_none() {
        return Err(bad("Start tag expected, '<' not found"));
    }
    Ok(doc)
}

/// Parses a balanced chunk into a document of its own whose `top` holds
/// the chunk's nodes in order (text included).
pub(crate) fn chunk(text: &[u8]) -> Result<Doc, ParseError> {
    let mut doc = Doc::new();
    Builder::new(&mut doc, true).run(text)?;
    Ok(doc)
}

/// Builds a tree from quick-xml's events.
struct Builder<'d> {
    doc: &'d mut Doc,
    /// A chunk: text and several nodes at the top, no declaration.
    chunk: bool,
    /// Open elements, innermost last.
    open: Vec<NodeId>,
    /// Namespace declarations in scope, one map per open element.
    scopes: Vec<HashMap<Option<String>, String>>,
    seen_root: bool,
}

impl<'d> Builder<'d> {
    fn new(doc: &'d mut Doc, chunk: bool) -> Builder<'d> {
        Builder { doc, chunk, open: vec![], scopes: vec![], seen_root: false }
    }

    fn run(mut self, raw: &[u8]) -> Result<(), ParseError> {
        let text = std::str::from_utf8(raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw))
            .map_err(|_| ParseError::Unsupported("confer edits only UTF-8 XML documents".into()))?;
        // XML's end-of-line handling, before anything else reads the text.
        let text = text.replace("\r\n", "\n").replace('\r', "\n");
        let mut reader = Reader::from_str(&text);
        let config = reader.config_mut();
        config.trim_text(false);
        config.check_end_names = true;
        config.check_comments = true;
        config.expand_empty_elements = false;
        let mut first = true;
        loop {
            let event = reader.read_event().map_err(|e| bad(e.to_string()))?;
            if self.doc.arena_len() > MAX_NODES {
                return Err(ParseError::Unsupported(format!(
                    "confer edits XML documents of at most {MAX_NODES} nodes"
                )));
            }
            let was_first = std::mem::replace(&mut first, false);
            match event {
                Event::Decl(d) => {
                    if self.chunk || !was_first {
                        return Err(bad("XML declaration allowed only at the start of the document"));
                    }
                    self.declaration(&d)?;
                }
                Event::Start(s) => {
                    let id = self.element(&s)?;
                    self.open.push(id);
                    if self.open.len() > MAX_DEPTH {
                        return Err(bad(format!("Excessive depth in document: {MAX_DEPTH} use XML_PARSE_HUGE option")));
                    }
                }
                Event::Empty(s) => {
                    self.element(&s)?;
                    self.scopes.pop();
                }
                Event::End(_) => {
                    self.open.pop();
                    self.scopes.pop();
                }
                Event::Text(t) => {
                    let t = t.decode().map_err(|e| bad(e.to_string()))?;
                    self.text(&t)?;
                }
                Event::GeneralRef(r) => {
                    let name = r.decode().map_err(|e| bad(e.to_string()))?;
                    let c = reference(&name)?;
                    self.text(&c.to_string())?;
                }
                Event::CData(c) => {
                    let t = String::from_utf8_lossy(&c.into_inner()).into_owned();
                    self.leaf(Kind::CData(t), false)?;
                }
                Event::Comment(c) => {
                    let t = c.decode().map_err(|e| bad(e.to_string()))?.into_owned();
                    self.leaf(Kind::Comment(t), true)?;
                }
                Event::PI(p) => {
                    let target = String::from_utf8_lossy(p.target()).into_owned();
                    if target.eq_ignore_ascii_case("xml") {
                        return Err(bad("XML declaration allowed only at the start of the document"));
                    }
                    let data = String::from_utf8_lossy(p.content()).trim_start().to_string();
                    self.leaf(Kind::Pi(target, (!data.is_empty()).then_some(data)), true)?;
                }
                Event::DocType(d) => {
                    if self.chunk || self.seen_root {
                        return Err(bad("DOCTYPE improperly terminated"));
                    }
                    let d = d.decode().map_err(|e| bad(e.to_string()))?;
                    let id = self.doc.create(Kind::DocType(doctype(&d)?));
                    self.doc.top.push(id);
                }
                Event::Eof => break,
            }
        }
        if !self.open.is_empty() {
            return Err(bad("Premature end of data"));
        }
        Ok(())
    }

    fn declaration(&mut self, d: &quick_xml::events::BytesDecl) -> Result<(), ParseError> {
        let text = |v: &[u8]| String::from_utf8_lossy(v).into_owned();
        self.doc.version = text(&d.version().map_err(|e| bad(e.to_string()))?);
        if let Some(enc) = d.encoding() {
            let enc = text(&enc.map_err(|e| bad(e.to_string()))?);
            let known = ["utf-8", "utf8", "us-ascii", "ascii"];
            if !known.iter().any(|k| enc.eq_ignore_ascii_case(k)) {
                return Err(ParseError::Unsupported(format!(
                    "confer edits only UTF-8 XML documents, not encoding '{enc}'"
                )));
            }
            self.doc.encoding = Some(enc);
        }
        if let Some(sa) = d.standalone() {
            self.doc.standalone = Some(&*sa.map_err(|e| bad(e.to_string()))? == b"yes");
        }
        Ok(())
    }

    /// Hangs a node under the open element, or at the top (a chunk takes
    /// anything there; a document only comments and PIs, or `misc`).
    fn leaf(&mut self, kind: Kind, misc: bool) -> Result<NodeId, ParseError> {
        let id = self.doc.create(kind);
        match self.open.last() {
            Some(&p) => self.doc.append(p, id),
            None if self.chunk || misc => self.doc.top.push(id),
            None => return Err(bad("Extra content at the end of the document")),
        }
        Ok(id)
    }

    /// Character data: merged into text before it; outside the root of a
    /// document only blanks, which libxml2 drops.
    fn text(&mut self, t: &str) -> Result<(), ParseError> {
        match self.open.last() {
            Some(&p) => {
                let id = self.doc.create(Kind::Text(t.to_string()));
                self.doc.append(p, id);
            }
            None if self.chunk => {
                let merged = match self.doc.top.last() {
                    Some(&last) => matches!(self.doc.node(last).kind, Kind::Text(_)),
                    None => false,
                };
                if merged {
                    let last = self.doc.top[self.doc.top.len() - 1];
                    let Kind::Text(old) = &self.doc.node(last).kind else { unreachable!("checked above") };
                    let joined = format!("{old}{t}");
                    self.doc.top.pop();
                    let id = self.doc.create(Kind::Text(joined));
                    self.doc.top.push(id);
                } else {
                    let id = self.doc.create(Kind::Text(t.to_string()));
                    self.doc.top.push(id);
                }
            }
            None if t.chars().all(|c| matches!(c, ' ' | '\t' | '\n')) => {}
            None => return Err(bad("Extra content at the end of the document")),
        }
        Ok(())
    }

    /// An element's start: its namespaces, name and attributes.
    fn element(&mut self, s: &BytesStart) -> Result<NodeId, ParseError> {
        if self.open.is_empty() && !self.chunk {
            if self.seen_root {
                return Err(bad("Extra content at the end of the document"));
            }
            self.seen_root = true;
        }
        let qname = String::from_utf8_lossy(s.name().as_ref()).into_owned();
        check_name(&qname)?;
        let mut scope = HashMap::new();
        let mut e = Element::default();
        let mut raw_attrs = vec![];
        for a in s.attributes() {
            let a = a.map_err(|e| bad(e.to_string()))?;
            let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
            check_name(&key)?;
            let value = attribute_value(&String::from_utf8_lossy(&a.value))?;
            if key == "xmlns" {
                scope.insert(None, value.clone());
                e.ns_defs.push((None, value));
            } else if let Some(p) = key.strip_prefix("xmlns:") {
                scope.insert(Some(p.to_string()), value.clone());
                e.ns_defs.push((Some(p.to_string()), value));
            } else {
                raw_attrs.push((key, value));
            }
        }
        self.scopes.push(scope);
        let (prefix, name, ns) = self.resolve(&qname, true);
        (e.prefix, e.name, e.ns) = (prefix, name, ns);
        for (key, value) in raw_attrs {
            let (prefix, name, ns) = self.resolve(&key, false);
            e.attrs.push(Attr { name, prefix, ns, value });
        }
        let id = self.doc.create(Kind::Element(e));
        match self.open.last() {
            Some(&p) => self.doc.append(p, id),
            None => self.doc.top.push(id),
        }
        Ok(id)
    }

    /// A qualified name's prefix, local name and namespace; an undeclared
    /// prefix stays part of the name, without namespace, as libxml2 keeps
    /// it. Unprefixed attributes are in no namespace.
    fn resolve(&self, qname: &str, element: bool) -> (Option<String>, String, Option<String>) {
        let lookup = |p: Option<&str>| {
            if p == Some("xml") {
                return Some(XML_NAMESPACE.to_string());
            }
            let key = p.map(str::to_string);
            self.scopes.iter().rev().find_map(|s| s.get(&key).cloned())
        };
        match qname.split_once(':') {
            Some((p, local)) => match lookup(Some(p)) {
                Some(ns) => (Some(p.to_string()), local.to_string(), Some(ns)),
                None => (None, qname.to_string(), None),
            },
            None if element => (None, qname.to_string(), lookup(None).filter(|ns| !ns.is_empty())),
            None => (None, qname.to_string(), None),
        }
    }
}

/// Whether a name is an XML name (letters, digits and `_:.-`, or any
/// character past ASCII), not starting with a digit, `.` or `-`.
fn check_name(name: &str) -> Result<(), ParseError> {
    let ok_start = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == ':' || !c.is_ascii());
    let ok_rest = name.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-') || !c.is_ascii());
    if ok_start && ok_rest {
        Ok(())
    } else {
        Err(bad(format!("invalid name '{name}'")))
    }
}

/// The character a reference stands for: a character reference or one of
/// the five predefined entities.
fn reference(name: &str) -> Result<char, ParseError> {
    let num = if let Some(hex) = name.strip_prefix("#x") {
        u32::from_str_radix(hex, 16).ok()
    } else if let Some(dec) = name.strip_prefix('#') {
        dec.parse::<u32>().ok()
    } else {
        return match name {
            "lt" => Ok('<'),
            "gt" => Ok('>'),
            "amp" => Ok('&'),
            "apos" => Ok('\''),
            "quot" => Ok('"'),
            _ => Err(bad(format!("Entity '{name}' not defined"))),
        };
    };
    num.and_then(char::from_u32)
        .filter(|&c| c != '\0')
        .ok_or_else(|| bad(format!("xmlParseCharRef: invalid xmlChar value {name}")))
}

/// An attribute value as the parser gives it: blanks written as such turn
/// to spaces, then references are resolved (so `&#10;` stays a newline).
fn attribute_value(raw: &str) -> Result<String, ParseError> {
    if raw.contains('<') {
        return Err(bad("Unescaped '<' not allowed in attributes values"));
    }
    let spaced: String = raw.chars().map(|c| if matches!(c, '\t' | '\n' | '\r') { ' ' } else { c }).collect();
    resolve_references(&spaced)
}

/// Resolves the references of a text (`&lt;`, `&#233;`, ...); any other
/// `&` is an error.
pub(crate) fn resolve_references(s: &str) -> Result<String, ParseError> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let end = after.find(';').ok_or_else(|| bad("EntityRef: expecting ';'"))?;
        out.push(reference(&after[..end])?);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A `<!DOCTYPE>`'s text as libxml2 writes it back; an internal subset is
/// refused (it could declare entities and default attributes).
fn doctype(d: &str) -> Result<String, ParseError> {
    if d.contains('[') {
        return Err(ParseError::Unsupported(
            "confer does not edit XML documents whose DOCTYPE has an internal subset".into(),
        ));
    }
    let mut words = Words(d.trim());
    let name = words.next().ok_or_else(|| bad("xmlParseDocTypeDecl : no DOCTYPE name !"))?;
    let mut out = format!("<!DOCTYPE {name}");
    match words.next().as_deref() {
        None => {}
        Some("PUBLIC") => {
            let public = words.quoted()?;
            let system = words.quoted()?;
            out.push_str(&format!(" PUBLIC {} {}", quote(&public), quote(&system)));
        }
        Some("SYSTEM") => out.push_str(&format!(" SYSTEM {}", quote(&words.quoted()?))),
        Some(other) => return Err(bad(format!("DOCTYPE improperly terminated at '{other}'"))),
    }
    if words.next().is_some() {
        return Err(bad("DOCTYPE improperly terminated"));
    }
    out.push('>');
    Ok(out)
}

/// The words and quoted strings of a DOCTYPE.
struct Words<'a>(&'a str);

impl Words<'_> {
    fn next(&mut self) -> Option<String> {
        let s = self.0.trim_start();
        if s.is_empty() {
            return None;
        }
        let end = s.find(char::is_whitespace).unwrap_or(s.len());
        self.0 = &s[end..];
        Some(s[..end].to_string())
    }

    fn quoted(&mut self) -> Result<String, ParseError> {
        let s = self.0.trim_start();
        let q = s
            .chars()
            .next()
            .filter(|c| matches!(c, '"' | '\''))
            .ok_or_else(|| bad("Space required after the Public Identifier"))?;
        let end = s[1..].find(q).ok_or_else(|| bad("Unfinished SystemLiteral"))?;
        self.0 = &s[end + 2..];
        Ok(s[1..end + 1].to_string())
    }
}

/// `xmlBufWriteQuotedString`: in double quotes, or single quotes when the
/// text holds a double quote (and `&quot;` when it holds both).
pub(crate) fn quote(s: &str) -> String {
    if !s.contains('"') {
        format!("\"{s}\"")
    } else if !s.contains('\'') {
        format!("'{s}'")
    } else {
        format!("\"{}\"", s.replace('"', "&quot;"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_are_kept_inside_and_dropped_outside_the_root() {
        let d = document(b"<?xml version=\"1.0\"?>\n<a>\n <b/> x</a>\n").unwrap();
        let root = d.root().unwrap();
        assert_eq!(d.top.len(), 1);
        assert_eq!(d.children(root).len(), 3);
    }

    #[test]
    fn references_merge_into_one_text_node() {
        let d = document(b"<a>x &lt; &#233;y</a>").unwrap();
        let root = d.root().unwrap();
        assert_eq!(d.children(root).len(), 1);
        assert_eq!(d.content(Some(root)).as_deref(), Some("x < \u{e9}y"));
    }

    #[test]
    fn attribute_blanks_become_spaces_but_references_do_not() {
        let d = document(b"<a v=\"x\ty&#10;z\"/>").unwrap();
        assert_eq!(d.element(d.root().unwrap()).unwrap().attrs[0].value, "x y\nz");
    }

    #[test]
    fn namespaces_resolve_and_undeclared_prefixes_stay_in_the_name() {
        let d = document(b"<a xmlns=\"u\" xmlns:p=\"v\"><p:b/><q:c/></a>").unwrap();
        let root = d.root().unwrap();
        assert_eq!(d.element(root).unwrap().ns.as_deref(), Some("u"));
        let kids: Vec<_> = d.element_children(root).collect();
        let b = d.element(kids[0]).unwrap();
        assert_eq!((b.name.as_str(), b.ns.as_deref()), ("b", Some("v")));
        let c = d.element(kids[1]).unwrap();
        assert_eq!((c.name.as_str(), c.ns.as_deref()), ("q:c", None));
    }

    #[test]
    fn malformed_and_hostile_documents_are_refused() {
        assert!(document(b"<a><b></a>").is_err());
        assert!(document(b"<a>&foo;</a>").is_err());
        assert!(document(b"<a/><b/>").is_err());
        assert!(document(b"<a").is_err());
        assert!(document(b"<!DOCTYPE a [<!ENTITY x \"y\">]><a/>").is_err());
        let deep = "<a>".repeat(MAX_DEPTH + 1) + &"</a>".repeat(MAX_DEPTH + 1);
        assert!(document(deep.as_bytes()).is_err());
        let ok = "<a>".repeat(MAX_DEPTH) + &"</a>".repeat(MAX_DEPTH);
        assert!(document(ok.as_bytes()).is_ok());
    }

    #[test]
    fn a_chunk_keeps_every_top_node() {
        let d = chunk(b" <a/><b/>").unwrap();
        assert_eq!(d.top.len(), 3);
        assert!(chunk(b"<a>").is_err());
    }

    #[test]
    fn doctype_is_written_back_as_libxml2_does() {
        assert_eq!(doctype(" web-app PUBLIC 'p' \"s\"").unwrap(), "<!DOCTYPE web-app PUBLIC \"p\" \"s\">");
        assert_eq!(doctype("a SYSTEM 'x\"y'").unwrap(), "<!DOCTYPE a SYSTEM 'x\"y'>");
    }
}
