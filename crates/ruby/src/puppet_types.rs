//! Puppet's type system as module code calls it from Ruby: `TypeParser`
//! (`.new.parse`, `.singleton.parse`), `TypeCalculator` (`instance?`,
//! `infer_set`, `infer`) and `TypeMismatchDescriber` (`describe_mismatch`),
//! which stdlib's `validate_legacy` uses. Types are Puppet values
//! (`Value::Type`) the host parses and confer's core checks.
//!
//! An inferred type keeps the value it was inferred from: Puppet describes
//! a mismatch from the expected type and the inferred one, which says what
//! confer's core says from the expected type and the value itself.
//! The value it works on is `value/inferred.rs`'s, apart so that `RValue` holds
//! it without depending on these methods.

use std::rc::Rc;

use confer_core::types::Type;
use confer_core::Value;

use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::inferred::Inferred;
use crate::value::RValue;

const PARSER: &str = "Puppet::Pops::Types::TypeParser";
const CALCULATOR: &str = "Puppet::Pops::Types::TypeCalculator";
const DESCRIBER: &str = "Puppet::Pops::Types::TypeMismatchDescriber";

/// The classes this file answers for.
pub(crate) const CLASSES: &[&str] = &[PARSER, CALCULATOR, DESCRIBER];

impl Interp<'_> {
    /// `class.name(args)` for the classes above, or `None` for a method
    /// they do not have here.
    pub(crate) fn type_system(&mut self, class: &str, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
        Some(match (class, name) {
            // The parser and the describer hold no state: the class stands
            // for its instance.
            (PARSER | DESCRIBER, "new") | (PARSER, "singleton") => Ok(RValue::Class(Rc::from(class))),
            (PARSER, "parse") => match args {
                [text] | [text, _] => match self.host.parse_type(&text.to_s()) {
                    Ok(t) => Ok(RValue::Opaque(Rc::new(t))),
                    Err(message) => err(RubyErrorKind::Function(message), at),
                },
                _ => wrong_arity("parse", args.len(), at),
            },
            (CALCULATOR, "instance?") => instance(args, at),
            (CALCULATOR, "infer_set" | "infer") => self.infer(name, args, at),
            (DESCRIBER, "describe_mismatch") => describe_mismatch(args, at),
            _ => return None,
        })
    }

    /// `TypeCalculator.infer_set(v)` and `infer(v)`: the types Puppet's
    /// `type` function infers, its 'detailed' and its 'reduced' answer.
    fn infer(&mut self, name: &str, args: &[RValue], at: usize) -> Ev {
        let [v] = args else { return wrong_arity(name, args.len(), at) };
        let value = crate::binary::puppet_value(v, at)?;
        let how = if name == "infer_set" { "detailed" } else { "reduced" };
        match self.host.call_function("type", vec![value.clone(), Value::from(how)]) {
            Ok(Value::Type(ty)) => Ok(RValue::Inferred(Rc::new(Inferred { ty, value }))),
            Ok(other) => Ok(crate::value::from_puppet(&other)),
            Err(message) => err(RubyErrorKind::Function(message), at),
        }
    }
}

/// `TypeCalculator.instance?(type, value)`.
fn instance(args: &[RValue], at: usize) -> Ev {
    let [t, v] = args else { return wrong_arity("instance?", args.len(), at) };
    let t = type_of(t, at)?;
    let v = crate::binary::puppet_value(v, at)?;
    Ok(RValue::Bool(crate::flow::decided(confer_core::types::instance_of(&t, &v), at)?))
}

/// `TypeMismatchDescriber#describe_mismatch(subject, expected, inferred)`:
/// empty when the value matches.
fn describe_mismatch(args: &[RValue], at: usize) -> Ev {
    match args {
        [subject, expected, RValue::Inferred(actual)] => {
            let expected = type_of(expected, at)?;
            let text = if crate::flow::decided(confer_core::types::instance_of(&expected, &actual.value), at)? {
                String::new()
            } else {
                format!("{} {}", subject.to_s(), confer_core::mismatch::describe(&expected, &actual.value))
            };
            Ok(RValue::str(text))
        }
        [_, _, other] => err(
            RubyErrorKind::Unsupported(format!(
                "TypeMismatchDescriber#describe_mismatch of a {} (only of an inferred type)",
                other.class_name()
            )),
            at,
        ),
        _ => wrong_arity("describe_mismatch", args.len(), at),
    }
}

/// The Puppet type a Ruby value holds.
fn type_of(v: &RValue, at: usize) -> Ev<Type> {
    match v {
        RValue::Opaque(value) => match &**value {
            Value::Type(t) => Ok(Type::clone(t)),
            _ => err(RubyErrorKind::Type(format!("{} is not a Puppet type", v.inspect())), at),
        },
        RValue::Inferred(i) => Ok(Type::clone(&i.ty)),
        _ => err(RubyErrorKind::Type(format!("{} is not a Puppet type", v.inspect())), at),
    }
}

fn wrong_arity<T>(name: &str, given: usize, at: usize) -> Ev<T> {
    err(RubyErrorKind::Argument(format!("wrong number of arguments calling `{name}' (given {given})")), at)
}
