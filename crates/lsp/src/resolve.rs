//! What a name under the cursor refers to: definitions in the workspace
//! index, Puppet's built-in functions and resource types, its data types,
//! or a variable assigned in the same manifest. Hover, definition and the
//! unknown-name checks share this one answer.

use std::sync::OnceLock;

use confer_puppet::eval::FunctionInfo;
use confer_puppet::resource_types::TypeInfo;

use crate::documents::Document;
use crate::index::{Entry, WorkspaceIndex};
use crate::syntax::occurrences::{Kind, Occurrence};
use crate::syntax::outline::DefKind;

/// What an occurrence names.
#[derive(Debug)]
pub enum Target<'a> {
    /// Definitions in the workspace (the first on the module path first).
    Entries(Vec<&'a Entry>),
    /// One of confer's built-in functions.
    BuiltinFunction(&'static FunctionInfo),
    /// One of Puppet's own resource types.
    BuiltinType(&'static TypeInfo),
    /// One of Puppet's data types (`Integer`).
    DataType(&'static str),
    /// A variable assigned or a parameter declared in the same manifest:
    /// where its name is, and its value's text for an assignment.
    Local {
        /// Its `$name` at the definition.
        span: std::ops::Range<usize>,
        /// The assigned value's text.
        value: Option<String>,
    },
}

/// Every built-in function, read once.
pub fn builtin_functions() -> &'static [FunctionInfo] {
    static ALL: OnceLock<Vec<FunctionInfo>> = OnceLock::new();
    ALL.get_or_init(confer_puppet::eval::builtin_functions)
}

/// The built-in function `name`.
pub fn builtin_function(name: &str) -> Option<&'static FunctionInfo> {
    builtin_functions().iter().find(|f| f.name == name)
}

/// What `o` (an occurrence of `doc`) names, if it is known.
pub fn resolve<'a>(index: &'a WorkspaceIndex, doc: &Document, o: &Occurrence) -> Option<Target<'a>> {
    let entries = |kinds: &[DefKind]| {
        let found = index.find(kinds, &o.name);
        (!found.is_empty()).then_some(Target::Entries(found))
    };
    match &o.kind {
        Kind::Class => entries(&[DefKind::Class]),
        Kind::Function => {
            entries(&[DefKind::Function]).or_else(|| builtin_function(&o.name).map(Target::BuiltinFunction))
        }
        Kind::ResourceType => resource_type(index, &o.name),
        Kind::TypeRef => resource_type(index, &o.name)
            .or_else(|| entries(&[DefKind::TypeAlias]))
            .or_else(|| data_type(&o.name).map(Target::DataType)),
        Kind::Variable if o.name.contains("::") => entries(&[DefKind::Variable]),
        Kind::Variable => local_variable(doc, o),
        Kind::Attribute(_) | Kind::HieraKey => None,
    }
}

/// A resource type named `name` (any case): a defined type or a module's
/// Ruby type in the workspace, or one of Puppet's own.
pub fn resource_type<'a>(index: &'a WorkspaceIndex, name: &str) -> Option<Target<'a>> {
    let found = index.find(&[DefKind::Define, DefKind::ResourceType], name);
    if !found.is_empty() {
        return Some(Target::Entries(found));
    }
    confer_puppet::resource_types::builtin(&name.to_ascii_lowercase()).map(Target::BuiltinType)
}

/// One of Puppet's data types, by its name.
pub fn data_type(name: &str) -> Option<&'static str> {
    confer_puppet::eval::session::TYPE_NAMES.iter().copied().find(|t| *t == name)
}

/// The nearest definition of a plain variable before `o`: an assignment
/// or a parameter (the scopes of lambdas and definitions are not told
/// apart; the nearest one before the use is the likely one).
fn local_variable<'a>(doc: &Document, o: &Occurrence) -> Option<Target<'a>> {
    if o.definition {
        return Some(Target::Local { span: o.span.clone(), value: assigned_value(doc, o.span.start) });
    }
    let def = doc
        .occurrences
        .iter()
        .rev()
        .find(|d| d.definition && d.kind == Kind::Variable && d.name == o.name && d.span.start <= o.span.start)?;
    Some(Target::Local { span: def.span.clone(), value: assigned_value(doc, def.span.start) })
}

/// The text of the value assigned by the assignment whose target starts
/// at `start`, if there is one.
fn assigned_value(doc: &Document, start: usize) -> Option<String> {
    use crate::syntax::walk::{walk, Visitor};
    use confer_puppet::ast::{Expr, ExprKind};
    struct Find<'t> {
        start: usize,
        text: &'t str,
        value: Option<String>,
    }
    impl<'a> Visitor<'a> for Find<'_> {
        fn expr(&mut self, e: &'a Expr) -> bool {
            if let ExprKind::Assign { target, value } = &e.kind {
                if target.span.start as usize == self.start {
                    self.value = Some(crate::syntax::outline::text_of(self.text, value));
                }
            }
            self.value.is_none() && (e.span.start as usize) <= self.start && self.start <= e.span.end as usize
        }
    }
    let program = doc.program.as_ref()?;
    let mut find = Find { start, text: doc.text(), value: None };
    walk(&program.body, &mut find);
    find.value
}
