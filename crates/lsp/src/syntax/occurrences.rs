//! Every name a manifest uses or defines, with its span and what kind of
//! thing it names: classes (`include x`, `class { 'x': }`, `Class['x']`,
//! `inherits x`), resource types, functions, type references, variables,
//! attributes and the Hiera keys of `lookup('k')` and `hiera('k')`. Hover, definition, references and the unknown-name checks
//! all start from the occurrence under the cursor or from this list.

use std::ops::Range;

use confer_puppet::ast::{AttributeOp, Expr, ExprKind, Program};

use super::names;
use super::walk::{walk, Visitor};

/// What a name names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A class.
    Class,
    /// A resource type: Puppet's, a module's Ruby type or a defined type.
    ResourceType,
    /// A function.
    Function,
    /// A capitalised reference: a data type, a type alias, or a resource
    /// type in its capitalised form (`File['/x']`).
    TypeRef,
    /// A variable (the name without `$`).
    Variable,
    /// An attribute of a resource body, of a resource of `owner`.
    Attribute(Owner),
    /// A Hiera key: the literal first argument of `lookup` or `hiera*`.
    HieraKey,
}

/// Whose attribute an attribute is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// A resource type or defined type, lower case.
    Resource(String),
    /// A class being declared with `class { 'name': }`.
    Class(String),
}

/// One name at one place.
#[derive(Debug, Clone, PartialEq)]
pub struct Occurrence {
    /// What it names.
    pub kind: Kind,
    /// The name as Puppet resolves it (classes and resource types lower
    /// case, without a leading `::`).
    pub name: String,
    /// Where it is written.
    pub span: Range<usize>,
    /// Whether this is where it is defined (a class's name in `class x {`,
    /// `$x =`), not a use.
    pub definition: bool,
}

/// The functions whose arguments name classes.
const CLASS_FUNCTIONS: &[&str] = &["include", "contain", "require"];

/// The functions whose first argument is a Hiera key.
const LOOKUP_FUNCTIONS: &[&str] = &["lookup", "hiera", "hiera_array", "hiera_hash", "hiera_include"];

/// The occurrences of `program` (whose text is `text`), in the order written.
pub fn occurrences(program: &Program, text: &str) -> Vec<Occurrence> {
    let mut c = Collector { text, found: Vec::new() };
    walk(&program.body, &mut c);
    c.found.sort_by_key(|o| o.span.start);
    c.found
}

/// The innermost occurrence at byte `offset` (a cursor just past a name
/// is on it).
pub fn at(found: &[Occurrence], offset: usize) -> Option<&Occurrence> {
    found.iter().filter(|o| o.span.start <= offset && offset <= o.span.end).min_by_key(|o| o.span.len())
}

/// A class or resource type name as Puppet resolves it.
pub fn normalize(name: &str) -> String {
    name.trim_start_matches("::").to_ascii_lowercase()
}

struct Collector<'t> {
    text: &'t str,
    found: Vec<Occurrence>,
}

impl Collector<'_> {
    fn add(&mut self, kind: Kind, name: &str, span: Range<usize>, definition: bool) {
        let name = match kind {
            Kind::Class | Kind::ResourceType => normalize(name),
            _ => name.trim_start_matches("::").to_string(),
        };
        self.found.push(Occurrence { kind, name, span, definition });
    }

    fn class_names(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Array(items) => items.iter().for_each(|i| self.class_names(i)),
            _ => {
                if let Some((name, span)) = names::literal_name(self.text, e) {
                    self.add(Kind::Class, &name, span, false);
                }
            }
        }
    }

    fn definition(&mut self, kind: Kind, name: &str, e: &Expr) {
        if let Some(span) = names::after_keyword(self.text, e.span.start as usize) {
            self.add(kind, name, span, true);
        }
    }

    /// The key a lookup names, when it is a string written out.
    fn hiera_key(&mut self, arg: Option<&Expr>) {
        if let Some((key, span)) =
            arg.filter(|a| matches!(a.kind, ExprKind::String(_))).and_then(|a| names::literal_name(self.text, a))
        {
            self.found.push(Occurrence { kind: Kind::HieraKey, name: key, span, definition: false });
        }
    }

    fn attributes(&mut self, ops: &[AttributeOp], owner: &Owner) {
        for op in ops {
            if let AttributeOp::Set { name, span, .. } = op {
                let span = names::attribute(span.start as usize, name);
                self.add(Kind::Attribute(owner.clone()), name, span, false);
            }
        }
    }
}

impl<'a> Visitor<'a> for Collector<'_> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        let span = e.span.start as usize..e.span.end as usize;
        match &e.kind {
            ExprKind::Call { callee, args, .. } => {
                if let ExprKind::BareWord(name) = &callee.kind {
                    if CLASS_FUNCTIONS.contains(&name.as_str()) {
                        args.iter().for_each(|a| self.class_names(a));
                    }
                    if LOOKUP_FUNCTIONS.contains(&name.as_str()) {
                        self.hiera_key(args.first());
                    }
                    self.add(Kind::Function, name, callee.span.start as usize..callee.span.end as usize, false);
                }
            }
            ExprKind::MethodCall { receiver, name, .. } => {
                if let Some(at) = names::method(self.text, receiver.span.end as usize) {
                    self.add(Kind::Function, name, at, false);
                }
            }
            ExprKind::Resource { type_name, bodies, .. } => match &type_name.kind {
                ExprKind::BareWord(t) if t == "class" => {
                    for b in bodies {
                        self.class_names(&b.title);
                        if let Some((class, _)) = names::literal_name(self.text, &b.title) {
                            self.attributes(&b.ops, &Owner::Class(normalize(&class)));
                        }
                    }
                }
                ExprKind::BareWord(t) | ExprKind::TypeRef(t) => {
                    let t = normalize(t);
                    self.add(Kind::ResourceType, &t, type_name.span.start as usize..type_name.span.end as usize, false);
                    for b in bodies {
                        self.attributes(&b.ops, &Owner::Resource(t.clone()));
                    }
                }
                _ => {}
            },
            ExprKind::ResourceDefaults { type_ref, ops } => {
                if let ExprKind::TypeRef(t) = &type_ref.kind {
                    self.attributes(ops, &Owner::Resource(normalize(t)));
                }
            }
            ExprKind::Access { target, keys } => {
                if matches!(&target.kind, ExprKind::TypeRef(t) if t == "Class") {
                    keys.iter().for_each(|k| self.class_names(k));
                }
            }
            ExprKind::TypeRef(name) => self.add(Kind::TypeRef, name, span, false),
            ExprKind::Variable(name) => self.add(Kind::Variable, name, span, false),
            ExprKind::Assign { target, .. } => {
                if let ExprKind::Variable(name) = &target.kind {
                    let at = target.span.start as usize..target.span.end as usize;
                    self.add(Kind::Variable, name, at, true);
                }
            }
            ExprKind::ClassDef(c) => {
                self.definition(Kind::Class, &c.name, e);
                if let (Some(parent), Some(at)) = (&c.parent, names::inherited(self.text, span)) {
                    self.add(Kind::Class, parent, at, false);
                }
                for p in &c.params {
                    self.add(Kind::Variable, &p.name, names::parameter(self.text, p), true);
                }
            }
            ExprKind::DefineDef(d) | ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => {
                let kind = if matches!(e.kind, ExprKind::DefineDef(_)) { Kind::ResourceType } else { Kind::Function };
                self.definition(kind, &d.name, e);
                for p in &d.params {
                    self.add(Kind::Variable, &p.name, names::parameter(self.text, p), true);
                }
            }
            ExprKind::TypeAlias { name, .. } => self.definition(Kind::TypeRef, name, e),
            _ => {}
        }
        true
    }

    fn lambda(&mut self, lambda: &'a confer_puppet::ast::Lambda) -> bool {
        for p in &lambda.params {
            self.add(Kind::Variable, &p.name, names::parameter(self.text, p), true);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use confer_puppet::span::Source;

    fn found(text: &str) -> Vec<(Kind, String, String)> {
        let source = Source::new("t.pp", text);
        let program = confer_puppet::parser::parse(&source).expect("the test manifest parses");
        occurrences(&program, text).into_iter().map(|o| (o.kind, o.name, text[o.span].to_string())).collect()
    }

    #[test]
    fn class_names_are_found_where_puppet_reads_them() {
        let all = found("include apache, '::ntp'\nclass { 'motd': role => x }\nnotice(Class['Ssh'])\n");
        let classes: Vec<_> = all.iter().filter(|o| o.0 == Kind::Class).map(|o| (o.1.as_str(), o.2.as_str())).collect();
        assert_eq!(classes, [("apache", "apache"), ("ntp", "::ntp"), ("motd", "motd"), ("ssh", "Ssh")]);
        assert!(all.contains(&(Kind::Attribute(Owner::Class("motd".into())), "role".into(), "role".into())));
    }

    #[test]
    fn definitions_name_their_names() {
        let all = found("define a::b(String $x = 'y') { file { $x: ensure => file } }\n$v = 1\n");
        assert!(all.contains(&(Kind::ResourceType, "a::b".into(), "a::b".into())));
        assert!(all.contains(&(Kind::Variable, "x".into(), "$x".into())));
        assert!(all.contains(&(Kind::Attribute(Owner::Resource("file".into())), "ensure".into(), "ensure".into())));
        assert!(all.contains(&(Kind::Variable, "v".into(), "$v".into())));
    }

    #[test]
    fn lookups_name_hiera_keys() {
        let all = found(
            "$a = lookup('ntp::servers', Array, 'unique')
$b = hiera(\"motd::message\")
$c = lookup($k)
",
        );
        let keys: Vec<_> = all.iter().filter(|o| o.0 == Kind::HieraKey).map(|o| (o.1.as_str(), o.2.as_str())).collect();
        assert_eq!(keys, [("ntp::servers", "ntp::servers"), ("motd::message", "motd::message")]);
    }
}
