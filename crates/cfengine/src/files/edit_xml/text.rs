//! `delete_text`, `set_text` and `insert_text` (files_editxml.c's
//! `DeleteTextInNode`, `SetTextInNode`, `InsertTextInNode`). cf-agent
//! looks only at the selected element's first child: when it is text, that
//! text is emptied, replaced or extended; otherwise everything before the
//! first element child is dropped and the new text put in its place.
//! `set_text` then hands the text to `xmlNodeSetContent`, which reads
//! references in it: the predefined ones and character references are
//! resolved here, any other is refused.

use crate::eval::context::EvalContext;
use crate::eval::message::ErrorKind;

use super::dom::{Doc, Kind, NodeId};
use super::{parse, Res, XmlEdit};

/// Carries out a text promise on the selected element; whether it edited.
pub(super) fn edit_text(
    ctx: &mut EvalContext,
    ptype: &str,
    text: &str,
    at: &str,
    node: NodeId,
    edit: &mut XmlEdit,
    res: &mut Res,
) -> bool {
    let file = edit.filename.clone();
    let Some(doc) = edit.doc.as_ref() else { return false };
    let holds = |doc: &Doc| doc.first_child_content(node).is_some_and(|t| t.contains(text));
    let exact = |doc: &Doc| doc.first_child_content(node).as_deref() == Some(text);
    let (what, kept) = match ptype {
        "delete_text" => (format!("delete text '{text}' at XPath '{at}' in the XML document '{file}'"), !holds(doc)),
        "set_text" => (format!("set text '{text}' at XPath '{at}' in XML document '{file}'"), exact(doc)),
        _ => (format!("insert text '{text}' at XPath '{at}' in the XML document '{file}'"), holds(doc)),
    };
    if kept {
        return false;
    }
    // `set_text` of an element whose first child is not text reads the
    // text's references (`xmlStringGetNodeList`).
    let first_is_text = matches!(doc.children(node).first().map(|&c| &doc.node(c).kind), Some(Kind::Text(_)));
    let content = if ptype == "set_text" && !first_is_text {
        match parse::resolve_references(text) {
            Ok(c) => c,
            Err(_) => {
                let at = ctx.promise_location();
                ctx.refuse(format!("confer does not set text holding entity references ('{text}'), {at}"));
                *res = res.and(Res::Fail);
                return false;
            }
        }
    } else {
        text.to_string()
    };
    if !edit.making_changes(ctx, res, &what) {
        // cf-agent's `SetTextInNode` counts this as an edit.
        return ptype == "set_text";
    }
    let Some(doc) = edit.doc.as_mut() else { return false };
    match (first_is_text, ptype) {
        (true, _) => {
            let first = doc.children(node)[0];
            if let Kind::Text(t) = doc.kind_mut(first) {
                match ptype {
                    "delete_text" => t.clear(),
                    "set_text" => *t = content,
                    _ => t.push_str(&content),
                }
            }
        }
        (false, "delete_text") => replace_leading(doc, node, None),
        (false, _) => replace_leading(doc, node, Some(content)),
    }
    let (done, failed, ok) = match ptype {
        "delete_text" => ("Deleted text", "Failed to delete text", !holds(doc)),
        "set_text" => ("Set text", "Failed to set text", exact(doc)),
        _ => ("Inserted text", "Failed to insert text", holds(doc)),
    };
    let the = if ptype == "set_text" { "" } else { "the " };
    if !ok {
        ctx.error(ErrorKind::Files, format!("{failed} '{text}' at XPath '{at}' in {the}XML document '{file}'"));
        *res = res.and(Res::Fail);
        return false;
    }
    edit.said(format!("{done} '{text}' at XPath '{at}' in {the}XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// The children before the first element child replaced by a text node
/// (none for empty or absent text), as cf-agent's copy, `xmlNodeSetContent`
/// and `xmlAddChildList` leave them.
fn replace_leading(doc: &mut Doc, node: NodeId, text: Option<String>) {
    let children = doc.children(node).to_vec();
    let keep_from = children.iter().position(|&c| doc.element(c).is_some()).unwrap_or(children.len());
    let mut new = vec![];
    if let Some(t) = text.filter(|t| !t.is_empty()) {
        new.push(doc.create(Kind::Text(t)));
    }
    new.extend_from_slice(&children[keep_from..]);
    doc.set_children(node, new);
}

#[cfg(test)]
mod tests {
    use super::super::parse::document;
    use super::super::serialize::to_text;
    use super::*;

    #[test]
    fn leading_children_give_way_to_the_text() {
        let mut d = document(b"<a><!--c-->x<b/>y</a>").unwrap();
        let a = d.root().unwrap();
        replace_leading(&mut d, a, Some("t".into()));
        assert_eq!(to_text(&d), "<?xml version=\"1.0\"?>\n<a>t<b/>y</a>\n");
        replace_leading(&mut d, a, None);
        assert_eq!(to_text(&d), "<?xml version=\"1.0\"?>\n<a><b/>y</a>\n");
    }
}
