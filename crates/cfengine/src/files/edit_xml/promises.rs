//! The promise types of `edit_xml` bundles, as files_editxml.c keeps them
//! (`VerifyXPathBuild`, `VerifyTreeDeletions`, ... and the `*InNode`
//! functions below them): the same checks in the same order, the same
//! words. A failure is said at once (`RecordFailure`, an `error:` line); a
//! change (`RecordChange`) and the "repaired" line are held with the edit
//! and said only if the file is saved, as cf-agent buffers its `info:`
//! lines until then.

use crate::data::value::Rv;
use crate::eval::context::EvalContext;
use crate::eval::message::ErrorKind;
use crate::eval::promise::Expanded;

use super::dom::{Doc, NodeId};
use super::xpath::{select, XNode};
use super::xpath_syntax::XPathError;
use super::{build, compare, Res, XmlEdit};

/// One promise being kept: its attributes and where messages go.
struct Keep<'a> {
    promiser: &'a str,
    ptype: &'a str,
    select: Option<String>,
    build: Option<String>,
    value: Option<String>,
}

impl<'a> Keep<'a> {
    fn of(ptype: &'a str, exp: &'a Expanded) -> Keep<'a> {
        let attr = |l: &str| exp.get(l).and_then(Rv::as_scalar).map(str::to_string);
        Keep {
            promiser: &exp.promiser,
            ptype,
            select: attr("select_xpath"),
            build: attr("build_xpath"),
            value: attr("attribute_value"),
        }
    }

    /// `select_xpath` as cf-agent prints it (`(null)` when absent).
    fn at(&self) -> &str {
        self.select.as_deref().unwrap_or("(null)")
    }
}

/// `KeepEditXmlPromise` for an edit promise: its result, or `None` when
/// its lock was already taken this run (cf-agent then records nothing).
pub(super) fn keep(ctx: &mut EvalContext, ptype: &str, exp: &Expanded, edit: &mut XmlEdit) -> Option<Res> {
    let k = Keep::of(ptype, exp);
    if k.promiser.contains(':') && matches!(ptype, "set_attribute" | "delete_attribute") {
        let at = ctx.promise_location();
        ctx.refuse(format!(
            "confer does not {} attributes with a namespace prefix ('{}'), {at}",
            &ptype[..3],
            k.promiser
        ));
        return Some(Res::Fail);
    }
    if ptype == "build_xpath" {
        let mut res = Res::NoOp;
        let locked = !build_xpath(ctx, &k, edit, &mut res) && res == Res::NoOp;
        if locked {
            return None;
        }
        outcome_line(ctx, &k, edit, res);
        return Some(res);
    }
    let (check, needs_select) = match ptype {
        "delete_tree" => {
            ("The promised tree deletion '{}' is inconsistent", "Tree deletion requires select_xpath to be specified")
        }
        "insert_tree" => ("The promised tree insertion '{}' breaks its own promises", ""),
        "delete_attribute" => (
            "The promised attribute deletion '{}', is inconsistent",
            "Attribute deletion requires select_xpath to be specified",
        ),
        "set_attribute" => (
            "The promised attribute set '{}', breaks its own promises",
            "Attribute insertion requires select_xpath to be specified",
        ),
        "delete_text" => {
            ("The promised text deletion '{}' is inconsistent", "Tree insertion requires select_xpath to be specified")
        }
        "set_text" => (
            "The promised text set '{}' breaks its own promises",
            "Tree insertion requires select_xpath to be specified",
        ),
        _ => (
            "The promised text insertion '{}' breaks its own promises",
            "Tree insertion requires select_xpath to be specified",
        ),
    };
    // The sanity checks (`SanityCheck*`).
    let sane = if ptype == "insert_tree" {
        let empty = edit.doc.as_ref().is_none_or(|d| d.root().is_none());
        if k.select.is_some() && k.build.is_none() && empty {
            ctx.error(ErrorKind::Files, "Tree insertion into an empty file, using select_xpath, does not make sense");
            false
        } else if k.select.is_none() && k.build.is_some() {
            ctx.error(
                ErrorKind::Files,
                "Tree insertion requires select_xpath to be specified, unless inserting into an empty file",
            );
            false
        } else {
            k.select.as_deref().is_none_or(build::convergent)
        }
    } else if k.select.is_none() {
        ctx.error(ErrorKind::Files, needs_select);
        false
    } else {
        k.select.as_deref().is_some_and(build::convergent)
    };
    if !sane {
        ctx.error(ErrorKind::Files, check.replace("{}", k.promiser));
        return Some(Res::Fail);
    }
    let mut res = Res::NoOp;
    if k.build.is_some() && !build_xpath(ctx, &k, edit, &mut res) {
        let failed = match ptype {
            "delete_tree" => return Some(res),
            "insert_tree" => format!("Failed to build XPath for tree insertion '{}'", k.promiser),
            "delete_attribute" => format!("Failed to build XPath for attribute deletion '{}'", k.promiser),
            "set_attribute" => format!("Failed to build XPath for setting attribute '{}'", k.promiser),
            "delete_text" => format!("Failed to build XPath for text deletion in '{}'", edit.filename),
            "set_text" => format!("Failed to build XPath for changing text in '{}'", k.promiser),
            _ => format!("Failed to build XPath for text insertion into '{}'", edit.filename),
        };
        ctx.error(ErrorKind::Files, failed);
        return Some(Res::Fail);
    }
    if edit.doc.is_none() {
        let file = &edit.filename;
        ctx.error(
            ErrorKind::Files,
            if ptype == "delete_tree" {
                "Unable to load XML document".to_string()
            } else {
                format!("Unable to load XML document '{file}'")
            },
        );
        return Some(Res::Fail);
    }
    let node = match &k.select {
        Some(xpath) => match select_node(ctx, edit, xpath, &mut res) {
            Some(n) => Some(n),
            None => {
                let (xpath, file) = (xpath.as_str(), edit.filename.as_str());
                ctx.error(ErrorKind::Files, match ptype {
                    "delete_tree" => format!("The promised XPath pattern '{xpath}', was NOT successful when selecting an edit node, in XML document '{file})"),
                    "insert_tree" => format!("Failed to select edit node in the XML document '{file}' using the XPath '{xpath}'"),
                    "delete_attribute" => format!("The promised XPath pattern '{xpath}', was NOT successful when selecting an edit node, in XML document '{file}'"),
                    "set_attribute" => format!("No node to edit selected by XPath '{xpath}' in the XML document '{file}'"),
                    "set_text" => format!("No node selected by XPath '{xpath}' in the XML document '{file}'"),
                    _ => format!("No node selected by XPath '{xpath}' in XML document '{file}'"),
                });
                return Some(Res::Fail);
            }
        },
        None => None,
    };
    let lock = format!("{}-{}-{}", ptype.replace('_', ""), k.promiser, edit.filename);
    if !ctx.agent.locks.insert(lock) {
        return None;
    }
    let done = match (ptype, node) {
        ("insert_tree", None) => super::trees::insert_in_file(ctx, k.promiser, edit, &mut res),
        ("insert_tree", Some(n)) => super::trees::insert_in_node(ctx, k.promiser, k.at(), n, edit, &mut res),
        ("delete_tree", Some(n)) => super::trees::delete_in_node(ctx, k.promiser, k.at(), n, edit, &mut res),
        ("delete_attribute", Some(n)) => delete_attribute(ctx, &k, n, edit, &mut res),
        ("set_attribute", Some(n)) => set_attribute(ctx, &k, n, edit, &mut res),
        (_, Some(n)) => super::text::edit_text(ctx, ptype, k.promiser, k.at(), n, edit, &mut res),
        (_, None) => false,
    };
    if done {
        edit.edits += 1;
    }
    outcome_line(ctx, &k, edit, res);
    Some(res)
}

/// The line `KeepEditXmlPromise` and the `Verify*` functions end with.
fn outcome_line(ctx: &mut EvalContext, k: &Keep, edit: &mut XmlEdit, res: Res) {
    let (ptype, promiser) = (k.ptype, k.promiser);
    match res {
        Res::NoOp => {}
        Res::Change => edit.said(format!("{ptype} promise '{promiser}' repaired"), false),
        Res::Warn => ctx.warning(format!("Warnings encountered when actuating {ptype} promise '{promiser}'")),
        Res::Fail => {
            ctx.error(ErrorKind::Files, format!("Errors encountered when actuating {ptype} promise '{promiser}'"))
        }
    }
}

/// `XmlSelectNode`: the one element the XPath selects; failures said.
pub(super) fn select_node(ctx: &mut EvalContext, edit: &XmlEdit, xpath: &str, res: &mut Res) -> Option<NodeId> {
    if !build::convergent(xpath) {
        ctx.error(ErrorKind::Files, format!("select_xpath expression '{xpath}', is NOT convergent"));
        *res = res.and(Res::Fail);
        return None;
    }
    let doc = edit.doc.as_ref()?;
    let nodes = match select(doc, xpath) {
        Ok(n) => n,
        Err(XPathError::Invalid(_)) => {
            ctx.error(ErrorKind::Files, format!("Unable to evaluate XPath expression '{xpath}'"));
            *res = res.and(Res::Fail);
            return None;
        }
        Err(XPathError::Unsupported(why)) => {
            let at = ctx.promise_location();
            ctx.refuse(format!("{why} (XPath '{xpath}'), {at}"));
            *res = res.and(Res::Fail);
            return None;
        }
    };
    if nodes.len() > 1 {
        ctx.error(ErrorKind::Files, format!(
            "Current select_xpath expression '{xpath}' returns {} edit nodes in XML document '{}', unique edit node required",
            nodes.len(),
            edit.filename
        ));
        *res = res.and(Res::Fail);
        return None;
    }
    let element = nodes.iter().find_map(|n| match n {
        XNode::Node(id) if doc.element(*id).is_some() => Some(*id),
        _ => None,
    });
    if element.is_none() && !nodes.is_empty() {
        ctx.error(
            ErrorKind::Files,
            format!(
                "The promised XPath pattern '{xpath}' was NOT found when selecting an edit node in XML document '{}'",
                edit.filename
            ),
        );
        *res = res.and(Res::Fail);
    }
    element
}

/// `VerifyXPathBuild`: whether the path was built (or its lock was taken).
fn build_xpath(ctx: &mut EvalContext, k: &Keep, edit: &mut XmlEdit, res: &mut Res) -> bool {
    let raw = k.build.clone().unwrap_or_else(|| k.promiser.to_string());
    let sane = if k.ptype == "build_xpath" && k.build.is_some() {
        ctx.error(ErrorKind::Files, "Attribute: build_xpath is not allowed within bundle: build_xpath");
        false
    } else if k.select.is_some() && k.build.is_none() {
        ctx.error(ErrorKind::Files, "XPath build does not require select_xpath to be specified");
        false
    } else if !build::convergent(&raw) {
        ctx.error(ErrorKind::Files, format!("Promiser expression ({raw}) is not convergent"));
        *res = res.and(Res::Fail);
        false
    } else if !build::buildable(&raw) {
        ctx.error(ErrorKind::Files, format!("Promiser expression '{raw}' contains syntax that is not supported for xpath_build. Please refer to users manual for supported syntax specifications."));
        *res = res.and(Res::Fail);
        false
    } else {
        true
    };
    if !sane {
        ctx.error(ErrorKind::Files, format!("The promised XPath build '{raw}' breaks its own promises"));
        *res = res.and(Res::Fail);
        return false;
    }
    let Some(doc) = edit.doc.as_ref() else {
        ctx.error(ErrorKind::Files, format!("Unable to load XML document '{}'", edit.filename));
        *res = res.and(Res::Fail);
        return false;
    };
    let lock = format!("buildxpath-{}-{}", k.promiser, edit.filename);
    if !ctx.agent.locks.insert(lock) {
        return false;
    }
    let built =
        if doc.root().is_none() { build_in_file(ctx, &raw, edit, res) } else { build_in_node(ctx, &raw, edit, res) };
    if built {
        edit.edits += 1;
    }
    true
}

/// A node cf-agent could not make of a path's segment.
fn not_extracted(ctx: &mut EvalContext, segment: &str, res: &mut Res) {
    ctx.error(ErrorKind::Files, format!("Could not extract node '{segment}'"));
    *res = res.and(Res::Fail);
}

/// `BuildXPathInFile`: the path's elements as the document's root and
/// its descendants.
fn build_in_file(ctx: &mut EvalContext, raw: &str, edit: &mut XmlEdit, res: &mut Res) -> bool {
    let file = edit.filename.clone();
    let Some(doc) = edit.doc.as_mut() else { return false };
    let mut node = match build::head_node(doc, raw) {
        Ok(n) => n,
        Err(segment) => {
            not_extracted(ctx, &segment, res);
            ctx.error(
                ErrorKind::Files,
                format!(
                "Unable to extract root node from XPath '{raw}', to be inserted into an empty XML document '{file}'"
            ),
            );
            return false;
        }
    };
    if !edit.making_changes(ctx, res, &format!("build XPath '{raw}' into an empty XML document '{file}'")) {
        return false;
    }
    let Some(doc) = edit.doc.as_mut() else { return false };
    doc.set_root(node);
    let mut rest = build::remove_head(raw);
    while !rest.is_empty() {
        match build::head_node(doc, &rest) {
            Ok(head) => {
                doc.append(node, head);
                node = head;
                rest = build::remove_head(&rest);
            }
            Err(segment) => {
                not_extracted(ctx, &segment, res);
                break;
            }
        }
    }
    edit.said(format!("Built XPath '{raw}' into an empty XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// `BuildXPathInNode`: the part of the path the document lacks, built
/// from its end until a prefix of it selects a node, and hung there (or
/// under the root).
fn build_in_node(ctx: &mut EvalContext, raw: &str, edit: &mut XmlEdit, res: &mut Res) -> bool {
    let file = edit.filename.clone();
    let mut rest = raw.to_string();
    let (mut at, mut tail): (Option<NodeId>, Option<NodeId>) = (None, None);
    while !rest.is_empty() {
        if let Some(n) = select_node(ctx, edit, &rest, res) {
            at = Some(n);
            break;
        }
        let Some(doc) = edit.doc.as_mut() else { return false };
        let head = if build::has_more(&rest) {
            let made = build::tail_node(doc, &rest);
            rest = build::remove_tail(&rest);
            made
        } else {
            let made = build::head_node(doc, &rest);
            rest = build::remove_head(&rest);
            made
        };
        let head = head.map_err(|segment| not_extracted(ctx, &segment, res)).ok();
        if let (Some(h), Some(t), Some(doc)) = (head, tail, edit.doc.as_mut()) {
            doc.append(h, t);
        }
        tail = head;
    }
    if !edit.making_changes(ctx, res, &format!("build XPath '{raw}' in XML document '{file}'")) {
        return false;
    }
    let Some(doc) = edit.doc.as_mut() else { return false };
    if let Some(parent) = at.or_else(|| doc.root()) {
        if let Some(t) = tail {
            doc.append(parent, t);
        }
    }
    edit.said(format!("Built XPath '{raw}' in XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// `DeleteAttributeInNode`.
fn delete_attribute(ctx: &mut EvalContext, k: &Keep, node: NodeId, edit: &mut XmlEdit, res: &mut Res) -> bool {
    let (name, at, file) = (k.promiser, k.at(), edit.filename.clone());
    let doc: &Doc = edit.doc.as_ref().expect("a selected node has its document");
    let Some(i) = doc.has_prop(node, name) else { return false };
    if !edit.making_changes(
        ctx,
        res,
        &format!("delete the attribute '{name}' at XPath '{at}' in the XML document '{file}'"),
    ) {
        return false;
    }
    if let Some(e) = edit.doc.as_mut().and_then(|d| d.element_mut(node)) {
        e.attrs.remove(i);
    }
    if edit.doc.as_ref().is_some_and(|d| d.has_prop(node, name).is_some()) {
        ctx.error(
            ErrorKind::Files,
            format!("Failed to delete the attribute '{name}' at XPath '{at}' in the XML document '{file}'."),
        );
        *res = res.and(Res::Fail);
        return false;
    }
    edit.said(format!("Deleted attribute '{name}' at XPath '{at}' in the XML document '{file}'"), true);
    *res = res.and(Res::Change);
    true
}

/// `SetAttributeInNode`.
fn set_attribute(ctx: &mut EvalContext, k: &Keep, node: NodeId, edit: &mut XmlEdit, res: &mut Res) -> bool {
    let (name, at, file) = (k.promiser, k.at(), edit.filename.clone());
    let Some(value) = k.value.as_deref() else {
        ctx.error(ErrorKind::Files, format!(
            "Failed to load the value of the attribute '{name}' (to be set at XPath '{at}' in XML document '{file}')into a buffer"
        ));
        *res = res.and(Res::Fail);
        return false;
    };
    let doc: &Doc = edit.doc.as_ref().expect("a selected node has its document");
    if compare::has_attribute(doc, node, name, value) {
        return false;
    }
    let what = format!("set attribute with name '{name}' to value '{value}' at XPath '{at}' in XML document '{file}'");
    if !edit.making_changes(ctx, res, &what) {
        return false;
    }
    let Some(doc) = edit.doc.as_mut() else { return false };
    doc.set_prop(node, name, value);
    if !compare::has_attribute(doc, node, name, value) {
        ctx.error(ErrorKind::Files, format!("Failed to set the attribute with name '{name}' to value '{value}' at XPath '{at}' in XML document '{file}'"));
        *res = res.and(Res::Fail);
        return false;
    }
    edit.said(
        format!("Set attribute with name '{name}' to value '{value}' at XPath '{at}' in XML document '{file}'"),
        true,
    );
    *res = res.and(Res::Change);
    true
}
