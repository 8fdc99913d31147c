//! How cf-agent decides whether a tree is already in a document
//! (files_editxml.c's `XmlNodesCompare`, `XmlNodesSubset` and their
//! helpers): by local name, by attributes (name and value, in any order),
//! by the text of the first child only, and by element children, each of
//! which must match one of the other node's exactly. Recursion follows the
//! promised tree, whose depth the parser bounds.

use super::dom::{Doc, NodeId};

/// `XmlNodesCompare`: `a` and `b` hold the same content.
pub(crate) fn same(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    same_tag(doc, a, b) && same_attributes(doc, a, b) && same_text(doc, a, b) && same_children(doc, a, b)
}

/// `XmlNodesSubset`: `b` holds what `a` holds (its text may hold more).
pub(crate) fn subset(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    same_tag(doc, a, b) && attributes_within(doc, a, b) && text_within(doc, a, b) && children_within(doc, a, b)
}

/// `XmlVerifyNodeInNodeSubset`: the first element child of `parent` that
/// holds what `tree` holds.
pub(crate) fn child_holding(doc: &Doc, tree: NodeId, parent: NodeId) -> Option<NodeId> {
    doc.element_children(parent).find(|&c| subset(doc, tree, c))
}

/// `XmlVerifyNodeInNodeExact`: an element child of `parent` like `node`.
fn has_child_like(doc: &Doc, node: NodeId, parent: NodeId) -> bool {
    doc.element_children(parent).any(|c| same(doc, node, c))
}

fn same_tag(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    match (doc.element(a), doc.element(b)) {
        (Some(x), Some(y)) => x.name == y.name,
        _ => false,
    }
}

/// `XmlVerifyAttributeInNode`: `node` has an attribute `name` (the first
/// of that local name) whose value is `value`.
pub(crate) fn has_attribute(doc: &Doc, node: NodeId, name: &str, value: &str) -> bool {
    let Some(e) = doc.element(node) else { return false };
    doc.has_prop(node, name).is_some_and(|i| e.attrs[i].value == value)
}

/// `XmlNodesCompareAttributes`.
fn same_attributes(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    let (Some(x), Some(y)) = (doc.element(a), doc.element(b)) else { return false };
    if x.attrs.len() != y.attrs.len() {
        return false;
    }
    x.attrs.iter().all(|at| has_attribute(doc, b, &at.name, &at.value))
}

/// `XmlNodesSubsetOfAttributes`.
fn attributes_within(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    let (Some(x), Some(y)) = (doc.element(a), doc.element(b)) else { return false };
    if x.attrs.is_empty() && y.attrs.is_empty() {
        return true;
    }
    if y.attrs.is_empty() {
        return false;
    }
    x.attrs.iter().all(|at| has_attribute(doc, b, &at.name, &at.value))
}

/// `XmlNodesCompareText`: the first children's text is the same.
fn same_text(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    match (doc.first_child_content(a), doc.first_child_content(b)) {
        (None, None) => true,
        (x, Some(y)) => x.is_some_and(|x| x == y),
        (Some(_), None) => false,
    }
}

/// `XmlNodesSubstringOfText`: `a`'s first child's text is in `b`'s.
fn text_within(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    let Some(x) = doc.first_child_content(a) else { return true };
    doc.first_child_content(b).is_some_and(|y| y.contains(&x))
}

/// `XmlNodesCompareNodes`.
fn same_children(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    doc.element_children(a).count() == doc.element_children(b).count() && children_within(doc, a, b)
}

/// `XmlNodesSubsetOfNodes`.
fn children_within(doc: &Doc, a: NodeId, b: NodeId) -> bool {
    doc.element_children(a).all(|c| has_child_like(doc, c, b))
}

#[cfg(test)]
mod tests {
    use super::super::parse::document;
    use super::*;

    fn two(a: &str, b: &str) -> (Doc, NodeId, NodeId) {
        let d = document(format!("<r>{a}{b}</r>").as_bytes()).unwrap();
        let kids: Vec<_> = d.element_children(d.root().unwrap()).collect();
        (d, kids[0], kids[1])
    }

    #[test]
    fn same_needs_tag_attributes_first_text_and_children() {
        let (d, a, b) = two("<x k='1' j='2'>t<y/></x>", "<x j='2' k='1'>t<y/></x>");
        assert!(same(&d, a, b));
        let (d, a, b) = two("<x>t</x>", "<x>u</x>");
        assert!(!same(&d, a, b));
        let (d, a, b) = two("<x><y/></x>", "<x><y/><z/></x>");
        assert!(!same(&d, a, b));
    }

    #[test]
    fn subset_allows_more_in_the_document() {
        let (d, a, b) = two("<b>old</b>", "<b k='v'>very old</b>");
        assert!(subset(&d, a, b));
        let (d, a, b) = two("<b>old</b>", "<b>very old<c/></b>");
        assert!(subset(&d, a, b));
        let (d, a, b) = two("<b k='v'/>", "<b>x</b>");
        assert!(!subset(&d, a, b));
    }
}
