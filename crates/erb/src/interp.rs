//! Running a template's program: statements, control flow, variables and
//! blocks. Method calls on values live in `methods`.

use std::collections::HashMap;
use std::rc::Rc;

use crate::ast::{Block, Kind, Node, Param, Part};
use crate::error::{ErbError, ErbErrorKind};
use crate::value::{from_puppet, RValue};
use crate::Host;

/// How many expressions one rendering may evaluate: a runaway loop stops
/// with an error instead of hanging the compile.
const MAX_STEPS: u64 = 5_000_000;

/// How deeply blocks and calls may nest.
const MAX_DEPTH: usize = 200;

/// The longest string (in bytes) or array a template may build, and the most
/// it may output: repeating or doubling a string in a loop would otherwise
/// take all memory (`'5' * 405 * 405 * 17204` is 2.8 GB).
pub(crate) const MAX_SIZE: usize = 1 << 24;

/// The most bytes a value may take with its shared parts written out
/// (`RValue::expanded_size`): bounds every walk over a value built by
/// doubling `[a, a]` in a loop, as the evaluator's limit of the same name does.
pub(crate) const MAX_EXPANDED_BYTES: u64 = 256 * 1024 * 1024;

/// `v`, or an error when it is a string or array past [`MAX_SIZE`] or any
/// value past [`MAX_EXPANDED_BYTES`].
pub(crate) fn bounded(v: RValue, at: usize) -> Ev {
    let size = match &v {
        RValue::Str(s) => s.len(),
        RValue::Array(items) => items.len(),
        _ => 0,
    };
    if size > MAX_SIZE {
        return err(ErbErrorKind::Limit(too_big()), at);
    }
    if v.expanded_size() > MAX_EXPANDED_BYTES {
        return err(
            ErbErrorKind::Limit(format!(
                "the template built a value that takes more than {MAX_EXPANDED_BYTES} bytes with its shared parts \
                 counted each time they appear (confer's limit on hostile input)"
            )),
            at,
        );
    }
    Ok(v)
}

/// The error of a value or output past [`MAX_SIZE`].
pub(crate) fn too_big() -> String {
    format!("the template built a value or output larger than {MAX_SIZE} (confer's limit on hostile input)")
}

/// How evaluation leaves an expression other than with a value.
pub enum Ctl {
    /// An error.
    Err(ErbError),
    /// `next v` inside a block.
    Next(RValue),
    /// `break` inside a block or loop.
    Break,
    /// `return v` inside a method.
    Return(RValue),
}

impl From<ErbError> for Ctl {
    fn from(e: ErbError) -> Ctl {
        Ctl::Err(e)
    }
}

/// The result of evaluating something.
pub type Ev<T = RValue> = Result<T, Ctl>;

/// An error of `kind` at `at`.
pub fn err<T>(kind: ErbErrorKind, at: usize) -> Ev<T> {
    Err(Ctl::Err(ErbError::new(kind, at)))
}

/// A method the template defined: its parameters and body.
type Method = (Vec<String>, Vec<Node>);

/// The interpreter's state for one rendering.
pub struct Interp<'h> {
    pub(crate) host: &'h mut dyn Host,
    locals: HashMap<String, RValue>,
    /// Instance variables the template assigned.
    ivars: HashMap<String, RValue>,
    /// Puppet variables read as `@x`, each converted once so that it is one
    /// object however often it is read: as first read, and as now (a change
    /// in place replaces it).
    bound: HashMap<String, (RValue, RValue)>,
    /// Methods the template defined with `def`: parameters and body.
    methods: HashMap<String, Rc<Method>>,
    out: String,
    /// The groups of the last successful regexp match (`$~`), for `$1`…;
    /// a failed match clears them, as in Ruby.
    pub(crate) last_match: Option<Rc<Vec<Option<String>>>>,
    steps: u64,
    depth: usize,
}

impl<'h> Interp<'h> {
    /// An interpreter asking `host` for variables and functions.
    pub fn new(host: &'h mut dyn Host) -> Interp<'h> {
        Interp {
            host,
            locals: HashMap::new(),
            ivars: HashMap::new(),
            bound: HashMap::new(),
            methods: HashMap::new(),
            out: String::new(),
            last_match: None,
            steps: 0,
            depth: 0,
        }
    }

    /// Runs the program and returns what it rendered.
    pub fn run(mut self, program: &[Node]) -> Result<String, ErbError> {
        match self.block_body(program) {
            Ok(_) => {
                // The Puppet variables whose objects the template changed
                // in place hold them changed from now on.
                for (name, (first, now)) in std::mem::take(&mut self.bound) {
                    if !first.same_object(&now) {
                        self.host.change_variable(&name, now);
                    }
                }
                Ok(self.out)
            }
            Err(Ctl::Err(e)) => Err(e),
            Err(Ctl::Next(_)) | Err(Ctl::Break) => {
                Err(ErbError::new(ErbErrorKind::Syntax("next or break outside a block".into()), 0))
            }
            Err(Ctl::Return(_)) => Err(ErbError::new(ErbErrorKind::Syntax("return outside a method".into()), 0)),
        }
    }

    /// Evaluates statements; the value is the last one's.
    pub fn block_body(&mut self, body: &[Node]) -> Ev {
        let mut last = RValue::Nil;
        for n in body {
            last = self.eval(n)?;
        }
        Ok(last)
    }

    /// Evaluates one expression.
    pub fn eval(&mut self, n: &Node) -> Ev {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return err(ErbErrorKind::Limit(format!("template evaluation ran past {MAX_STEPS} steps")), n.at);
        }
        match &n.kind {
            Kind::Nil => Ok(RValue::Nil),
            Kind::Bool(b) => Ok(RValue::Bool(*b)),
            Kind::Int(i) => Ok(RValue::Int(*i)),
            Kind::Float(f) => Ok(RValue::Float(*f)),
            Kind::Str(parts) => {
                let mut s = String::new();
                for p in parts {
                    match p {
                        Part::Lit(t) => s.push_str(t),
                        Part::Code(body) => s.push_str(&self.block_body(body)?.to_s()),
                    }
                }
                bounded(RValue::str(s), n.at)
            }
            Kind::Sym(s) => Ok(RValue::Sym(Rc::from(s.as_str()))),
            Kind::Regex(src) => confer_core::Regexp::new(src)
                .map(|r| RValue::Regex(std::sync::Arc::new(r)))
                .or_else(|e| err(ErbErrorKind::Syntax(e.to_string()), n.at)),
            Kind::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    out.push(self.eval(i)?);
                }
                bounded(RValue::array(out), n.at)
            }
            Kind::Hash(pairs) => {
                let mut out: Vec<(RValue, RValue)> = Vec::with_capacity(pairs.len());
                for (k, v) in pairs {
                    let key = self.eval(k)?;
                    let value = self.eval(v)?;
                    match out.iter_mut().find(|(k2, _)| k2.equals(&key)) {
                        Some(slot) => slot.1 = value,
                        None => out.push((key, value)),
                    }
                }
                bounded(RValue::hash(out), n.at)
            }
            Kind::Range(a, b, exclusive) => {
                let (RValue::Int(x), RValue::Int(y)) = (self.eval(a)?, self.eval(b)?) else {
                    return err(ErbErrorKind::Unsupported("ranges of values other than integers".into()), n.at);
                };
                Ok(RValue::Range(x, if *exclusive { y - 1 } else { y }))
            }
            Kind::IVar(name) => Ok(self.ivar(name)),
            Kind::MatchRef(n) => {
                Ok(self.last_match.as_ref().and_then(|m| m.get(*n).cloned().flatten()).map_or(RValue::Nil, RValue::str))
            }
            Kind::Local(name) => Ok(self.locals.get(name).cloned().unwrap_or(RValue::Nil)),
            Kind::Const(name) => match name.as_str() {
                "String" | "Integer" | "Float" | "Array" | "Hash" | "Symbol" | "NilClass" | "TrueClass"
                | "FalseClass" | "Numeric" | "Fixnum" | "Bignum" | "Regexp" | "Object" | "Enumerable"
                | "Comparable" | "Range" | "IPAddr" => Ok(RValue::Class(Rc::from(name.as_str()))),
                _ => err(ErbErrorKind::Unsupported(format!("the constant {name}")), n.at),
            },
            Kind::Call { recv: None, name, args, block: None } if name == "defined?" && args.len() == 1 => {
                Ok(self.defined(&args[0]))
            }
            Kind::Call { recv, name, args, block } => {
                let receiver = match recv {
                    Some(r) => Some(self.eval(r)?),
                    None => None,
                };
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.eval(a)?);
                }
                self.enter(n.at)?;
                let result = match receiver {
                    Some(r) => self.call_method(r, name, values, block.as_deref(), n.at, recv.as_deref()),
                    None => self.call_self(name, values, block.as_deref(), n.at),
                };
                self.depth -= 1;
                result
            }
            Kind::Not(e) => Ok(RValue::Bool(!self.eval(e)?.truthy())),
            Kind::And(a, b) => {
                let l = self.eval(a)?;
                if l.truthy() {
                    self.eval(b)
                } else {
                    Ok(l)
                }
            }
            Kind::Or(a, b) => {
                let l = self.eval(a)?;
                if l.truthy() {
                    Ok(l)
                } else {
                    self.eval(b)
                }
            }
            Kind::If(c, then, otherwise) => {
                if self.eval(c)?.truthy() {
                    self.block_body(then)
                } else {
                    self.block_body(otherwise)
                }
            }
            Kind::Case(subject, whens, otherwise) => {
                let value = match subject {
                    Some(s) => Some(self.eval(s)?),
                    None => None,
                };
                for (tests, body) in whens {
                    for t in tests {
                        let test = self.eval(t)?;
                        let hit = match (&value, &test) {
                            (Some(RValue::Str(s)), RValue::Regex(r)) => {
                                self.last_match = r.captures(s).map(Rc::new);
                                self.last_match.is_some()
                            }
                            (Some(v), _) => crate::methods::case_equal(&test, v),
                            (None, _) => test.truthy(),
                        };
                        if hit {
                            return self.block_body(body);
                        }
                    }
                }
                self.block_body(otherwise)
            }
            Kind::While(cond, body) => {
                while self.eval(cond)?.truthy() {
                    match self.block_body(body) {
                        Ok(_) | Err(Ctl::Next(_)) => {}
                        Err(Ctl::Break) => break,
                        Err(e) => return Err(e),
                    }
                }
                Ok(RValue::Nil)
            }
            Kind::For(vars, list, body) => {
                let items = self.eval(list)?;
                let Some(elements) = items.elements() else {
                    return err(ErbErrorKind::NoMethod { method: "each".into(), receiver: items.describe() }, list.at);
                };
                for item in elements {
                    let args = vec![item];
                    bind_params(&mut self.locals, vars, args);
                    match self.block_body(body) {
                        Ok(_) | Err(Ctl::Next(_)) => {}
                        Err(Ctl::Break) => break,
                        Err(e) => return Err(e),
                    }
                }
                Ok(items)
            }
            Kind::Assign(target, value) => {
                let v = self.eval(value)?;
                self.assign(target, v.clone())?;
                Ok(v)
            }
            Kind::Next(v) => {
                let value = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                Err(Ctl::Next(value))
            }
            Kind::Break => Err(Ctl::Break),
            Kind::Begin(body, rescues, ensure) => {
                let result = match self.block_body(body) {
                    Err(Ctl::Err(e)) => match ruby_class(&e.kind) {
                        Some(class) => match rescues.iter().find(|r| catches(r, class)) {
                            Some(rescue) => {
                                if let Some(var) = &rescue.var {
                                    self.locals.insert(var.clone(), RValue::str(e.kind.to_string()));
                                }
                                self.block_body(&rescue.body)
                            }
                            None => Err(Ctl::Err(e)),
                        },
                        None => Err(Ctl::Err(e)),
                    },
                    other => other,
                };
                self.block_body(ensure)?;
                result
            }
            Kind::Def(name, params, body) => {
                self.methods.insert(name.clone(), Rc::new((params.clone(), body.clone())));
                Ok(RValue::Sym(Rc::from(name.as_str())))
            }
            Kind::Return(v) => {
                let value = match v {
                    Some(v) => self.eval(v)?,
                    None => RValue::Nil,
                };
                Err(Ctl::Return(value))
            }
            Kind::Text(t) => {
                self.out.push_str(t);
                self.bounded_output(n.at)
            }
            Kind::Insert(body) => {
                let v = self.block_body(body)?;
                self.out.push_str(&v.to_s());
                self.bounded_output(n.at)
            }
            Kind::Seq(body) => self.block_body(body),
        }
    }

    fn bounded_output(&self, at: usize) -> Ev {
        if self.out.len() > MAX_SIZE {
            return err(ErbErrorKind::Limit(too_big()), at);
        }
        Ok(RValue::Nil)
    }

    fn enter(&mut self, at: usize) -> Ev<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return err(ErbErrorKind::Limit(format!("template calls nested deeper than {MAX_DEPTH} levels")), at);
        }
        Ok(())
    }

    /// `defined?(x)`: what `x` is, or nil for an instance variable Puppet
    /// did not bind.
    fn defined(&mut self, n: &Node) -> RValue {
        match &n.kind {
            Kind::IVar(name) if self.ivars.contains_key(name) || self.host.variable(name).is_some() => {
                RValue::str("instance-variable")
            }
            Kind::IVar(_) => RValue::Nil,
            Kind::Local(_) => RValue::str("local-variable"),
            Kind::Call { recv: None, name, args, .. } if args.is_empty() && name == "scope" => RValue::str("method"),
            _ => RValue::str("expression"),
        }
    }

    /// `@name`: assigned in the template, else the Puppet variable.
    fn ivar(&mut self, name: &str) -> RValue {
        if let Some(v) = self.ivars.get(name) {
            return v.clone();
        }
        if let Some((_, now)) = self.bound.get(name) {
            return now.clone();
        }
        let Some(value) = self.host.variable(name) else { return RValue::Nil };
        let value = self.host.changed_variable(name).unwrap_or_else(|| from_puppet(&value));
        self.bound.insert(name.to_string(), (value.clone(), value.clone()));
        value
    }

    /// After `old` was changed in place into `new`: every variable holding
    /// the object `old` holds `new`, as every Ruby reference to one object
    /// sees it change (`aliases = @list; aliases << x` changes `@list`).
    pub(crate) fn changed_in_place(&mut self, old: &RValue, new: &RValue) {
        let slots =
            self.locals.values_mut().chain(self.ivars.values_mut()).chain(self.bound.values_mut().map(|(_, now)| now));
        for slot in slots {
            if slot.same_object(old) {
                *slot = new.clone();
            }
        }
    }

    /// Stores `value` where `target` says. Values are immutable here, so
    /// `x[k] = v` makes a changed copy, stores it in `x`, and every other
    /// variable that held the same object takes it too (Ruby's sharing).
    pub fn assign(&mut self, target: &Node, value: RValue) -> Ev<()> {
        match &target.kind {
            Kind::Local(name) => {
                self.locals.insert(name.clone(), value);
                Ok(())
            }
            Kind::IVar(name) => {
                self.ivars.insert(name.clone(), value);
                Ok(())
            }
            Kind::Call { recv: Some(recv), name, args, .. } if name == "[]" && args.len() == 1 => {
                let var = self.scope_variable(recv)?;
                let container = match &var {
                    Some(var) => self.scope_variable_value(var, target.at)?,
                    None => self.eval(recv)?,
                };
                let key = self.eval(&args[0])?;
                let before = container.clone();
                let updated = crate::methods::index_set(container, key, value, target.at)?;
                match var {
                    // `scope.lookupvar('x')[k] = v` changes the object the
                    // Puppet variable holds.
                    Some(var) => {
                        self.host.change_variable(&var, updated);
                        Ok(())
                    }
                    None => {
                        self.assign(recv, updated.clone())?;
                        self.changed_in_place(&before, &updated);
                        Ok(())
                    }
                }
            }
            _ => err(ErbErrorKind::Unsupported("assignment to this expression".into()), target.at),
        }
    }

    /// The Puppet variable an expression reads, when it is
    /// `scope.lookupvar('x')` or `scope['x']`.
    fn scope_variable(&mut self, e: &Node) -> Ev<Option<String>> {
        let Kind::Call { recv: Some(recv), name, args, .. } = &e.kind else { return Ok(None) };
        if !matches!(name.as_str(), "lookupvar" | "[]") || args.len() != 1 {
            return Ok(None);
        }
        if !matches!(self.eval(recv)?, RValue::Scope) {
            return Ok(None);
        }
        Ok(Some(crate::methods::variable_name(&self.eval(&args[0])?)))
    }

    /// Calls the template's method `name` if it defined one: its body runs
    /// with only its parameters as locals, and `return` ends it.
    pub fn call_defined(&mut self, name: &str, args: &[RValue], at: usize) -> Option<Ev> {
        let method = self.methods.get(name)?.clone();
        let (params, body) = &*method;
        if params.len() != args.len() {
            return Some(err(
                ErbErrorKind::Argument(format!(
                    "wrong number of arguments (given {}, expected {})",
                    args.len(),
                    params.len()
                )),
                at,
            ));
        }
        let locals = params.iter().cloned().zip(args.iter().cloned()).collect();
        let outer = std::mem::replace(&mut self.locals, locals);
        let result = self.block_body(body);
        self.locals = outer;
        Some(match result {
            Err(Ctl::Return(v)) => Ok(v),
            Err(Ctl::Next(_)) | Err(Ctl::Break) => {
                err(ErbErrorKind::Syntax("next or break outside a block".into()), at)
            }
            other => other,
        })
    }

    /// Calls `block` with `args`, with Ruby's block-parameter rules; the
    /// block's parameters shadow locals of the same name for the call.
    pub fn call_block(&mut self, block: &Block, args: Vec<RValue>, at: usize) -> Ev {
        self.enter(at)?;
        let names = param_names(&block.params);
        let saved: Vec<(String, Option<RValue>)> =
            names.iter().map(|n| (n.clone(), self.locals.get(n).cloned())).collect();
        bind_params(&mut self.locals, &block.params, args);
        let result = self.block_body(&block.body);
        for (name, old) in saved {
            match old {
                Some(v) => self.locals.insert(name, v),
                None => self.locals.remove(&name),
            };
        }
        self.depth -= 1;
        match result {
            Err(Ctl::Next(v)) => Ok(v),
            other => other,
        }
    }
}

/// The Ruby exception class of an error a template can rescue; `None` for
/// confer's own limits (an unsupported construct, a step or depth limit),
/// which must never be swallowed into different output.
fn ruby_class(kind: &ErbErrorKind) -> Option<&'static str> {
    match kind {
        ErbErrorKind::NoMethod { .. } => Some("NoMethodError"),
        ErbErrorKind::UndefinedName(_) => Some("NameError"),
        ErbErrorKind::Argument(_) => Some("ArgumentError"),
        ErbErrorKind::Type(_) => Some("TypeError"),
        ErbErrorKind::Function(_) => Some("Puppet::ParseError"),
        _ => None,
    }
}

/// Whether a `rescue` clause catches an exception of `class` (a bare
/// `rescue` catches StandardError, which all of them are).
fn catches(rescue: &crate::ast::Rescue, class: &str) -> bool {
    rescue.classes.is_empty()
        || rescue.classes.iter().any(|c| {
            c == class
                || matches!(c.as_str(), "StandardError" | "Exception")
                || (c == "NameError" && class == "NoMethodError")
                || (c == "Puppet::Error" && class == "Puppet::ParseError")
        })
}

fn param_names(params: &[Param]) -> Vec<String> {
    let mut out = Vec::new();
    for p in params {
        match p {
            Param::Name(n) => out.push(n.clone()),
            Param::Nested(inner) => out.extend(param_names(inner)),
        }
    }
    out
}

/// Binds block parameters: several parameters and one Array argument
/// spread the array over them, as Ruby's blocks do.
fn bind_params(locals: &mut HashMap<String, RValue>, params: &[Param], mut args: Vec<RValue>) {
    if params.len() > 1 && args.len() == 1 {
        if let RValue::Array(items) = &args[0] {
            args = items.to_vec();
        }
    }
    for (i, p) in params.iter().enumerate() {
        let v = args.get(i).cloned().unwrap_or(RValue::Nil);
        match p {
            Param::Name(n) => {
                locals.insert(n.clone(), v);
            }
            Param::Nested(inner) => {
                let items = match v {
                    RValue::Array(items) => items.to_vec(),
                    other => vec![other],
                };
                bind_params(locals, inner, vec![RValue::array(items)]);
            }
        }
    }
}
