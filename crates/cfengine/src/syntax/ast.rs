//! The policy model: what the parser builds from a CFEngine 3 policy file.
//! Names follow CFEngine's own (`bundle`, `body`, `promise`, `promiser`,
//! `constraint`, `rval`).

use std::fmt;
use std::sync::Arc;

use crate::diagnostic::Pos;

/// A right-hand value as written in the policy.
#[derive(Clone, Debug, PartialEq)]
pub enum Rval {
    /// A quoted string, a bare identifier or a naked `$(x)`/`@(x)` reference.
    Scalar(Arc<str>),
    /// `{ a, b, ... }`
    List(Vec<Rval>),
    /// `name(arg, ...)`
    FnCall(FnCall),
}

/// A function call `name(args)`.
#[derive(Clone, Debug, PartialEq)]
pub struct FnCall {
    /// The function's name.
    pub name: String,
    /// Its arguments, unevaluated.
    pub args: Vec<Rval>,
    /// Where the call ends (for errors).
    pub pos: Pos,
}

/// One `lval => rval` attribute of a promise or body.
#[derive(Clone, Debug)]
pub struct Constraint {
    /// The attribute's name.
    pub lval: String,
    /// Its value.
    pub rval: Rval,
    /// The class guard it sits under (bodies only; `any` otherwise).
    pub classes: String,
    /// Where its value ends.
    pub pos: Pos,
}

/// A promise: `"promiser" -> promisee attr => value, ...;`
#[derive(Clone, Debug)]
pub struct Promise {
    /// The promiser string, unexpanded.
    pub promiser: Arc<str>,
    /// The promisee after `->`, if any.
    pub promisee: Option<Rval>,
    /// The class guard in force (`any` if none).
    pub classes: Arc<str>,
    /// A quoted class guard (`"$(x)"::`), expanded at run time.
    pub varclasses: Option<Arc<str>>,
    /// The attributes, in source order.
    pub constraints: Vec<Constraint>,
    /// Line of the promiser.
    pub line: u32,
    /// A stable identity for this promise in its policy.
    pub id: usize,
}

impl Promise {
    /// The first constraint named `lval`.
    pub fn constraint(&self, lval: &str) -> Option<&Constraint> {
        self.constraints.iter().find(|c| c.lval == lval)
    }
}

/// The promises of one promise type inside a bundle.
#[derive(Clone, Debug)]
pub struct Section {
    /// `vars`, `classes`, `reports`, ...
    pub promise_type: String,
    /// The promises, in source order.
    pub promises: Vec<Promise>,
    /// Line of the `type:` guard.
    pub line: u32,
}

/// `bundle TYPE NAME(ARGS) { ... }`
#[derive(Clone, Debug)]
pub struct Bundle {
    /// The namespace (`default` unless a `body file control` set one).
    pub ns: String,
    /// `agent`, `common`, `edit_line`, ...
    pub kind: String,
    /// The bundle's name.
    pub name: String,
    /// Parameter names.
    pub args: Vec<String>,
    /// Promise type sections in source order (a type may appear twice).
    pub sections: Vec<Section>,
    /// The file it was read from, as named.
    pub file: Arc<str>,
    /// Line of the `bundle` keyword.
    pub line: u32,
}

impl Bundle {
    /// The sections of one promise type, in source order.
    pub fn sections_of<'a>(&'a self, promise_type: &'a str) -> impl Iterator<Item = &'a Section> {
        self.sections.iter().filter(move |s| s.promise_type == promise_type)
    }
}

/// `body TYPE NAME(ARGS) { ... }`
#[derive(Clone, Debug)]
pub struct Body {
    /// The namespace.
    pub ns: String,
    /// `common`, `file`, `classes`, ...
    pub kind: String,
    /// The body's name (`control` for control bodies).
    pub name: String,
    /// Parameter names.
    pub args: Vec<String>,
    /// Attributes in source order, each with its class guard.
    pub constraints: Vec<Constraint>,
    /// The file it was read from.
    pub file: Arc<str>,
}

/// A parsed policy: every bundle and body of every file read.
#[derive(Clone, Debug, Default)]
pub struct Policy {
    /// Bundles in the order read.
    pub bundles: Vec<Arc<Bundle>>,
    /// Bodies in the order read.
    pub bodies: Vec<Arc<Body>>,
}

impl fmt::Display for Rval {
    /// The rval as cf-promises writes it (`RvalWrite`): scalars quoted, lists
    /// in braces, calls as `name(args)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rval::Scalar(s) => write!(f, "'{s}'"),
            Rval::List(items) => {
                f.write_str("{")?;
                for (i, it) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{it}")?;
                }
                f.write_str("}")
            }
            Rval::FnCall(fc) => {
                write!(f, "{}(", fc.name)?;
                for (i, a) in fc.args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
        }
    }
}
