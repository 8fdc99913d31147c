//! Parameters a declaration gets wrong, against the resource type, defined
//! type or class it declares: attributes it does not have (with "did you
//! mean"), and a defined type's parameters without a default that a
//! declaration leaves out. A class's missing parameters are not reported:
//! Hiera may give them.

use confer_core::types::params::capitalize_segments;
use confer_diagnostic::Diagnostic;
use confer_puppet::ast::{AttributeOp, Expr, ExprKind};
use confer_puppet::resource_types::METAPARAMETERS;

use super::{located, THRESHOLD};
use crate::documents::Document;
use crate::index::{Origin, WorkspaceIndex};
use crate::resolve::{self, Target};
use crate::syntax::names;
use crate::syntax::occurrences::{normalize, Occurrence, Owner};
use crate::syntax::outline::DefKind;
use crate::syntax::walk::{walk, Visitor};

/// A diagnostic for an attribute `o` that the resource type or class
/// `owner` does not have; nothing when the owner is unknown (that is
/// reported on its name) or accepts any attribute.
pub(super) fn unknown(doc: &Document, index: &WorkspaceIndex, o: &Occurrence, owner: &Owner) -> Option<Diagnostic> {
    let (shown, declared): (String, Vec<String>) = match owner {
        Owner::Class(class) => {
            let entry = index.find(&[DefKind::Class], class).into_iter().next()?;
            (
                format!("Class[{}]", capitalize_segments(class)),
                entry.def.params.iter().map(|p| p.name.clone()).collect(),
            )
        }
        Owner::Resource(t) => match resolve::resource_type(index, t)? {
            Target::BuiltinType(info) => {
                if info.accepts(&o.name) {
                    return None;
                }
                (capitalize_segments(t), info.attributes.clone())
            }
            Target::Entries(entries) => {
                let entry = entries[0];
                if entry.origin == Origin::RubyType {
                    let info = entry.type_info.as_ref()?;
                    if info.accepts(&o.name) {
                        return None;
                    }
                    (capitalize_segments(t), info.attributes.clone())
                } else {
                    let mut names: Vec<String> = entry.def.params.iter().map(|p| p.name.clone()).collect();
                    names.extend(["name", "title"].map(String::from));
                    (capitalize_segments(t), names)
                }
            }
            _ => return None,
        },
    };
    if declared.contains(&o.name) || METAPARAMETERS.contains(&o.name.as_str()) {
        return None;
    }
    let message = format!("{shown}: has no parameter named '{}'", o.name);
    let suggestion = confer_diagnostic::suggest::closest(&o.name, declared.iter().map(String::as_str), THRESHOLD);
    Some(located(doc, "puppet::type_mismatch", message, o.span.clone(), suggestion.map(String::from)))
}

/// Declarations of defined types in `doc` that leave out a parameter
/// without a default. Nothing is said of a declaration that passes a hash
/// of attributes (`* => $h`), nor of a type the document gives resource
/// defaults (`Type { x => 1 }`), which may supply the value; a `default:`
/// body's attributes count for the declaration's other bodies.
pub(super) fn missing(doc: &Document, index: &WorkspaceIndex) -> Vec<Diagnostic> {
    let Some(program) = &doc.program else { return Vec::new() };
    let mut resources = Resources { found: Vec::new(), defaulted: Vec::new() };
    walk(&program.body, &mut resources);
    let mut found = Vec::new();
    for (type_name, e) in resources.found.iter().filter(|(t, _)| !resources.defaulted.contains(t)) {
        let Some(define) = index.find(&[DefKind::Define], type_name).into_iter().next() else { continue };
        let ExprKind::Resource { bodies, .. } = &e.kind else { continue };
        // A `default:` body gives its attributes to the others.
        let (defaults, bodies): (Vec<_>, Vec<_>) =
            bodies.iter().partition(|b| matches!(b.title.kind, ExprKind::Default));
        let default_ops = || defaults.iter().flat_map(|d| &d.ops);
        let sets = |op: &AttributeOp, name: &str| matches!(op, AttributeOp::Set { name: n, .. } if n == name);
        for body in bodies {
            if body.ops.iter().chain(default_ops()).any(|op| matches!(op, AttributeOp::Splat { .. })) {
                continue;
            }
            let given = |name: &str| body.ops.iter().chain(default_ops()).any(|op| sets(op, name));
            let title = names::literal_name(doc.text(), &body.title)
                .map_or_else(|| crate::syntax::outline::text_of(doc.text(), &body.title), |(t, _)| t);
            for p in define.def.params.iter().filter(|p| p.default_text.is_none() && !given(&p.name)) {
                let message =
                    format!("{}[{title}]: expects a value for parameter '{}'", capitalize_segments(type_name), p.name);
                let span = body.title.span.start as usize..body.title.span.end as usize;
                found.push(located(doc, "puppet::type_mismatch", message, span, None));
            }
        }
    }
    found
}

/// The resource declarations of a manifest by type, and the types it
/// gives defaults.
struct Resources<'a> {
    found: Vec<(String, &'a Expr)>,
    defaulted: Vec<String>,
}

impl<'a> Visitor<'a> for Resources<'a> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        match &e.kind {
            ExprKind::Resource { type_name, .. } => {
                if let ExprKind::BareWord(t) = &type_name.kind {
                    self.found.push((normalize(t), e));
                }
            }
            ExprKind::ResourceDefaults { type_ref, .. } => {
                if let ExprKind::TypeRef(t) = &type_ref.kind {
                    self.defaulted.push(normalize(t));
                }
            }
            _ => {}
        }
        true
    }
}
