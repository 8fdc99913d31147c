//! Typed access to a built-in's arguments. The dispatcher has already
//! checked them against the signature the call matched, so an argument of
//! another shape than the implementation asks for means the signature and
//! its implementation disagree: confer's bug, reported here, once, as an
//! internal error instead of at every implementation that unpacks
//! arguments.

use std::sync::Arc;

use confer_core::types::object::ObjectType;
use confer_core::value::timespan::TimeBound;
use confer_core::{HashMap, Type, Value};

use super::Call;
use crate::eval::flow::{fail, EvalResult, Flow};

/// A Rust view of one argument that a signature admits.
pub(crate) trait FromArg<'v>: Sized {
    /// The argument (`None` when it was not given) as `Self`, or `None`
    /// when it is of another shape.
    fn from_arg(arg: Option<&'v Value>) -> Option<Self>;
}

impl<'v> FromArg<'v> for &'v Value {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        arg
    }
}

impl<'v> FromArg<'v> for &'v str {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match arg? {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

impl FromArg<'_> for i64 {
    fn from_arg(arg: Option<&Value>) -> Option<Self> {
        match arg? {
            Value::Integer(i) => Some(*i),
            _ => None,
        }
    }
}

/// A `Numeric` argument.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Numeric {
    /// An Integer.
    Integer(i64),
    /// A Float.
    Float(f64),
}

impl FromArg<'_> for Numeric {
    fn from_arg(arg: Option<&Value>) -> Option<Self> {
        match arg? {
            Value::Integer(i) => Some(Numeric::Integer(*i)),
            Value::Float(f) => Some(Numeric::Float(*f)),
            _ => None,
        }
    }
}

impl<'v> FromArg<'v> for &'v TimeBound {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match arg? {
            Value::Timespan(t) => Some(t),
            _ => None,
        }
    }
}

/// A `Timestamp` argument: nanoseconds since the epoch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timestamp(pub i128);

impl FromArg<'_> for Timestamp {
    fn from_arg(arg: Option<&Value>) -> Option<Self> {
        match arg? {
            Value::Timestamp(t) => Some(Timestamp(*t)),
            _ => None,
        }
    }
}

impl FromArg<'_> for bool {
    fn from_arg(arg: Option<&Value>) -> Option<Self> {
        match arg? {
            Value::Boolean(b) => Some(*b),
            _ => None,
        }
    }
}

impl<'v> FromArg<'v> for &'v [Value] {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match arg? {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }
}

impl<'v> FromArg<'v> for &'v HashMap {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match arg? {
            Value::Hash(map) => Some(map),
            _ => None,
        }
    }
}

impl<'v> FromArg<'v> for &'v Type {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match arg? {
            Value::Type(t) => Some(t),
            _ => None,
        }
    }
}

/// A type argument that is an object type (`Type[Annotation]`), aliases
/// resolved.
impl<'v> FromArg<'v> for &'v Arc<ObjectType> {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match <&Type>::from_arg(arg)?.resolved() {
            Type::ObjectType(o) => Some(o),
            _ => None,
        }
    }
}

/// An optional parameter: `None` when it was left out or given as `undef`.
impl<'v, T: FromArg<'v>> FromArg<'v> for Option<T> {
    fn from_arg(arg: Option<&'v Value>) -> Option<Self> {
        match arg {
            None | Some(Value::Undef) => Some(None),
            given => T::from_arg(given).map(Some),
        }
    }
}

impl Call<'_, '_> {
    /// Argument `index` as `T`, or the internal error saying the signature
    /// let through an argument the implementation cannot take.
    pub fn arg<'v, T: FromArg<'v>>(&'v self, index: usize) -> EvalResult<T> {
        T::from_arg(self.args.get(index)).ok_or_else(|| self.unexpected_args())
    }

    /// The internal error [`Call::arg`] reports: a signature and its
    /// implementation disagree, which is confer's bug, reported rather than
    /// panicking.
    fn unexpected_args(&self) -> Flow {
        fail(
            self.span,
            format!("internal error: '{}' was dispatched arguments its signature does not allow", self.name),
        )
    }
}
