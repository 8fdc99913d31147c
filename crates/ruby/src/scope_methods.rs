//! What Puppet's scope answers to Ruby code (`scope.lookupvar`,
//! `scope.call_function`, `function_x`, `to_hash`, `catalog`, `resource`,
//! `compiler.loaders`), and calls of Puppet functions from Ruby.

use std::rc::Rc;

use crate::contract::{Arity, Call, Method, Table, Takes};
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::Interp;
use crate::methods::variable_name;
use crate::value::{from_puppet, RValue};

/// A scope method's implementation.
type ScopeFn = fn(&mut Interp<'_>, &Call<'_>) -> Ev;

/// The scope's methods whose contract is fixed; the others (`compiler`,
/// `send`, `call_function`, `function_x`) are chosen by their arguments or
/// their name's prefix in [`Interp::scope_method`].
static SCOPE_METHODS: Table<ScopeFn> = Table::new(&[
    Method {
        names: &["lookupvar", "[]"],
        arity: Arity::Exactly(1),
        takes: Takes::AnyBlock,
        run: |it, c| it.scope_variable_value(&variable_name(&c.args[0]), c.at),
    },
    Method {
        names: &["setvar"],
        arity: Arity::Exactly(2),
        takes: Takes::AnyBlock,
        run: |it, c| {
            let value = crate::binary::puppet_value(&c.args[1], c.at)?;
            match it.host.set_variable(&c.args[0].to_s(), value) {
                Ok(()) => Ok(c.args[1].clone()),
                Err(message) => err(RubyErrorKind::Function(message), c.at),
            }
        },
    },
    // A Hash of the defaults' attribute names (Symbols) to their values
    // (Puppet's are Param objects; their names are what code asks of them).
    Method {
        names: &["lookupdefaults"],
        arity: Arity::Exactly(1),
        takes: Takes::AnyBlock,
        run: |it, c| match it.host.resource_defaults(&c.args[0].to_s()) {
            Some(defaults) => Ok(RValue::hash(
                defaults.into_iter().map(|(k, v)| (RValue::Sym(Rc::from(k)), from_puppet(&v))).collect(),
            )),
            None => err(RubyErrorKind::Unsupported("the scope method `lookupdefaults'".into()), c.at),
        },
    },
    // Puppet's `Scope#to_hash` leaves out variables that are undef.
    Method {
        names: &["to_hash"],
        arity: Arity::Unchecked,
        takes: Takes::AnyBlock,
        run: |it, _| {
            let vars = it.host.variables();
            Ok(RValue::hash(
                vars.into_iter()
                    .filter(|(_, v)| !v.is_undef())
                    .map(|(k, v)| (RValue::str(k), from_puppet(&v)))
                    .collect(),
            ))
        },
    },
]);

impl Interp<'_> {
    /// What `scope.lookupvar(var)` answers: the object a template changed
    /// in place, else the Puppet variable's value, else nil (and Puppet's
    /// warning).
    pub(crate) fn scope_variable_value(&mut self, var: &str, at: usize) -> Ev {
        if let Some((_, now)) = self.bound.get(var) {
            return Ok(now.clone());
        }
        match self.host.variable(var) {
            Some(v) => {
                // One object however often it is read, as `@x` is.
                let value = self.host.changed_variable(var).unwrap_or_else(|| from_puppet(&v));
                self.bound.insert(var.to_string(), (value.clone(), value.clone()));
                Ok(value)
            }
            None => match self.host.undefined_variable(var) {
                Ok(()) => Ok(RValue::Nil),
                Err(message) => err(RubyErrorKind::Argument(message), at),
            },
        }
    }

    pub(crate) fn scope_method(&mut self, name: &str, args: Vec<RValue>, at: usize) -> Ev {
        if let Some(row) = SCOPE_METHODS.find(name) {
            let run = row.admit(name, args.len(), false, at)?;
            return run(self, &Call { recv: &RValue::Scope, name, args: &args, block: None, at });
        }
        match name {
            // The scope's compiler and environment: what confer's host
            // stands for (Puppet's lookups take them as their context).
            "compiler" | "environment" if args.is_empty() => Ok(RValue::Scope),
            "catalog" if args.is_empty() => Ok(RValue::Catalog),
            // `compiler.loaders`, whose environment loader finds functions.
            "loaders" if args.is_empty() => Ok(RValue::Class(Rc::from("Puppet::Pops::Loaders"))),
            "resource" if args.is_empty() => match self.host.scope_resource() {
                Some(r) => Ok(RValue::Resource(Rc::new(r))),
                None => Ok(RValue::Nil),
            },
            // `scope.send('function_x', [args])`: the one use of `send`
            // module code makes, calling a 3.x function.
            "send" | "public_send" if args.first().is_some_and(|m| m.to_s().starts_with("function_")) => {
                let mut args = args;
                let method = args.remove(0).to_s();
                self.scope_method(&method, args, at)
            }
            "call_function" => {
                if args.is_empty() || args.len() > 2 {
                    return err(
                        RubyErrorKind::Argument("call_function expects a name and an array of arguments".into()),
                        at,
                    );
                }
                let fname = args[0].to_s();
                // Puppet splats the arguments (`function.call(scope, *args)`):
                // a Hash gives its pairs, nil nothing.
                let fargs = match args.get(1) {
                    None | Some(RValue::Nil) => Vec::new(),
                    Some(RValue::Array(items)) => crate::binary::puppet_values(&items.snapshot(), at)?,
                    Some(RValue::Hash(pairs)) => {
                        let pairs: Vec<RValue> =
                            pairs.snapshot().into_iter().map(|(k, v)| RValue::array(vec![k, v])).collect();
                        crate::binary::puppet_values(&pairs, at)?
                    }
                    Some(other) => vec![crate::binary::puppet_value(other, at)?],
                };
                self.puppet_call(&fname, fargs, at)
            }
            _ if name.starts_with("function_") => {
                let fname = &name["function_".len()..];
                if !self.host.has_legacy_function(fname) {
                    let receiver = format!("{}:Puppet::Parser::Scope", self.host.scope_label());
                    return err(RubyErrorKind::NoMethod { method: name.into(), receiver, hint: String::new() }, at);
                }
                let fargs = match args.as_slice() {
                    [RValue::Array(items)] => crate::binary::puppet_values(&items.snapshot(), at)?,
                    [] => Vec::new(),
                    _ => {
                        return err(
                            RubyErrorKind::Argument(format!(
                                "{name}(): Wrong number of arguments given (expected an Array)"
                            )),
                            at,
                        )
                    }
                };
                match self.host.call_legacy_function(fname, fargs) {
                    Ok(v) => Ok(from_puppet(&v)),
                    Err(message) => err(RubyErrorKind::Function(message), at),
                }
            }
            _ => err(RubyErrorKind::Unsupported(format!("the scope method `{name}'")), at),
        }
    }

    pub(crate) fn puppet_call(&mut self, name: &str, args: Vec<confer_core::Value>, at: usize) -> Ev {
        match self.host.call_function(name, args) {
            Ok(v) => Ok(from_puppet(&v)),
            Err(message) => err(RubyErrorKind::Function(message), at),
        }
    }
}
