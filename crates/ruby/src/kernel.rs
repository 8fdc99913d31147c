//! The methods every value has (Ruby's `Object`: `==`, `is_a?`, `dup`,
//! `respond_to?`) and the conversions and helpers a template calls without
//! a receiver (`Array(x)`, `Integer(s)`, `has_variable?`, `require`),
//! declared as tables (see `contract.rs`).

use std::rc::Rc;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::value::RValue;

/// A method's implementation, given the interpreter and the call.
type ValueFn = fn(&mut Interp<'_>, &Call<'_>) -> Ev;

/// A row of any arity.
const fn row(names: &'static [&'static str], run: ValueFn) -> Method<ValueFn> {
    Method { names, arity: Arity::Unchecked, takes: Takes::AnyBlock, run }
}

/// A row of one argument.
const fn one(names: &'static [&'static str], run: ValueFn) -> Method<ValueFn> {
    Method { names, arity: Arity::Exactly(1), takes: Takes::AnyBlock, run }
}

/// The methods of any value, before its own class's.
static OBJECT_METHODS: Table<ValueFn> = Table::new(&[
    row(&["nil?"], |_, c| Ok(RValue::Bool(matches!(c.recv, RValue::Nil)))),
    row(&["inspect"], |_, c| Ok(RValue::str(c.recv.inspect()))),
    one(&["is_a?", "kind_of?", "instance_of?"], |_, c| match &c.args[0] {
        RValue::Class(class) => Ok(RValue::Bool(if c.name == "instance_of?" {
            c.recv.class_name() == &**class
        } else {
            c.recv.is_a(class)
        })),
        _ => err(RubyErrorKind::Type("class or module required".into()), c.at),
    }),
    row(&["class"], |_, c| match c.recv {
        RValue::Object(o) => Ok(RValue::Class(o.class.clone())),
        other => Ok(RValue::Class(Rc::from(other.class_name()))),
    }),
    one(&["=="], |_, c| Ok(RValue::Bool(c.recv.equals(&c.args[0])))),
    one(&["==="], |_, c| Ok(RValue::Bool(crate::methods::case_equal(c.recv, &c.args[0], c.at)?))),
    row(&["!"], |_, c| Ok(RValue::Bool(!c.recv.truthy()))),
    // Identity: the same object, or the same immediate value.
    one(&["equal?"], |_, c| {
        Ok(RValue::Bool(match (c.recv, &c.args[0]) {
            (RValue::Array(_) | RValue::Hash(_) | RValue::Str(_), other) => c.recv.same_object(other),
            (RValue::Nil | RValue::Bool(_) | RValue::Int(_) | RValue::Sym(_), other) => c.recv.equals(other),
            _ => return err(RubyErrorKind::Unsupported(format!("equal? on {}", c.recv.class_name())), c.at),
        }))
    }),
    // A copy is a new object: a change in place to it reaches nothing else
    // (its elements are shared, as in Ruby).
    row(&["dup", "clone"], |_, c| {
        Ok(match c.recv {
            RValue::Array(items) => RValue::array(items.snapshot()),
            RValue::Hash(pairs) => RValue::hash(pairs.snapshot()),
            RValue::Str(s) => RValue::str(&**s),
            other => other.clone(),
        })
    }),
    // Ruby's answer, from its recorded methods: code that then calls a
    // method confer lacks is refused there.
    row(&["respond_to?"], |it, c| {
        let method = c.args.first().map(RValue::to_s).unwrap_or_default();
        if let RValue::Object(o) = c.recv {
            let own = crate::value::object::instance_key(&o.class, &method);
            let public = it.methods.contains_key(&own) && !it.private.contains(&own);
            return Ok(RValue::Bool(public || crate::missing::ruby_has("Object", &method) == Some(true)));
        }
        match crate::missing::ruby_has(c.recv.class_name(), &method) {
            Some(has) => Ok(RValue::Bool(has)),
            None => err(RubyErrorKind::Unsupported(format!("respond_to? on {}", c.recv.class_name())), c.at),
        }
    }),
]);

/// The methods a template or function calls without a receiver.
static KERNEL_METHODS: Table<ValueFn> = Table::new(&[
    one(&["has_variable?"], |it, c| Ok(RValue::Bool(it.host.variable(&c.args[0].to_s()).is_some()))),
    one(&["Array"], |_, c| {
        Ok(match &c.args[0] {
            RValue::Nil => RValue::array(vec![]),
            RValue::Array(_) => c.args[0].clone(),
            other => other.elements().map_or_else(|| RValue::array(vec![other.clone()]), RValue::array),
        })
    }),
    one(&["String"], |_, c| Ok(RValue::str(c.args[0].to_s()))),
    one(&["Integer"], |_, c| match &c.args[0] {
        RValue::Int(_) => Ok(c.args[0].clone()),
        RValue::Float(f) => Ok(RValue::Int(*f as i64)),
        RValue::Str(s) => s.trim().replace('_', "").parse().map(RValue::Int).or_else(|_| {
            err(RubyErrorKind::Argument(format!("invalid value for Integer(): {}", c.args[0].inspect())), c.at)
        }),
        other => err(RubyErrorKind::Type(format!("can't convert {} into Integer", other.class_name())), c.at),
    }),
    // `URI(text)` is `URI.parse(text)`.
    row(&["URI"], |it, c| {
        it.class_method("URI", "parse", c.args, None, c.at)
            .unwrap_or_else(|| err(RubyErrorKind::Unsupported("URI()".into()), c.at))
    }),
    // Templates and methods load libraries (`require 'ipaddr'`); what they
    // then use of them is checked where it is used. A module's own files
    // load at a function file's top level only.
    one(&["require"], |_, c| {
        let spec = c.args[0].to_s();
        if crate::load_path::provides(&spec) {
            Ok(RValue::Bool(true))
        } else if spec.starts_with("puppet_x/") {
            err(RubyErrorKind::Unsupported(format!("`require '{spec}'' of a module file inside a method")), c.at)
        } else {
            err(RubyErrorKind::Raised(crate::load_path::load_error(&spec)), c.at)
        }
    }),
]);

impl Interp<'_> {
    /// `name` of any value `recv`, or `None` when it is not one of the
    /// methods every value has.
    pub(crate) fn object_method_of_any(&mut self, c: &Call<'_>) -> Option<Ev> {
        let row = OBJECT_METHODS.find(c.name)?;
        Some(row.admit(c.name, c.args.len(), c.block.is_some(), c.at).and_then(|run| run(self, c)))
    }

    /// `name(args)` called without a receiver, or `None` when it is not one
    /// of the kernel's methods above.
    pub(crate) fn kernel_method(&mut self, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
        let row = KERNEL_METHODS.find(name)?;
        let call = Call { recv: &RValue::Nil, name, args, block: None, at };
        Some(row.admit(name, args.len(), false, at).and_then(|run| run(self, &call)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_object_row_is_a_method_of_ruby_object() {
        for row in OBJECT_METHODS.rows() {
            for name in row.names {
                assert_eq!(crate::missing::ruby_has("Object", name), Some(true), "{name}");
            }
        }
    }
}
