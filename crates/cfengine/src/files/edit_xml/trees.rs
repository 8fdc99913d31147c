//! `insert_tree` and `delete_tree` (files_editxml.c's `InsertTreeInFile`,
//! `InsertTreeInNode`, `DeleteTreeInNode`): a tree is in a node when one
//! of its element children holds what the tree holds
//! ([`compare::child_holding`]); a document's root must match a tree
//! inserted without `select_xpath` exactly.

use crate::eval::context::EvalContext;
use crate::eval::message::ErrorKind;

use super::dom::Kind;
use super::dom::NodeId;
use super::{compare, parse};
use super::{Res, XmlEdit};

/// `InsertTreeInFile`: the tree as the root of an empty document.
pub(super) fn insert_in_file(ctx: &mut EvalContext, raw: &str, edit: &mut XmlEdit, res: &mut Res) -> bool {
    let file = edit.filename.clone();
    let place = format!("to be inserted into the XML document '{file}'");
    let Some(tree) = tree_to_insert(ctx, raw, edit, res, (&place, &place)) else { return false };
    let Some(doc) = edit.doc.as_mut() else { return false };
    if let Some(root) = doc.root() {
        if !compare::same(doc, tree, root) {
            ctx.error(ErrorKind::Files, format!(
                "The tree '{raw}' requested to be inserted into the XML document '{file}', however XML document is not empty and tree to be inserted does not match existing content"
            ));
            ctx.notice("Specify select_xpath expression insert into a non-empty XML document");
            *res = res.and(Res::Fail);
        }
        return false;
    }
    if !edit.making_changes(ctx, res, &format!("insert the promised tree '{raw}' into an empty XML document '{file}'"))
    {
        return true;
    }
    if let Some(doc) = edit.doc.as_mut() {
        doc.set_root(tree);
    }
    edit.said(format!("Inserted tree '{raw}' into an empty XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// `InsertTreeInNode`: the tree appended to the selected node, unless a
/// child already holds it.
pub(super) fn insert_in_node(
    ctx: &mut EvalContext,
    raw: &str,
    at: &str,
    node: NodeId,
    edit: &mut XmlEdit,
    res: &mut Res,
) -> bool {
    let file = edit.filename.clone();
    // cf-agent words the two places differently ("the XML document").
    let unparsed = format!("to be inserted at XPath '{at}' in the XML document '{file}'");
    let empty = format!("to be inserted at XPath '{at}' in XML document '{file}'");
    let Some(tree) = tree_to_insert(ctx, raw, edit, res, (&unparsed, &empty)) else { return false };
    let Some(doc) = edit.doc.as_mut() else { return false };
    if compare::child_holding(doc, tree, node).is_some() {
        return false;
    }
    if !edit.making_changes(ctx, res, &format!("insert tree '{raw}' at XPath '{at}' in XML document '{file}'")) {
        return false;
    }
    if let Some(doc) = edit.doc.as_mut() {
        doc.append(node, tree);
    }
    edit.said(format!("Inserted tree '{raw}' at XPath '{at}' in XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// `DeleteTreeInNode`: the first child holding the tree taken out; if
/// another still holds it, cf-agent calls the deletion failed.
pub(super) fn delete_in_node(
    ctx: &mut EvalContext,
    raw: &str,
    at: &str,
    node: NodeId,
    edit: &mut XmlEdit,
    res: &mut Res,
) -> bool {
    let file = edit.filename.clone();
    let tree = match tree_of(ctx, raw, edit) {
        Ok(t) => t,
        Err(NoTree::Unparsed) => {
            ctx.error(
                ErrorKind::Files,
                format!(
                    "Tree to be deleted '{raw}' at XPath '{at}' in XML document '{file}' was not parsed successfully"
                ),
            );
            *res = res.and(Res::Fail);
            return false;
        }
        Err(NoTree::Empty) => return false,
        Err(NoTree::Refused) => {
            *res = res.and(Res::Fail);
            return false;
        }
    };
    let Some(doc) = edit.doc.as_mut() else { return false };
    let Some(found) = compare::child_holding(doc, tree, node) else { return false };
    if !edit.making_changes(ctx, res, &format!("delete tree '{raw}' at XPath '{at}' in XML document '{file}'")) {
        return false;
    }
    let Some(doc) = edit.doc.as_mut() else { return false };
    doc.unlink(found);
    if compare::child_holding(doc, tree, node).is_some() {
        ctx.error(ErrorKind::Files, format!("Failed to delete tree '{raw}' at XPath '{at}' in XML document '{file}'"));
        *res = res.and(Res::Fail);
        return false;
    }
    edit.said(format!("Deleted tree '{raw}' at XPath '{at}' in XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// The tree an insertion promises, or `None` with the failure said in
/// cf-agent's words — `place` says where the tree was to go, as the
/// messages for a tree that does not parse and for an empty one word it.
fn tree_to_insert(
    ctx: &mut EvalContext,
    raw: &str,
    edit: &mut XmlEdit,
    res: &mut Res,
    (unparsed, empty): (&str, &str),
) -> Option<NodeId> {
    let why = match tree_of(ctx, raw, edit) {
        Ok(tree) => return Some(tree),
        Err(why) => why,
    };
    match why {
        NoTree::Unparsed => ctx.error(ErrorKind::Files, format!("Failed to parse the tree '{raw}' ({unparsed})")),
        NoTree::Empty => ctx.error(ErrorKind::Files, format!("The tree '{raw}' ({empty}) is empty")),
        NoTree::Refused => {}
    }
    *res = res.and(Res::Fail);
    None
}

/// Why a promised tree is not there to use.
enum NoTree {
    /// It did not parse (cf-agent says so).
    Unparsed,
    /// It is empty.
    Empty,
    /// confer refused it (and said why).
    Refused,
}

/// The one element of a promised tree, copied into the edited document.
/// A chunk of several nodes, or of text only, is refused.
fn tree_of(ctx: &mut EvalContext, raw: &str, edit: &mut XmlEdit) -> Result<NodeId, NoTree> {
    let chunk = match parse::chunk(raw.as_bytes()) {
        Ok(c) => c,
        Err(parse::ParseError::Malformed(_)) => return Err(NoTree::Unparsed),
        Err(parse::ParseError::Unsupported(why)) => {
            let at = ctx.promise_location();
            ctx.refuse(format!("{why} (tree '{raw}'), {at}"));
            return Err(NoTree::Refused);
        }
    };
    match chunk.top.as_slice() {
        [] => Err(NoTree::Empty),
        [one] if matches!(chunk.node(*one).kind, Kind::Element(_)) => {
            let doc = edit.doc.as_mut().ok_or(NoTree::Unparsed)?;
            Ok(doc.import(&chunk, *one))
        }
        _ => {
            let at = ctx.promise_location();
            ctx.refuse(format!("confer inserts and deletes trees of exactly one element, not '{raw}', {at}"));
            Err(NoTree::Refused)
        }
    }
}
