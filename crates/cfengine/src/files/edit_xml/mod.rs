//! `edit_xml` bundles in `files` promises, as cf-agent 3.21 carries them
//! out (files_editxml.c, and files_edit.c's `NewEditContext` and
//! `FinishEditContext`): the file is loaded as libxml2 would load it, the
//! bundle's promises run over three passes in `EDITXMLTYPESEQUENCE`
//! order, and the document is saved, as `xmlSaveFile` writes it, only when
//! its text differs from the file's. One file per concern: `dom` (the
//! tree), `parse` (text to tree), `serialize` (tree to text),
//! `xpath_syntax` and `xpath` (`select_xpath`), `build` (cf-agent's own
//! reading of `build_xpath`), `compare` (whether a tree is there),
//! `promises`, `trees` and `text` (the promise types).

mod build;
mod compare;
mod dom;
mod parse;
mod promises;
mod serialize;
mod text;
mod trees;
mod xpath;
mod xpath_syntax;

use crate::eval::message::ErrorKind;
use std::sync::Arc;

use crate::data::value::Rv;
use crate::eval::body_attributes::{evaluated as body, scalar};
use crate::eval::context::EvalContext;
use crate::eval::promise::Expanded;
use crate::syntax::ast::{Bundle, Promise};

use super::edit_line::Said;
use super::edit_passes::{run_passes, EditCall};
use super::outcome::Outcome;
use super::Target;

/// The order promise types run in within a pass (`EDITXMLTYPESEQUENCE`).
const SEQUENCE: &[&str] = &[
    "vars",
    "classes",
    "build_xpath",
    "delete_tree",
    "insert_tree",
    "delete_attribute",
    "set_attribute",
    "delete_text",
    "set_text",
    "insert_text",
    "reports",
];

/// `EDITFILESIZE`: the largest file edited when `edit_defaults` gives no
/// `max_file_size`.
const EDIT_FILE_SIZE: u64 = 100_000;

/// Largest file confer reads as XML even when `max_file_size` is 0.
const MAX_XML_BYTES: u64 = 256 << 20;

/// A promise's result, combined as `PromiseResultUpdate` does: a failure
/// outweighs a warning, a warning a change, a change nothing done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Res {
    NoOp,
    Change,
    Warn,
    Fail,
}

impl Res {
    /// The result of both.
    fn and(self, other: Res) -> Res {
        self.max(other)
    }

    /// What `classes` bodies see.
    fn outcome(self) -> Outcome {
        match self {
            Res::NoOp => Outcome::Kept,
            Res::Change => Outcome::Repaired,
            Res::Warn => Outcome::Warned,
            Res::Fail => Outcome::Failed,
        }
    }
}

/// The document being edited (cf-agent's `EditContext` for XML).
pub(crate) struct XmlEdit {
    /// The document, or `None` when the file did not parse (every promise
    /// then fails, as in cf-agent).
    doc: Option<dom::Doc>,
    /// The file as the policy names it.
    filename: String,
    /// How many edits were made (`num_edits`).
    edits: usize,
    /// What the edits said, held until the file is saved.
    said: Vec<Said>,
    /// Only say what would change (`MakingChanges`).
    warn_only: Option<super::OnlySay>,
}

impl XmlEdit {
    /// Holds a message for when the file is saved.
    fn said(&mut self, text: String, change: bool) {
        self.said.push(Said { text, change });
    }

    /// `MakingChanges`: whether the edit may be made; under a warn-only
    /// policy it says what it would do and the result is a warning.
    fn making_changes(&self, ctx: &mut EvalContext, res: &mut Res, what: &str) -> bool {
        if let Some(why) = self.warn_only {
            ctx.warning(why.message(what));
            *res = res.and(Res::Warn);
        }
        self.warn_only.is_none()
    }
}

/// `ScheduleEditOperation` for `edit_xml`: the file loaded, the bundle run
/// on it, the document saved when its text changed.
pub(super) fn edit_file(ctx: &mut EvalContext, exp: &Expanded, edit: &Rv, t: &Target) -> Outcome {
    let defaults = body(ctx, "edit_defaults", exp.get("edit_defaults"));
    let empty_first = matches!(scalar(&defaults, "empty_file_before_editing"), Some("true" | "yes" | "on"));
    let max_size = scalar(&defaults, "max_file_size").and_then(|s| s.parse::<u64>().ok()).unwrap_or(EDIT_FILE_SIZE);
    let backup = super::keeps_backup(&defaults);
    let (name, args) = match edit {
        Rv::FnCall(f) => (ctx.expand(&f.name), crate::eval::bundle_stack::eval_args(ctx, &f.args)),
        Rv::Scalar(s) => (s.to_string(), vec![]),
        _ => return Outcome::Failed,
    };
    let Some(bundle) = crate::eval::bundle_stack::find_bundle_of(ctx, "edit_xml", &name) else {
        ctx.error(ErrorKind::Files, format!("Could not find the edit_xml bundle '{name}', {}", ctx.promise_location()));
        return Outcome::Failed;
    };
    let file = exp.promiser.clone();
    let doc = match load(ctx, t, &file, max_size, empty_first) {
        Loaded::Doc(d) => Some(d),
        Loaded::Unparsed => None,
        Loaded::Failed => {
            ctx.error(ErrorKind::Files, format!("File '{file}' was marked for editing but could not be opened"));
            return Outcome::Failed;
        }
    };
    let mut xml = XmlEdit { doc, filename: file.clone(), edits: 0, said: vec![], warn_only: t.warn_only };
    run(ctx, &bundle, args, &mut xml);
    let (Some(doc), true) = (&xml.doc, xml.edits > 0) else { return Outcome::Kept };
    let new = serialize::to_text(doc);
    // `XmlCompareToFile`: the file as libxml2 would write it back.
    let old = match std::fs::read(&t.real) {
        Ok(bytes) if bytes.is_empty() => Some(serialize::to_text(&dom::Doc::new())),
        Ok(bytes) => parse::document(&bytes).ok().map(|d| serialize::to_text(&d)),
        Err(_) => None,
    };
    if old.as_deref() == Some(new.as_str()) {
        return Outcome::Kept;
    }
    if !t.may(ctx, &format!("edit file '{}'", t.promiser)) {
        return Outcome::Warned;
    }
    let saved = super::save(&t.real, new.as_bytes(), backup);
    if saved.is_ok() {
        for said in xml.said {
            if said.change {
                ctx.record_change(said.text);
            } else {
                ctx.info(said.text);
            }
        }
    }
    super::record(ctx, saved, format!("Edited xml file '{file}'"), format!("Failed to edit XML file '{file}'"))
}

/// The read path of an XML file, for the fuzzer: `text` parsed as a file
/// cf-agent edits, written back, and `xpath` evaluated on it. Gives the
/// written text and how many nodes the XPath selected (`None` for a text
/// or XPath refused); the written text reads back to itself.
pub fn read_and_select(text: &[u8], xpath: &str) -> Option<(String, Option<usize>)> {
    let doc = parse::document(text).ok()?;
    let written = serialize::to_text(&doc);
    let again = parse::document(written.as_bytes()).map(|d| serialize::to_text(&d));
    assert_eq!(again.as_deref(), Ok(written.as_str()), "a written document reads back to itself");
    let selected = xpath::select(&doc, xpath).ok().map(|n| n.len());
    Some((written, selected))
}

/// What loading a file gave.
enum Loaded {
    Doc(dom::Doc),
    /// It is no XML libxml2 reads (said): the bundle runs without a document.
    Unparsed,
    /// It could not be opened for editing (said).
    Failed,
}

/// `LoadFileAsXmlDoc`: an empty document for an empty file (or one to be
/// emptied first), else the file parsed.
fn load(ctx: &mut EvalContext, t: &Target, file: &str, max_size: u64, empty_first: bool) -> Loaded {
    let meta = match std::fs::metadata(&t.real) {
        Ok(m) => m,
        Err(e) => {
            let why = crate::os_error::describe(&e);
            ctx.error(ErrorKind::Files, format!("The proposed file '{file}' could not be loaded. (stat: {why})"));
            return Loaded::Failed;
        }
    };
    if max_size != 0 && meta.len() > max_size {
        ctx.info(format!(
            "File '{file}' is bigger than the edit limit. max_file_size = '{}' > '{max_size}' bytes",
            meta.len()
        ));
        return Loaded::Failed;
    }
    if !meta.is_file() {
        ctx.info(format!("'{file}' is not a plain file"));
        return Loaded::Failed;
    }
    if empty_first || meta.len() == 0 {
        return Loaded::Doc(dom::Doc::new());
    }
    if meta.len() > MAX_XML_BYTES {
        let at = ctx.promise_location();
        ctx.refuse(format!("confer does not edit XML files over {MAX_XML_BYTES} bytes, {at}"));
        return Loaded::Failed;
    }
    let bytes = match std::fs::read(&t.real) {
        Ok(b) => b,
        Err(e) => {
            let why = crate::os_error::describe(&e);
            ctx.error(ErrorKind::Files, format!("The proposed file '{file}' could not be loaded. ({why})"));
            return Loaded::Failed;
        }
    };
    match parse::document(&bytes) {
        Ok(d) => Loaded::Doc(d),
        Err(parse::ParseError::Malformed(why)) => {
            ctx.error(ErrorKind::Files, format!("Document '{file}' not parsed successfully: {why}"));
            Loaded::Unparsed
        }
        Err(parse::ParseError::Unsupported(why)) => {
            let at = ctx.promise_location();
            ctx.refuse(format!("{why} ('{file}'), {at}"));
            Loaded::Failed
        }
    }
}

/// `ScheduleEditXmlOperations`: the bundle's promises, three passes.
fn run(ctx: &mut EvalContext, bundle: &Arc<Bundle>, args: Vec<Rv>, edit: &mut XmlEdit) {
    let filename = edit.filename.clone();
    let call = EditCall { bundle, args, filename: &filename, inherit: false, sequence: SEQUENCE };
    run_passes(ctx, call, &mut |ctx, pp, exp, ptype| keep(ctx, pp, exp, ptype, edit));
}

/// `KeepEditXmlPromise`.
fn keep(ctx: &mut EvalContext, pp: &Promise, exp: &Expanded, ptype: &str, edit: &mut XmlEdit) {
    match ptype {
        "vars" | "classes" | "reports" => {
            crate::eval::common_promises::keep(ctx, pp, exp, ptype, true);
        }
        _ => {
            if let Some(res) = promises::keep(ctx, ptype, exp, edit) {
                res.outcome().set_classes(ctx, exp);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Res;

    #[test]
    fn results_combine_as_promise_result_update() {
        assert_eq!(Res::NoOp.and(Res::Change), Res::Change);
        assert_eq!(Res::Change.and(Res::Warn), Res::Warn);
        assert_eq!(Res::Fail.and(Res::Change), Res::Fail);
        assert_eq!(Res::Warn.and(Res::NoOp), Res::Warn);
    }
}
