//! How cf-agent reads the XPath of a `build_xpath` promise (and of the
//! `build_xpath` attribute): not as XPath, but with the regular
//! expressions and `strsep` splits of files_editxml.c (`XPathHasTail`,
//! `XPathSegmentExtractNode`, `PredicateExtractNode`, ...), which turn
//! `/a/b[ c = d | @e="f" ]` into elements `a`, `b` with attribute `e="f"`
//! and child `<c>d</c>`. The functions follow cf-agent's one for one,
//! quirks included (a predicate's value runs to the next `=`); where
//! cf-agent would read past the end of its text they give nothing. The
//! convergence check (`XPathVerifyConvergence`), which every
//! `select_xpath` passes through, is here too.

use std::sync::OnceLock;

use regex::Regex;

use super::dom::{Doc, Element, Kind, NodeId};

/// A PCRE pattern of cf-agent's in the `regex` crate's syntax: PCRE's
/// ASCII `\w`, `\s`, `\d`, and `$` before a final newline.
fn pcre(pattern: &str) -> Regex {
    let translated = pattern
        .replace(r"\w", "[0-9A-Za-z_]")
        .replace(r"\s", r"[\t\n\x0B\x0C\r ]")
        .replace(r"\d", "[0-9]")
        .replace(r"\/", "/")
        .replace('$', r"\n?\z");
    // The patterns are constants of this file, tested below.
    Regex::new(&translated).expect("cf-agent's patterns compile")
}

macro_rules! pattern {
    ($name:ident, $doc:literal, $re:literal) => {
        #[doc = $doc]
        fn $name(s: &str) -> bool {
            static RE: OnceLock<Regex> = OnceLock::new();
            RE.get_or_init(|| pcre($re)).is_match(s)
        }
    };
}

pattern!(predicate_has_tail, "`PredicateHasTail`.", r#"^\s*\[?\s*@?\s*(\w|-|\.)+\s*=\s*("|')?(\w|-|\.)+("|')?\s*\|"#);
pattern!(
    predicate_head_is_attribute,
    "`PredicateHeadContainsAttribute`.",
    r#"^\s*\[?\|?(\s*@\s*(\w|-|\.)+\s*=\s*("|')?(\w|-|\.)+("|')?)(\s*(\||\]))?"#
);
pattern!(
    predicate_head_is_node,
    "`PredicateHeadContainsNode`.",
    r#"^\s*\[?\|?(\s*(\w|-|\.)+\s*=\s*("|')?(\w|-|\.)+("|')?)(\s*(\||\]))?"#
);
pattern!(has_tail, "`XPathHasTail`.", r"^\s*\/?\s*(\w|-|\.)+(\s*::\s*(\w|-|\.)+\s*)*\s*(\[[^\[\]\/]*\])?\s*\/");
pattern!(head_is_node, "`XPathHeadContainsNode`.", r"^(\/)?(\w|-|\.)+((\s*::\s*)?(\w|-|\.)+)*");
pattern!(
    head_has_predicate,
    "`XPathHeadContainsPredicate`.",
    r#"^\s*\/?\s*(\w|-|\.)+(\s*::\s*(\w|-|\.)+)*\s*\[\s*@?\s*(\w|-|\.)+\s*=\s*("|')?(\w|-|\.)+("|')?\s*(\s*\|\s*)?(\s*@?\s*(\w|-|\.)+\s*=\s*("|')?(\w|-|\.)+("|')?\s*)*\]"#
);
pattern!(
    build_syntax,
    "The syntax `XPathVerifyBuildSyntax` allows: `/name[ name = value | @name = 'value' ]/...`.",
    r#"^(\/(( |\t)*(\w|-|\.)+( |\t)*)(\[( |\t)*@?(\w|-|\.)+( |\t)*=( |\t)*('|")?(\w|-|\.)+('|")?( |\t)*(\|( |\t)*@?(\w|-|\.)+( |\t)*=( |\t)*('|")?(\w|-|\.)+('|")?( |\t)*)*\])?)*$"#
);
pattern!(
    not_convergent,
    "What `XPathVerifyConvergence` refuses: positions (`[1]`, `[last()]`, `[position() = 2]`) and the sibling axes.",
    r"\[\s*([^\[\]]*\s*(\||(or)|(and)))?\s*((position)\s*\(\s*\)\s*((=)|(!=)|(<)|(<=)|(>)|(>=))\s*)?\s*(((\d+)\s*|((last)\s*\(\s*\)\s*))(((\+)|(-)|(\*)|(div)|(mod))\s*(\d+)\s*)*)\s*((\||(or)|(and))[^\[\]]*)?\]|((following)|(preceding))(-sibling)?\s*(::)"
);

/// `XPathVerifyConvergence`.
pub(crate) fn convergent(xpath: &str) -> bool {
    !not_convergent(xpath)
}

/// The syntax check of `XPathVerifyBuildSyntax` (after convergence).
pub(crate) fn buildable(xpath: &str) -> bool {
    build_syntax(xpath)
}

/// `strsep`: the text up to the first delimiter, the rest left after it.
fn strsep<'a>(running: &mut Option<&'a str>, delims: &str) -> Option<&'a str> {
    let s = (*running)?;
    match s.find(|c| delims.contains(c)) {
        Some(i) => {
            *running = Some(&s[i + 1..]);
            Some(&s[..i])
        }
        None => {
            *running = None;
            Some(s)
        }
    }
}

/// `strsep` again while it gives empty tokens, as cf-agent's loops do.
fn token<'a>(running: &mut Option<&'a str>, delims: &str) -> Option<&'a str> {
    loop {
        let t = strsep(running, delims)?;
        if !t.is_empty() {
            return Some(t);
        }
    }
}

/// `XPathHeadExtractNode`: the element of the path's first segment, or
/// the segment cf-agent could not make one of.
pub(crate) fn head_node(doc: &mut Doc, xpath: &str) -> Result<NodeId, String> {
    let mut running = Some(xpath);
    let head = token(&mut running, "/").unwrap_or_default().to_string();
    segment_node(doc, &head).ok_or(head)
}

/// `XPathTailExtractNode`: the element of the path's last segment.
pub(crate) fn tail_node(doc: &mut Doc, xpath: &str) -> Result<NodeId, String> {
    let tail = tail(xpath);
    segment_node(doc, &tail).ok_or(tail)
}

/// `XPathGetTail`: the last segment, when there are several.
fn tail(xpath: &str) -> String {
    if !has_tail(xpath) {
        return String::new();
    }
    xpath.split('/').filter(|s| !s.is_empty()).skip(1).last().unwrap_or_default().to_string()
}

/// `XPathRemoveHead`: the path from its second `/` on.
pub(crate) fn remove_head(xpath: &str) -> String {
    match xpath.get(1..).and_then(|s| s.find('/')) {
        Some(i) if has_tail(xpath) => xpath[i + 1..].to_string(),
        _ => String::new(),
    }
}

/// `XPathRemoveTail`: the path up to its last `/`.
pub(crate) fn remove_tail(xpath: &str) -> String {
    match xpath.rfind('/') {
        Some(i) if has_tail(xpath) => xpath[..i].to_string(),
        _ => String::new(),
    }
}

/// Whether the path has more than one segment (`XPathHasTail`).
pub(crate) fn has_more(xpath: &str) -> bool {
    has_tail(xpath)
}

/// `XPathSegmentExtractNode`: `name[ child = value | @attr = "value" ]`
/// to an element.
fn segment_node(doc: &mut Doc, segment: &str) -> Option<NodeId> {
    if !head_is_node(segment) {
        return None;
    }
    let mut running = Some(segment);
    let name = token(&mut running, " []")?;
    let node = doc.create(Kind::Element(Element::named(name)));
    if !head_has_predicate(segment) {
        return Some(node);
    }
    let mut predicate = token(&mut running, "[]").unwrap_or_default().to_string();
    while !predicate.is_empty() {
        if predicate_head_is_node(&predicate) {
            if let Some(child) = predicate_node(doc, &predicate) {
                doc.append(node, child);
            }
        } else if predicate_head_is_attribute(&predicate) {
            let mut running = Some(predicate.as_str());
            let name = token(&mut running, "| @\"'=");
            let value = token(&mut running, "| @\"'=");
            if let (Some(name), Some(value)) = (name, value) {
                if let Some(e) = doc.element_mut(node) {
                    e.attrs.push(super::dom::Attr {
                        name: name.to_string(),
                        prefix: None,
                        ns: None,
                        value: value.to_string(),
                    });
                }
            }
        }
        predicate = if predicate_has_tail(&predicate) {
            // `PredicateRemoveHead`: from the first `|` after the start.
            match predicate.get(1..).and_then(|s| s.find('|')) {
                Some(i) => predicate[i + 1..].to_string(),
                None => String::new(),
            }
        } else {
            String::new()
        };
    }
    Some(node)
}

/// `PredicateExtractNode`: `name = value` to `<name>value</name>`.
fn predicate_node(doc: &mut Doc, predicate: &str) -> Option<NodeId> {
    let mut running = Some(predicate);
    let name = token(&mut running, "| \"'=")?;
    let value = token(&mut running, " \"'=")?;
    let node = doc.create(Kind::Element(Element::named(name)));
    let text = doc.create(Kind::Text(value.to_string()));
    doc.append(node, text);
    Some(node)
}

#[cfg(test)]
mod tests {
    use super::super::serialize::to_text;
    use super::*;

    fn segment(s: &str) -> String {
        let mut d = Doc::new();
        let n = segment_node(&mut d, s).unwrap();
        d.set_root(n);
        to_text(&d).lines().nth(1).unwrap().to_string()
    }

    #[test]
    fn segments_become_elements_as_cf_agent_builds_them() {
        assert_eq!(segment("Host"), "<Host/>");
        assert_eq!(
            segment("Host[ Alias = cfe_alias | @name=\"cfe_host\" ]"),
            "<Host name=\"cfe_host\"><Alias>cfe_alias</Alias></Host>"
        );
        assert_eq!(segment("a[@x='1'|@y=2]"), "<a x=\"1\" y=\"2\"/>");
    }

    #[test]
    fn heads_and_tails_split_as_cf_agent_splits_them() {
        assert!(has_more("/a/b"));
        assert!(!has_more("/a"));
        assert_eq!(remove_head("/a/b/c"), "/b/c");
        assert_eq!(remove_tail("/a/b/c"), "/a/b");
        assert_eq!(tail("/a/b[x=y]/c"), "c");
        assert_eq!(remove_head("/a"), "");
    }

    #[test]
    fn build_syntax_and_convergence() {
        assert!(buildable("/Server/Service/Engine/Host[ Alias = cfe_alias | @name=\"cfe_host\" ]"));
        assert!(!buildable("//a"));
        assert!(!buildable("/a[1]x"));
        assert!(!convergent("/list/item[1]"));
        assert!(!convergent("/a[last()]"));
        assert!(!convergent("/a[position() = 2]"));
        assert!(!convergent("/a/following-sibling::b"));
        assert!(convergent("/config/a[@x=2]"));
        assert!(convergent("//a[b='old']"));
    }
}
