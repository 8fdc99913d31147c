//! The definitions one manifest holds, as the workspace index and the
//! document's symbols list them: classes, defined types, functions, plans,
//! type aliases, nodes, and the variables a class assigns (which other
//! manifests read as `$class::name`), each with its parameters, the text
//! of their types and defaults, and its doc comment.

use std::ops::Range;

use confer_puppet::ast::{Expr, ExprKind, Lambda, Parameter, Program};

use super::doc_comment::{self, DocComment};
use super::names;
use super::walk::{walk, Visitor};

/// What a definition defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefKind {
    /// `class`
    Class,
    /// `define`
    Define,
    /// `function` (Puppet language) or a Ruby function file.
    Function,
    /// `plan`
    Plan,
    /// `type X = …`
    TypeAlias,
    /// `node`
    Node,
    /// A variable a class assigns, named `class::variable`.
    Variable,
    /// A resource type a module writes in Ruby.
    ResourceType,
}

/// A parameter as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Param {
    /// The name, without `$`.
    pub name: String,
    /// The type's text, if declared.
    pub type_text: Option<String>,
    /// The default's text, if any.
    pub default_text: Option<String>,
    /// Where `$name` is written.
    pub span: Range<usize>,
}

/// One definition of a manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    /// What it defines.
    pub kind: DefKind,
    /// Its name as Puppet resolves it (lower case but for type aliases).
    pub name: String,
    /// Where its name is written.
    pub name_span: Range<usize>,
    /// The whole definition.
    pub span: Range<usize>,
    /// Its parameters.
    pub params: Vec<Param>,
    /// A function's return type, an alias's type, a variable's value: the
    /// text that says what it is.
    pub detail: Option<String>,
    /// The comment block above it.
    pub doc: Option<DocComment>,
}

/// The definitions of `program` (whose text is `text`), in the order written.
pub fn outline(program: &Program, text: &str) -> Vec<Definition> {
    let mut o = Outliner { text, found: Vec::new() };
    walk(&program.body, &mut o);
    o.found
}

/// The text of expression `e`.
pub fn text_of(text: &str, e: &Expr) -> String {
    text.get(e.span.start as usize..e.span.end as usize).unwrap_or("").to_string()
}

struct Outliner<'t> {
    text: &'t str,
    found: Vec<Definition>,
}

impl Outliner<'_> {
    fn params(&self, params: &[Parameter]) -> Vec<Param> {
        params
            .iter()
            .map(|p| Param {
                name: p.name.to_string(),
                type_text: p.type_expr.as_ref().map(|t| text_of(self.text, t)),
                default_text: p.default.as_ref().map(|d| text_of(self.text, d)),
                span: names::parameter(self.text, p),
            })
            .collect()
    }

    fn define(&mut self, kind: DefKind, name: &str, e: &Expr, params: Vec<Param>, detail: Option<String>) {
        let start = e.span.start as usize;
        let Some(name_span) = names::after_keyword(self.text, start) else { return };
        self.found.push(Definition {
            kind,
            name: name.to_string(),
            name_span,
            span: start..e.span.end as usize,
            params,
            detail,
            doc: doc_comment::read(self.text, start),
        });
    }
}

impl<'a> Visitor<'a> for Outliner<'_> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        match &e.kind {
            ExprKind::ClassDef(c) => {
                let params = self.params(&c.params);
                self.define(DefKind::Class, &c.name, e, params, c.parent.as_ref().map(|p| format!("inherits {p}")));
                let mut vars = ClassVariables { class: &c.name, text: self.text, found: Vec::new() };
                walk(&c.body, &mut vars);
                self.found.append(&mut vars.found);
            }
            ExprKind::DefineDef(d) | ExprKind::FunctionDef(d) | ExprKind::PlanDef(d) => {
                let kind = match e.kind {
                    ExprKind::DefineDef(_) => DefKind::Define,
                    ExprKind::FunctionDef(_) => DefKind::Function,
                    _ => DefKind::Plan,
                };
                let params = self.params(&d.params);
                let detail = d.return_type.as_ref().map(|r| text_of(self.text, r));
                self.define(kind, &d.name, e, params, detail);
            }
            ExprKind::TypeAlias { name, type_expr } => {
                let detail = Some(text_of(self.text, type_expr));
                self.define(DefKind::TypeAlias, name, e, Vec::new(), detail);
            }
            ExprKind::NodeDef(n) => {
                let name = n.matchers.iter().map(|m| text_of(self.text, m)).collect::<Vec<_>>().join(", ");
                let start = e.span.start as usize;
                let name_span =
                    n.matchers.first().map_or(start..start + 4, |m| m.span.start as usize..m.span.end as usize);
                self.found.push(Definition {
                    kind: DefKind::Node,
                    name,
                    name_span,
                    span: start..e.span.end as usize,
                    params: Vec::new(),
                    detail: None,
                    doc: doc_comment::read(self.text, start),
                });
            }
            _ => {}
        }
        true
    }
}

/// The variables a class body assigns, outside lambdas and nested
/// definitions (which have scopes of their own).
struct ClassVariables<'c> {
    class: &'c str,
    text: &'c str,
    found: Vec<Definition>,
}

impl<'a> Visitor<'a> for ClassVariables<'_> {
    fn expr(&mut self, e: &'a Expr) -> bool {
        match &e.kind {
            ExprKind::Assign { target, value } => {
                if let ExprKind::Variable(name) = &target.kind {
                    self.found.push(Definition {
                        kind: DefKind::Variable,
                        name: format!("{}::{name}", self.class),
                        name_span: target.span.start as usize..target.span.end as usize,
                        span: e.span.start as usize..e.span.end as usize,
                        params: Vec::new(),
                        detail: Some(text_of(self.text, value)),
                        doc: doc_comment::read(self.text, e.span.start as usize),
                    });
                }
                true
            }
            ExprKind::ClassDef(_) | ExprKind::DefineDef(_) | ExprKind::FunctionDef(_) | ExprKind::PlanDef(_) => false,
            _ => true,
        }
    }

    fn lambda(&mut self, _lambda: &'a Lambda) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use confer_puppet::span::Source;

    #[test]
    fn classes_list_their_parameters_and_variables() {
        let text = "# The params.\nclass a::params(Integer $port = 80, $host) {\n  $dir = '/etc/a'\n  [1].each |$i| { $inner = $i }\n}\n";
        let program = confer_puppet::parser::parse(&Source::new("t.pp", text)).expect("parses");
        let defs = outline(&program, text);
        assert_eq!(defs.len(), 2);
        let class = &defs[0];
        assert_eq!(
            (class.kind, class.name.as_str(), &text[class.name_span.clone()]),
            (DefKind::Class, "a::params", "a::params")
        );
        assert_eq!(class.doc.as_ref().map(|d| d.text.as_str()), Some("The params."));
        assert_eq!(class.params[0].type_text.as_deref(), Some("Integer"));
        assert_eq!(class.params[0].default_text.as_deref(), Some("80"));
        assert_eq!(class.params[1].type_text, None);
        assert_eq!(&text[class.params[1].span.clone()], "$host");
        assert_eq!((defs[1].name.as_str(), defs[1].detail.as_deref()), ("a::params::dir", Some("'/etc/a'")));
    }
}
