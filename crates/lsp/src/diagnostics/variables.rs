//! Variables a class, defined type, function or node reads that nothing
//! defines, which a compile with `--strict_variables` rejects. Puppet's
//! scopes reach past the manifest (top scope, node scope, an ENC's
//! parameters), so the rule is conservative: a name counts as defined
//! when the definition assigns it anywhere (or a lambda in it takes it),
//! when the manifest assigns it at top scope,
//! when it is a parameter of the definition or of a class it inherits,
//! one of Puppet's own variables, or a fact of the facts file. Without a
//! facts file, where a legacy fact (`$osfamily`) cannot be told from a
//! mistake, only qualified names are checked: `$class::x` of a class the
//! index knows that neither takes nor assigns `x`.

use std::collections::HashSet;

use confer_core::Value;
use confer_diagnostic::{Diagnostic, Label};
use confer_puppet::ast::{Expr, ExprKind, Lambda, Parameter};

use crate::documents::Document;
use crate::index::WorkspaceIndex;
use crate::syntax::outline::DefKind;
use crate::syntax::walk::{walk, Visitor};

/// The code of an undefined variable.
const CODE: &str = "puppet::undefined_variable";

/// The variables Puppet itself sets in every scope or at top scope.
const BUILTIN: &[&str] = &[
    "facts",
    "trusted",
    "server_facts",
    "title",
    "name",
    "module_name",
    "caller_module_name",
    "environment",
    "clientcert",
    "clientversion",
    "clientnoop",
    "agent_specified_environment",
    "servername",
    "serverip",
    "serverversion",
];

/// How many classes up an `inherits` chain is followed.
const MAX_PARENTS: usize = 16;

/// Warnings for the undefined variables of `doc`'s definitions; `facts`
/// are the facts file's, whose names are top-scope variables.
pub(super) fn undefined(doc: &Document, index: &WorkspaceIndex, facts: Option<&Value>) -> Vec<Diagnostic> {
    let Some(program) = &doc.program else { return Vec::new() };
    let mut definitions = Definitions(Vec::new());
    walk(&program.body, &mut definitions);
    let fact_names: Option<HashSet<String>> = facts.map(|f| match f {
        Value::Hash(map) => map.keys().filter_map(|k| k.as_str().map(String::from)).collect(),
        _ => HashSet::new(),
    });
    // What the manifest assigns at top scope, which its definitions see.
    let mut top = HashSet::new();
    walk(&program.body, &mut Reads { known: &mut top, used: Vec::new() });
    let mut found = Vec::new();
    for d in definitions.0 {
        let Some(mut known) = inherited(index, d.parent) else { continue };
        known.extend(top.iter().cloned());
        let mut reads = Reads { known: &mut known, used: Vec::new() };
        reads.known.extend(d.params.iter().map(|p| p.name.to_string()));
        walk(d.body, &mut reads);
        for e in reads.used {
            let ExprKind::Variable(name) = &e.kind else { continue };
            let defined = match name.rsplit_once("::") {
                Some((class, var)) => class.is_empty() || qualified_defined(index, class, var),
                None => {
                    fact_names.as_ref().is_none_or(|f| f.contains(name))
                        || known.contains(name)
                        || BUILTIN.contains(&name.as_str())
                        || name.bytes().all(|b| b.is_ascii_digit())
                }
            };
            if !defined {
                let message = format!("Unknown variable: '{name}'.");
                let span = e.span.start as usize..e.span.end as usize;
                found.push(
                    Diagnostic::warning(CODE, format!("Warning: {message}"), message).with_primary(Some(Label::new(
                        doc.source.name.as_str(),
                        span,
                        "here",
                    ))),
                );
            }
        }
    }
    found
}

/// Whether `$class::var` may be defined: always, unless the index knows
/// `class` and it neither takes nor assigns `var` and inherits nothing
/// (a class's detail is its `inherits`).
fn qualified_defined(index: &WorkspaceIndex, class: &str, var: &str) -> bool {
    if class == "settings" {
        return true;
    }
    let Some(entry) = index.find(&[DefKind::Class], class).into_iter().next() else { return true };
    entry.def.params.iter().any(|p| p.name == var)
        || !index.find(&[DefKind::Variable], &format!("{class}::{var}")).is_empty()
        || entry.def.detail.is_some()
}

/// The names the classes up from `parent` take or assign; nothing when
/// one of them is not in the index, so the definition is not checked.
fn inherited(index: &WorkspaceIndex, parent: Option<&str>) -> Option<HashSet<String>> {
    let mut known = HashSet::new();
    let mut next = parent.map(String::from);
    for _ in 0..MAX_PARENTS {
        let Some(class) = next.take() else { return Some(known) };
        let entry = index.find(&[DefKind::Class], &class).into_iter().next()?;
        known.extend(entry.def.params.iter().map(|p| p.name.clone()));
        let prefix = format!("{}::", entry.def.name);
        known.extend(
            index
                .entries()
                .filter(|e| e.def.kind == DefKind::Variable)
                .filter_map(|e| e.def.name.strip_prefix(&prefix).map(String::from)),
        );
        next = entry.def.detail.as_deref().and_then(|d| d.strip_prefix("inherits ")).map(String::from);
    }
    None
}

/// One definition with a scope of its own.
struct Definition<'a> {
    params: &'a [Parameter],
    body: &'a [Expr],
    parent: Option<&'a str>,
}

/// The definitions of a manifest, nested ones included.
struct Definitions<'a>(Vec<Definition<'a>>);

impl<'a> Visitor<'a> for Definitions<'a> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        let d = match &e.kind {
            ExprKind::ClassDef(c) => Definition { params: &c.params, body: &c.body, parent: c.parent.as_deref() },
            ExprKind::DefineDef(d) | ExprKind::FunctionDef(d) => {
                Definition { params: &d.params, body: &d.body, parent: None }
            }
            ExprKind::NodeDef(n) => Definition { params: &[], body: &n.body, parent: None },
            _ => return true,
        };
        self.0.push(d);
        true
    }
}

/// The variables one definition's body assigns (into `known`) and reads,
/// not counting the definitions nested in it.
struct Reads<'k, 'a> {
    known: &'k mut HashSet<String>,
    used: Vec<&'a Expr>,
}

impl<'a> Visitor<'a> for Reads<'_, 'a> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        match &e.kind {
            ExprKind::ClassDef(_) | ExprKind::DefineDef(_) | ExprKind::FunctionDef(_) | ExprKind::NodeDef(_) => {
                return false
            }
            ExprKind::Assign { target, .. } => assigned(target, self.known),
            ExprKind::Variable(_) => self.used.push(e),
            _ => {}
        }
        true
    }

    fn lambda(&mut self, lambda: &'a Lambda) -> bool {
        self.known.extend(lambda.params.iter().map(|p| p.name.to_string()));
        true
    }
}

/// The names an assignment's target binds: `$x`, or each of `[$a, $b]`.
fn assigned(target: &Expr, known: &mut HashSet<String>) {
    match &target.kind {
        ExprKind::Variable(name) => {
            known.insert(name.clone());
        }
        ExprKind::Array(items) => items.iter().for_each(|i| assigned(i, known)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::FileIndex;

    /// The undefined variables of `text`, with `library` indexed beside it
    /// and `facts` as the facts file's names.
    fn unknown(text: &str, library: &str, facts: Option<&[&str]>) -> Vec<(std::ops::Range<usize>, String)> {
        let mut index = WorkspaceIndex::default();
        for (file, manifest) in [("/w/m.pp", text), ("/w/lib.pp", library)] {
            let doc = Document::new(format!("file://{file}").parse().expect("a valid URI"), 1, manifest.into());
            let program = doc.program.as_ref().expect("the manifest parses");
            let entry = FileIndex::of_manifest(std::path::Path::new(file), manifest, program, &doc.occurrences);
            index.set_file(file.into(), entry);
        }
        let doc = Document::new("file:///w/m.pp".parse().expect("a valid URI"), 1, text.into());
        let facts = facts.map(|names| Value::hash(names.iter().map(|n| (Value::from(*n), Value::from("x"))).collect()));
        undefined(&doc, &index, facts.as_ref())
            .into_iter()
            .map(|d| (d.primary.map(|l| l.range).unwrap_or_default(), d.message))
            .collect()
    }

    #[test]
    fn variables_nothing_defines_are_reported_in_puppets_words() {
        let text = "class c($p) {\n  $a = 1\n  [$b, $d] = [1, 2]\n  [1].each |$i| { notice($i) }\n  notice($p, $a, $b, $d, $os, $facts, $title, $1, $zz)\n}\n";
        assert_eq!(unknown(text, "", Some(&["os"])), vec![(124..127, "Unknown variable: 'zz'.".to_string())]);
    }

    #[test]
    fn without_facts_only_qualified_names_are_checked() {
        let text = "class c {\n  notice($zz, $lib::x, $lib::y, $other::z, $::top)\n}\n";
        let library = "class lib($x) { $w = 1 }\nclass child inherits lib { notice($x, $w, $v) }\n";
        assert_eq!(unknown(text, library, None), vec![(33..40, "Unknown variable: 'lib::y'.".to_string())]);
    }

    #[test]
    fn inherited_and_top_scope_names_are_defined() {
        let text = "$top = 1\nclass child inherits lib { notice($x, $w, $top, $v) }\nclass orphan inherits nowhere { notice($v) }\n";
        let library = "class lib($x) { $w = 1 }\n";
        assert_eq!(unknown(text, library, Some(&[])), vec![(57..59, "Unknown variable: 'v'.".to_string())]);
    }
}
