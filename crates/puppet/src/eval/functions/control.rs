//! `return`, `next` and `break`: control flow expressed as function calls.

use confer_core::Value;

use super::Builtin;
use crate::eval::flow::Flow;

/// `return`, `next` and `break`.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("return", &["Any value?"], |call| {
        Err(Flow::Return(call.args.first().cloned().unwrap_or(Value::Undef), call.span))
    }),
    Builtin::new("next", &["Any value?"], |call| {
        Err(Flow::Next(call.args.first().cloned().unwrap_or(Value::Undef), call.span))
    }),
    Builtin::new("break", &[""], |call| Err(Flow::Break(call.span))),
];
