//! Runtime values of CFEngine variables: scalars (`string`, `int`, `real`),
//! lists (`slist`, `ilist`, `rlist`) and data containers (a
//! [`confer_core::Value`] tree).
//!
//! Spec: "CFEngine variables have three high-level types: scalars, lists, and
//! data containers."

use std::sync::Arc;

use confer_core::Value;

use crate::syntax::ast::FnCall;

/// cf-agent's scalar buffer: results are cut to 4095 bytes
/// (`CF_BUFSIZE - 1`).
pub const MAX_SCALAR: usize = 4095;

/// The first `max` bytes of `s`, fewer where that would split a character:
/// what a C buffer of `max + 1` bytes keeps of a longer text.
pub fn prefix_within(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// A variable's declared type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataType {
    /// `string`
    String,
    /// `int`
    Int,
    /// `real`
    Real,
    /// `slist`
    Slist,
    /// `ilist`
    Ilist,
    /// `rlist`
    Rlist,
    /// `data`
    Container,
}

impl DataType {
    /// The type named by a vars promise attribute.
    pub fn from_lval(lval: &str) -> Option<DataType> {
        Some(match lval {
            "string" => DataType::String,
            "int" => DataType::Int,
            "real" => DataType::Real,
            "slist" => DataType::Slist,
            "ilist" => DataType::Ilist,
            "rlist" => DataType::Rlist,
            "data" => DataType::Container,
            _ => return None,
        })
    }

    /// The name cf-agent uses.
    pub fn name(self) -> &'static str {
        match self {
            DataType::String => "string",
            DataType::Int => "int",
            DataType::Real => "real",
            DataType::Slist => "slist",
            DataType::Ilist => "ilist",
            DataType::Rlist => "rlist",
            DataType::Container => "data",
        }
    }

    /// Whether the type is a list.
    pub fn is_list(self) -> bool {
        matches!(self, DataType::Slist | DataType::Ilist | DataType::Rlist)
    }

    /// Whether the iteration engine iterates over it.
    pub fn is_iterable(self) -> bool {
        self.is_list() || self == DataType::Container
    }

    /// The element type of a list type.
    pub fn element(self) -> DataType {
        match self {
            DataType::Ilist => DataType::Int,
            DataType::Rlist => DataType::Real,
            _ => DataType::String,
        }
    }
}

/// A right-hand value during evaluation (cf-agent's `Rval`).
#[derive(Clone, Debug)]
pub enum Rv {
    /// A string.
    Scalar(Arc<str>),
    /// A list; items are scalars once evaluated, calls before.
    List(Arc<Vec<Rv>>),
    /// An unevaluated function call.
    FnCall(Arc<FnCall>),
    /// A data container.
    Container(Value),
}

impl Rv {
    /// A scalar.
    pub fn scalar(s: impl Into<Arc<str>>) -> Rv {
        Rv::Scalar(s.into())
    }

    /// A list of scalars.
    pub fn list_of<S: Into<Arc<str>>>(items: impl IntoIterator<Item = S>) -> Rv {
        Rv::List(Arc::new(items.into_iter().map(|s| Rv::Scalar(s.into())).collect()))
    }

    /// The scalar text, if a scalar.
    pub fn as_scalar(&self) -> Option<&str> {
        match self {
            Rv::Scalar(s) => Some(s),
            _ => None,
        }
    }

    /// The list items' texts (non-scalars skipped).
    pub fn list_strings(&self) -> Vec<Arc<str>> {
        match self {
            Rv::List(items) => items
                .iter()
                .filter_map(|i| match i {
                    Rv::Scalar(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
            _ => vec![],
        }
    }

    /// Converts an AST rval.
    pub fn from_ast(r: &crate::syntax::ast::Rval) -> Rv {
        match r {
            crate::syntax::ast::Rval::Scalar(s) => Rv::Scalar(s.clone()),
            crate::syntax::ast::Rval::List(items) => Rv::List(Arc::new(items.iter().map(Rv::from_ast).collect())),
            crate::syntax::ast::Rval::FnCall(f) => Rv::FnCall(Arc::new(f.clone())),
        }
    }

    /// `RvalWrite`-style text, as cf-agent shows a value in messages.
    pub fn to_display(&self) -> String {
        match self {
            Rv::Scalar(s) => s.to_string(),
            Rv::List(items) => {
                let inner: Vec<String> = items.iter().map(|i| format!("'{}'", i.to_display())).collect();
                format!("{{{}}}", inner.join(","))
            }
            Rv::FnCall(f) => crate::syntax::ast::Rval::FnCall((**f).clone()).to_string(),
            Rv::Container(v) => crate::data::json::write_compact(v),
        }
    }

    /// cf-agent's `RvalToString`, as its messages show a value: a list as
    /// ` {"a","b"}` (quotes escaped), a container as indented JSON.
    pub fn to_rval_string(&self) -> String {
        match self {
            Rv::List(items) => {
                let inner: Vec<String> = items
                    .iter()
                    .map(|i| match i {
                        Rv::Scalar(s) => format!("\"{}\"", s.replace('"', "\\\"")),
                        other => other.to_rval_string(),
                    })
                    .collect();
                format!(" {{{}}}", inner.join(","))
            }
            Rv::Container(v) => crate::data::json::write_pretty(v),
            other => other.to_display(),
        }
    }
}

/// A variable in a table: its value and declared type.
#[derive(Clone, Debug)]
pub struct Variable {
    /// The value.
    pub rval: Rv,
    /// The declared type.
    pub ty: DataType,
    /// Tags (`source=promise`, `meta` values).
    pub tags: Arc<Vec<Arc<str>>>,
    /// The defining promise's `comment`, shown by `--show-vars`.
    pub comment: Option<Arc<str>>,
}
