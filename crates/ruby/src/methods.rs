//! The methods templates call on values (`.each`, `.join`, `.sort_by`,
//! `.include?`, `scope.lookupvar`, …), chosen by measuring Debian's module
//! templates. A method outside this list is an error naming it, never a
//! guess.

use std::cmp::Ordering;
use std::rc::Rc;

use crate::ast::{Block, Kind, Node};
use crate::contract::Call;
use crate::error::RubyErrorKind;
use crate::flow::{err, Ev};
use crate::interp::{Interp, SelfKind};
use crate::value::ordering::compare;
use crate::value::shared::Changes;
use crate::value::{from_puppet, RValue};

/// Ruby's `===` as `case`/`when` uses it: classes test membership, regexps
/// match, ranges include, anything else is `==`.
pub fn case_equal(test: &RValue, v: &RValue, at: usize) -> Ev<bool> {
    Ok(match (test, v) {
        (RValue::Class(c), _) => v.is_a(c),
        (RValue::Regex(r), RValue::Str(s)) => crate::flow::decided(r.try_is_match(s), at)?,
        (RValue::Range(a, b), RValue::Int(i)) => a <= i && i <= b,
        _ => test.equals(v),
    })
}

/// `container[key] = value`: an Array or Hash changes in place (every
/// reference to it sees the change, counted in `changes`); the container is
/// returned.
pub fn index_set(container: RValue, key: RValue, value: RValue, at: usize, changes: &mut Changes) -> Ev {
    match &container {
        RValue::Hash(pairs) => pairs.insert(&container, key, value, at, changes)?,
        RValue::Array(items) => {
            let RValue::Int(i) = key else {
                return err(RubyErrorKind::Type("no implicit conversion into Integer".into()), at);
            };
            let len = items.borrow().len();
            let idx = if i < 0 { len as i64 + i } else { i };
            if !(0..=1_000_000).contains(&idx) {
                return err(RubyErrorKind::Argument(format!("index {i} out of array")), at);
            }
            let idx = idx as usize;
            if idx < len {
                items.set(&container, idx, value, at, changes)?;
            } else {
                let mut grown = vec![RValue::Nil; idx - len];
                grown.push(value);
                items.push(&container, &grown, at, changes)?;
            }
        }
        other => {
            return err(
                RubyErrorKind::NoMethod { method: "[]=".into(), receiver: other.describe(), hint: String::new() },
                at,
            )
        }
    }
    Ok(container)
}

pub(crate) fn sort_values(items: &mut [RValue], at: usize) -> Ev<()> {
    let mut failed = None;
    items.sort_by(|a, b| {
        compare(a, b).unwrap_or_else(|| {
            failed.get_or_insert((a.class_name(), b.class_name()));
            Ordering::Equal
        })
    });
    match failed {
        Some((a, b)) => err(RubyErrorKind::Argument(format!("comparison of {a} with {b} failed")), at),
        None => Ok(()),
    }
}

pub(crate) fn flatten(items: &[RValue], out: &mut Vec<RValue>, depth: usize) {
    for i in items {
        match i {
            RValue::Array(inner) if depth < 100 => flatten(&inner.borrow(), out, depth + 1),
            other => out.push(other.clone()),
        }
    }
}

pub(crate) fn int_arg(args: &[RValue], i: usize, at: usize) -> Ev<i64> {
    match args.get(i) {
        Some(RValue::Int(n)) => Ok(*n),
        Some(other) => crate::flow::no_implicit(other, "Integer", at),
        None => err(RubyErrorKind::Argument("missing argument".into()), at),
    }
}

/// Ruby's `Regexp.escape`: metacharacters and white space escaped.
pub(crate) fn regexp_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\' | '-' | '#' => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push_str("\\ "),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out
}

/// `index` for Ruby's negative indices.
pub(crate) fn index(len: usize, i: i64) -> Option<usize> {
    let idx = if i < 0 { len as i64 + i } else { i };
    (idx >= 0 && (idx as usize) < len).then_some(idx as usize)
}

impl Interp<'_> {
    /// A method called without a receiver: the template's own (`scope`,
    /// `Array(x)`, `has_variable?`).
    pub fn call_self(&mut self, name: &str, args: Vec<RValue>, block: Option<&Rc<Block>>, at: usize) -> Ev {
        if let Some(object) = self.selves.last().cloned() {
            if name == "self" && args.is_empty() {
                return Ok(RValue::Object(object));
            }
            if matches!(name, "send" | "public_send" | "__send__") {
                return self.call_method(RValue::Object(object), name, args, block, at, None);
            }
            if let Some(result) = self.call_object(&object, name, &args, block, at, true) {
                return result;
            }
        }
        if let Some(result) = self.call_defined(name, &args, block, at) {
            return result;
        }
        if let Some(result) = self.class_body_call(name, &args, at) {
            return result;
        }
        if let Some(module) = self.modules_as_self.last().cloned() {
            if let Some(result) = self.class_method(&module, name, &args, block, at) {
                return result;
            }
        }
        if let Some(result) = self.kernel(name, &args, block, at) {
            return result;
        }
        if block.is_some() {
            return err(RubyErrorKind::Unsupported(format!("a block given to `{name}'")), at);
        }
        if let Some(result) = self.kernel_method(name, &args, at) {
            return result;
        }
        match name {
            "scope" if args.is_empty() && self.self_kind == SelfKind::Template => Ok(RValue::Scope),
            "self" if self.self_kind != SelfKind::Function => Ok(RValue::Scope),
            // A 3.x function's `self` is the calling scope.
            "lookupvar" | "call_function" | "setvar" | "compiler" | "environment" | "lookupdefaults"
                if self.self_kind == SelfKind::Scope =>
            {
                self.scope_method(name, args, at)
            }
            _ if name.starts_with("function_") && self.self_kind == SelfKind::Scope => {
                self.scope_method(name, args, at)
            }
            "closure_scope" if self.self_kind == SelfKind::Function => Ok(RValue::Scope),
            "call_function" if self.self_kind == SelfKind::Function => {
                let Some((fname, rest)) = args.split_first() else {
                    return err(RubyErrorKind::Argument("wrong number of arguments (given 0, expected 1+)".into()), at);
                };
                let fargs = crate::binary::puppet_values(rest, at)?;
                self.puppet_call(&fname.to_s(), fargs, at)
            }
            // `rand(n)`: a random draw, different every run, as in Ruby.
            "rand" if matches!(args.as_slice(), [RValue::Int(_)] | [RValue::Range(..)]) => {
                let mt = self.random.get_or_insert_with(crate::random::unseeded).clone();
                crate::random::method(&mt, "rand", &args, at)
            }
            "&" => err(RubyErrorKind::Unsupported("'&:symbol' outside a call".into()), at),
            _ if args.is_empty() => err(RubyErrorKind::UndefinedName(name.to_string()), at),
            _ => err(RubyErrorKind::Unsupported(format!("the method `{name}'")), at),
        }
    }

    /// Calls `name` on `recv`; `recv_node` is the receiver's syntax, which a
    /// mutating method (`<<`, `compact!`) updates when it is a variable.
    pub fn call_method(
        &mut self,
        recv: RValue,
        name: &str,
        args: Vec<RValue>,
        block: Option<&Rc<Block>>,
        at: usize,
        recv_node: Option<&Node>,
    ) -> Ev {
        let result = match &recv {
            // `send` reaches only the methods the code gave its own class
            // (a setter named by text); `send` passes privacy as in Ruby.
            RValue::Object(object)
                if matches!(name, "send" | "public_send" | "__send__")
                    && args.first().is_some_and(|m| {
                        self.methods.contains_key(&crate::value::object::instance_key(&object.class, &m.to_s()))
                    }) =>
            {
                let method = args[0].to_s();
                match self.call_object(object, &method, &args[1..], block, at, name != "public_send") {
                    Some(result) => result?,
                    None => return err(RubyErrorKind::Unsupported(format!("`{name}' of {method}")), at),
                }
            }
            RValue::Object(object) => {
                let from_self =
                    recv_node.is_some_and(|n| matches!(&n.kind, Kind::Call { recv: None, name, .. } if name == "self"));
                match self.call_object(object, name, &args, block, at, from_self) {
                    Some(result) => result?,
                    None => self.dispatch(recv.clone(), name, args, block.map(|b| &**b), at, recv_node)?,
                }
            }
            RValue::Class(class) if name == "new" && self.classes.contains(&**class) => {
                self.instantiate(&class.clone(), &args, block, at)?
            }
            RValue::Class(class) => match self.class_method(class, name, &args, block, at) {
                Some(result) => result?,
                None => self.dispatch(recv.clone(), name, args, block.map(|b| &**b), at, recv_node)?,
            },
            RValue::PuppetLambda if matches!(name, "call" | "()" | "yield" | "[]") => {
                self.call_puppet_lambda(args, at)?
            }
            RValue::Proc(b) if matches!(name, "call" | "()" | "yield" | "[]") => {
                let b = b.clone();
                self.call_block(&b, args, at)?
            }
            _ => match self.object_method(&recv, name, &args, block, at) {
                Some(result) => result?,
                None => self.dispatch(recv, name, args, block.map(|b| &**b), at, recv_node)?,
            },
        };
        crate::flow::bounded(result, at)
    }

    /// What [`Interp::call_method`] returns, before its size is checked.
    fn dispatch(
        &mut self,
        recv: RValue,
        name: &str,
        mut args: Vec<RValue>,
        block: Option<&Block>,
        at: usize,
        recv_node: Option<&Node>,
    ) -> Ev {
        if let Some(result) = self.mutating(&recv, name, &args, block, at, recv_node)? {
            return Ok(result);
        }
        let call = Call { recv: &recv, name, args: &args, block, at };
        if let Some(result) = self.object_method_of_any(&call) {
            return result;
        }
        match (&recv, name) {
            (_, "to_s") if args.is_empty() => Ok(RValue::str(recv.to_s())),
            (_, "to_yaml") if args.len() <= 1 => crate::psych_dump::ruby_to_yaml(&recv, args.first(), at),
            (_, "freeze" | "to_sym" | "itself") if !matches!(recv, RValue::Str(_)) || name != "to_sym" => {
                Ok(recv.clone())
            }
            (RValue::Scope, _) => self.scope_method(name, args, at),
            (RValue::Nil, "to_a") => Ok(RValue::array(vec![])),
            (RValue::Nil, "to_i") => Ok(RValue::Int(0)),
            (RValue::Nil, "empty?") => {
                err(RubyErrorKind::NoMethod { method: name.into(), receiver: recv.describe(), hint: String::new() }, at)
            }
            (RValue::Int(from), "times" | "upto" | "downto") if block.is_some() => {
                let b = block.unwrap_or_else(|| unreachable!("checked just above"));
                let (from, to, down) = match (name, args.as_slice()) {
                    ("times", []) => (0, from - 1, false),
                    ("upto", [RValue::Int(to)]) => (*from, *to, false),
                    ("downto", [RValue::Int(to)]) => (*from, *to, true),
                    _ => return err(RubyErrorKind::Argument(format!("wrong arguments calling `{name}'")), at),
                };
                let mut i = from;
                while if down { i >= to } else { i <= to } {
                    self.call_block(b, vec![RValue::Int(i)], at)?;
                    match if down { i.checked_sub(1) } else { i.checked_add(1) } {
                        Some(next) => i = next,
                        None => break,
                    }
                }
                Ok(recv.clone())
            }
            (RValue::Wide(i), _) => crate::wide::method(i, name, &args, at),
            (RValue::Random(r), _) => crate::random::method(r, name, &args, at),
            (RValue::Crypto(c), _) => crate::openssl::method(c, name, &args, at),
            (RValue::Resource(r), _) => crate::resources::method(r, name, &args, at),
            (RValue::Catalog, "resources") if args.is_empty() => match self.host.catalog_resources() {
                Some(all) => Ok(RValue::array(all.into_iter().map(|r| RValue::Resource(Rc::new(r))).collect())),
                None => err(RubyErrorKind::Unsupported("the catalog's resources here".into()), at),
            },
            (RValue::GemVersion(v), _) => crate::gem_version::method(v, &call),
            (RValue::Int(_) | RValue::Float(_), _) => crate::numeric::method(&recv, name, &args, at),
            (RValue::Str(s), _) => {
                let s = s.clone();
                self.string_method(&s, name, std::mem::take(&mut args), block, at)
            }
            (RValue::Bytes(b), _) => crate::binary::method(b, name, &args, at),
            (RValue::Sym(s), "to_sym") => Ok(RValue::Sym(s.clone())),
            (RValue::Sym(s), "to_proc" | "length" | "size" | "upcase" | "downcase" | "capitalize" | "<=>") => {
                self.string_method(&s.clone(), name, args, block, at)
            }
            (RValue::Array(_) | RValue::Range(..) | RValue::StrRange(_), _) => {
                self.array_method(recv, name, args, block, at)
            }
            (RValue::Hash(_), _) => self.hash_method(recv, name, args, block, at),
            (RValue::Class(c), "name") if args.is_empty() => Ok(RValue::Str(c.clone())),
            (RValue::Regex(r), _) => crate::regexp::method(self, r, &call),
            (RValue::IpAddr(ip), _) => match crate::ipaddr::method(ip, name, &args, at) {
                Some(result) => result,
                None => crate::missing::missing_method(&recv, name, at),
            },
            (RValue::IpRange(range), _) => match crate::ipaddr::range_method(range, name, &args, at) {
                Some(result) => result,
                None => err(RubyErrorKind::Unsupported(format!("the method Range#{name} on a range of addresses")), at),
            },
            (RValue::MatchData(m), "[]") if matches!(args.as_slice(), [RValue::Str(_) | RValue::Sym(_)]) => {
                let wanted = args[0].to_s();
                match m.names.iter().position(|n| n.as_deref() == Some(&*wanted)) {
                    Some(i) => Ok(m.groups[i].clone().map_or(RValue::Nil, RValue::str)),
                    None => err(
                        RubyErrorKind::Raised(crate::value::Exception {
                            class: "IndexError".into(),
                            message: format!("undefined group name reference: {wanted}"),
                        }),
                        at,
                    ),
                }
            }
            (RValue::MatchData(m), "names") => Ok(RValue::array(m.names.iter().flatten().map(RValue::str).collect())),
            (RValue::MatchData(m), "named_captures") => Ok(RValue::hash(
                m.names
                    .iter()
                    .enumerate()
                    .filter_map(|(i, n)| {
                        let value = m.groups.get(i).cloned().flatten().map_or(RValue::Nil, RValue::str);
                        n.as_ref().map(|n| (RValue::str(n), value))
                    })
                    .collect(),
            )),
            (RValue::MatchData(m), "[]") => {
                let groups = RValue::array(m.iter().map(|g| g.clone().map_or(RValue::Nil, RValue::str)).collect());
                self.array_method(groups, "[]", args, None, at)
            }
            (RValue::MatchData(m), "length" | "size") => Ok(RValue::Int(m.len() as i64)),
            (RValue::MatchData(m), "captures") => {
                Ok(RValue::array(m.iter().skip(1).map(|c| c.clone().map_or(RValue::Nil, RValue::str)).collect()))
            }
            (RValue::Opaque(v), "unwrap") => match &**v {
                confer_core::Value::Sensitive(inner) => Ok(from_puppet(inner)),
                _ => crate::missing::missing_method(&recv, name, at),
            },
            _ => crate::missing::missing_method(&recv, name, at),
        }
    }
}

/// A variable's name as `scope.lookupvar` takes it: top scope's `::x` is `x`.
pub(crate) fn variable_name(name: &RValue) -> String {
    let var = name.to_s();
    var.strip_prefix("::").unwrap_or(&var).to_string()
}
