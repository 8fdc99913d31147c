//! Running Ruby: a template's or function's statements, control flow,
//! variables and blocks. Methods the code defines are in `defined`,
//! assignment and change in place in `assign`; method calls on values in
//! `methods`, which dispatches to the tables of each receiver family
//! (`array`, `hash`, `numeric`, `kernel`, `regexp`, `strings`, …); library
//! classes in `library` and `class_methods`; how an expression is left
//! (`Ctl`) and the common errors in `flow`.

use std::collections::HashMap;
use std::rc::Rc;

use crate::ast::{Block, DefParam, Kind, Node, Part};
use crate::error::{RubyError, RubyErrorKind};
use crate::flow::{bounded, decided, err, too_big, Ctl, Ev, MAX_SIZE};
use crate::value::shared::Changes;
use crate::value::{from_puppet, RValue};
use crate::Host;

/// How many expressions one rendering may evaluate: a runaway loop stops
/// with an error instead of hanging the compile.
const MAX_STEPS: u64 = 5_000_000;

/// How many steps pass between two questions to the host whether the user
/// asked to stop: often enough to answer Ctrl-C at once, rarely enough to
/// cost nothing.
const INTERRUPT_EVERY: u64 = 4096;

/// How deeply blocks and calls may nest.
const MAX_DEPTH: usize = 200;

/// A method the code defined: its parameters and body.
pub(crate) type Method = (Vec<DefParam>, Vec<Node>);

/// Whose `self` the code runs as, which decides what a call without a
/// receiver can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfKind {
    /// A template (Puppet's `TemplateWrapper`): `scope`, `@x`.
    Template,
    /// A 3.x function: `self` is the calling scope (`lookupvar`,
    /// `function_x`).
    Scope,
    /// A 4.x function: `call_function`, `closure_scope`.
    Function,
}

/// The interpreter's state for one rendering.
pub struct Interp<'h> {
    pub(crate) host: &'h mut dyn Host,
    pub(crate) locals: HashMap<String, RValue>,
    /// Instance variables the template assigned.
    pub(crate) ivars: HashMap<String, RValue>,
    /// Puppet variables read as `@x`, each converted once so that it is one
    /// object however often it is read: as first read, and as now (a change
    /// in place replaces it).
    pub(crate) bound: HashMap<String, (RValue, RValue)>,
    /// Methods the code defined with `def`: parameters and body; a
    /// module's own (`def self.x`) as `Module.x`.
    pub(crate) methods: HashMap<String, Rc<Method>>,
    /// Constants the code assigned (`LIMIT = 10`), by qualified name.
    pub(crate) consts: HashMap<String, RValue>,
    /// The modules being defined, innermost last.
    pub(crate) modules: Vec<String>,
    /// The module each module method running belongs to, innermost last:
    /// its `self`, whose methods a call without a receiver reaches.
    pub(crate) modules_as_self: Vec<String>,
    /// The classes the code defined, by qualified name.
    pub(crate) classes: std::collections::HashSet<String>,
    /// The instance methods (`Class#name`) declared private.
    pub(crate) private: std::collections::HashSet<String>,
    /// Whether the class body being run is past a bare `private`.
    pub(crate) defining_private: bool,
    /// The objects whose methods are running, innermost last: `self`.
    pub(crate) selves: Vec<Rc<crate::value::object::Object>>,
    /// A template's: the compile's template methods (see `TemplateMethods`).
    pub(crate) template_methods: Option<crate::TemplateMethods>,
    /// The generator `Kernel#rand` draws from, made on first use.
    pub(crate) random: Option<Rc<std::cell::RefCell<rand_mt::Mt>>>,
    /// The block given to each method running, innermost last (`yield`).
    pub(crate) blocks: Vec<Option<Rc<Block>>>,
    /// Compiled regexps by source: a literal in a loop compiles once.
    regexps: HashMap<String, std::sync::Arc<confer_core::Regexp>>,
    /// Whose `self` the code runs as.
    pub(crate) self_kind: SelfKind,
    /// Whether the function's entry method was given a Puppet lambda,
    /// which `yield` there calls through the host.
    pub(crate) puppet_lambda: bool,
    /// The files the code may read: those Puppet's own lookups gave it
    /// (`Puppet::Parser::Files.find_template`).
    pub(crate) readable: std::collections::HashSet<String>,
    out: String,
    /// The groups of the last successful regexp match (`$~`), for `$1`…;
    /// a failed match clears them, as in Ruby.
    pub(crate) last_match: Option<Rc<crate::value::Matched>>,
    steps: u64,
    pub(crate) depth: usize,
    /// Changes in place made to Arrays and Hashes (see `shared`), counted
    /// so that a run knows whether any object it read may have changed.
    pub(crate) changes: Changes,
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
            consts: HashMap::new(),
            modules: Vec::new(),
            modules_as_self: Vec::new(),
            classes: Default::default(),
            private: Default::default(),
            defining_private: false,
            selves: Vec::new(),
            random: None,
            template_methods: None,
            blocks: Vec::new(),
            regexps: HashMap::new(),
            self_kind: SelfKind::Template,
            puppet_lambda: false,
            readable: Default::default(),
            out: String::new(),
            last_match: None,
            steps: 0,
            depth: 0,
            changes: Changes::default(),
        }
    }

    /// Runs the program and returns what it rendered.
    pub fn run(mut self, program: &[Node]) -> Result<String, RubyError> {
        let changes = self.changes;
        match self.block_body(program) {
            Ok(_) => {
                // The Puppet variables whose objects the template changed
                // in place hold them changed from now on: a String
                // replaced, an Array or Hash whose contents differ now.
                let changed_objects = self.changes != changes;
                for (name, (first, now)) in std::mem::take(&mut self.bound) {
                    let changed = !first.same_object(&now)
                        || changed_objects
                            && now.object_id().is_some()
                            && self.host.variable(&name).is_some_and(|v| crate::value::to_puppet(&now) != v);
                    if changed {
                        self.host.change_variable(&name, now);
                    }
                }
                Ok(self.out)
            }
            Err(Ctl::Err(e)) => Err(e),
            Err(Ctl::Next(_)) | Err(Ctl::Break(_)) => {
                Err(RubyError::new(RubyErrorKind::Syntax("next or break outside a block".into()), 0))
            }
            Err(Ctl::Return(_)) => Err(RubyError::new(RubyErrorKind::Syntax("return outside a method".into()), 0)),
        }
    }

    /// Runs a program's top level for its definitions (`def`, modules,
    /// constants), as loading a Ruby file does.
    pub fn load(&mut self, program: &[Node]) -> Result<(), RubyError> {
        match self.block_body(program) {
            Ok(_) => Ok(()),
            Err(Ctl::Err(e)) => Err(e),
            Err(_) => Err(RubyError::new(RubyErrorKind::Syntax("next, break or return at the top level".into()), 0)),
        }
    }

    /// Evaluates statements; the value is the last one's.
    pub fn block_body(&mut self, body: &[Node]) -> Ev {
        let mut last = RValue::Nil;
        for n in body {
            // The value of a statement is let go before the next runs: a
            // held copy would count as another holder of the object
            // (`changed_in_place`).
            drop(std::mem::replace(&mut last, RValue::Nil));
            last = self.eval(n)?;
        }
        Ok(last)
    }

    /// Evaluates one expression.
    pub fn eval(&mut self, n: &Node) -> Ev {
        self.tick(n.at)?;
        match &n.kind {
            Kind::Nil => Ok(RValue::Nil),
            Kind::Bool(b) => Ok(RValue::Bool(*b)),
            Kind::Int(i) => Ok(RValue::Int(*i)),
            Kind::Float(f) => Ok(RValue::Float(*f)),
            Kind::Str(parts) => {
                let mut s = String::new();
                let mut binary: Vec<RValue> = Vec::new();
                for p in parts {
                    match p {
                        Part::Lit(t) => s.push_str(t),
                        Part::Code(body) => match self.block_body(body)? {
                            RValue::Bytes(b) => {
                                binary.push(RValue::str(std::mem::take(&mut s)));
                                binary.push(RValue::Bytes(b));
                            }
                            other => s.push_str(&other.to_s()),
                        },
                    }
                }
                if !binary.is_empty() {
                    binary.push(RValue::str(s));
                    return bounded(crate::binary::join(&binary, n.at)?, n.at);
                }
                bounded(RValue::str(s), n.at)
            }
            Kind::Sym(s) => Ok(RValue::Sym(Rc::from(s.as_str()))),
            Kind::Regex(parts) => {
                let mut src = String::new();
                for p in parts {
                    match p {
                        Part::Lit(t) => src.push_str(t),
                        Part::Code(body) => src.push_str(&self.block_body(body)?.to_s()),
                    }
                }
                self.regexp(&src, n.at).map(RValue::Regex)
            }
            Kind::Array(items) => {
                let out = self.eval_args(items)?;
                bounded(RValue::array(out), n.at)
            }
            Kind::Hash(pairs) => {
                let mut out = crate::value::pairs::Pairs::new();
                for (k, v) in pairs {
                    let key = self.eval(k)?;
                    let value = self.eval(v)?;
                    out.insert(key, value);
                }
                bounded(RValue::hash(out), n.at)
            }
            Kind::Range(a, b, exclusive) => match (self.eval(a)?, self.eval(b)?) {
                (RValue::Int(x), RValue::Int(y)) => Ok(RValue::Range(x, if *exclusive { y - 1 } else { y })),
                (RValue::Str(x), RValue::Str(y)) => Ok(RValue::StrRange(Rc::new(crate::ranges::StrRange {
                    first: x.to_string(),
                    last: y.to_string(),
                    exclusive: *exclusive,
                }))),
                _ => err(RubyErrorKind::Unsupported("ranges of values other than integers and strings".into()), n.at),
            },
            Kind::IVar(name) => Ok(self.ivar(name)),
            Kind::GVar(name) => err(RubyErrorKind::Unsupported(format!("the global variable ${name}")), n.at),
            Kind::MatchRef(n) => {
                Ok(self.last_match.as_ref().and_then(|m| m.get(*n).cloned().flatten()).map_or(RValue::Nil, RValue::str))
            }
            Kind::LastMatch => Ok(self.last_match.clone().map_or(RValue::Nil, RValue::MatchData)),
            Kind::Local(name) => Ok(self.locals.get(name).cloned().unwrap_or(RValue::Nil)),
            Kind::Const(name) => self.constant(name, n.at),
            Kind::Call { recv: None, name, args, block: None } if name == "defined?" && args.len() == 1 => {
                Ok(self.defined(&args[0]))
            }
            Kind::Call { recv, name, args, block } => {
                let receiver = match recv {
                    Some(r) => Some(self.eval(r)?),
                    None => None,
                };
                let (values, passed) = self.call_args(args)?;
                let block = match (block, passed) {
                    (Some(b), _) => Some(b.clone()),
                    (None, passed) => passed,
                };
                self.enter(n.at)?;
                let result = match receiver {
                    Some(r) => self.call_method(r, name, values, block.as_ref(), n.at, recv.as_deref()),
                    None => self.call_self(name, values, block.as_ref(), n.at),
                };
                self.depth -= 1;
                // `break` in the block given here ends this call, with nil.
                match (result, &block) {
                    (Err(Ctl::Break(Some(id))), Some(b)) if id == block_id(b) => Ok(RValue::Nil),
                    (result, _) => result,
                }
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
                                let caps = decided(r.try_captures(s), t.at)?;
                                self.last_match = caps.map(|c| Rc::new(crate::value::Matched::of(r, c)));
                                self.last_match.is_some()
                            }
                            (Some(v), _) => crate::methods::case_equal(&test, v, t.at)?,
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
                    self.tick(n.at)?;
                    match self.block_body(body) {
                        Ok(_) | Err(Ctl::Next(_)) => {}
                        Err(Ctl::Break(None)) => break,
                        Err(e) => return Err(e),
                    }
                }
                Ok(RValue::Nil)
            }
            Kind::For(vars, list, body) => {
                let items = self.eval(list)?;
                let Some(elements) = items.elements() else {
                    return err(
                        RubyErrorKind::NoMethod {
                            method: "each".into(),
                            receiver: items.describe(),
                            hint: String::new(),
                        },
                        list.at,
                    );
                };
                for item in elements {
                    let args = vec![item];
                    self.bind_params(vars, args)?;
                    match self.block_body(body) {
                        Ok(_) | Err(Ctl::Next(_)) => {}
                        Err(Ctl::Break(None)) => return Ok(RValue::Nil),
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
            Kind::Break => Err(Ctl::Break(None)),
            Kind::Begin(body, rescues, ensure) => {
                let result = match self.block_body(body) {
                    Err(Ctl::Err(e)) => match crate::raise::exception_of(&e.kind) {
                        Some(exception) => match self.rescuing(rescues, &exception.class)? {
                            Some(rescue) => {
                                if let Some(var) = &rescue.var {
                                    self.locals.insert(var.clone(), RValue::Exception(Rc::new(exception)));
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
                if let Some(class) = self.class_being_defined().filter(|_| !name.starts_with("self.")) {
                    self.define_instance_method(&class, name, params.clone(), body.clone());
                    return Ok(RValue::Sym(Rc::from(name.as_str())));
                }
                let key = match (name.strip_prefix("self."), self.modules.last()) {
                    (Some(own), Some(module)) => format!("{module}.{own}"),
                    (Some(own), None) => own.to_string(),
                    (None, _) => name.clone(),
                };
                let method = Rc::new((params.clone(), body.clone()));
                if let (Some(shared), None) = (&self.template_methods, self.modules.last()) {
                    shared.0.borrow_mut().insert(key.clone(), method.clone());
                }
                self.methods.insert(key, method);
                Ok(RValue::Sym(Rc::from(name.as_str())))
            }
            Kind::Module(name, body) | Kind::Class(name, body) => {
                let qualified = match self.modules.last() {
                    Some(outer) => format!("{outer}::{name}"),
                    None => name.clone(),
                };
                if matches!(n.kind, Kind::Class(..)) {
                    self.classes.insert(qualified.clone());
                }
                self.modules.push(qualified);
                let private = std::mem::replace(&mut self.defining_private, false);
                let result = self.block_body(body);
                self.defining_private = private;
                self.modules.pop();
                result
            }
            Kind::Yield(args) => {
                let (values, _) = self.call_args(args)?;
                if self.puppet_lambda && self.blocks.len() == 1 && matches!(self.blocks.last(), Some(None)) {
                    return self.call_puppet_lambda(values, n.at);
                }
                let Some(Some(block)) = self.blocks.last().cloned() else {
                    return err(
                        RubyErrorKind::Raised(crate::value::Exception {
                            class: "LocalJumpError".into(),
                            message: "no block given (yield)".into(),
                        }),
                        n.at,
                    );
                };
                self.call_block(&block, values, n.at)
            }
            Kind::Lambda(block) => Ok(RValue::Proc(block.clone())),
            Kind::Splat(_) | Kind::BlockArg(_) => {
                err(RubyErrorKind::Syntax("a splat or block argument outside a call".into()), n.at)
            }
            Kind::MultiAssign(targets, value) => {
                let v = self.eval(value)?;
                let items = match &v {
                    RValue::Array(items) => items.snapshot(),
                    other => vec![other.clone()],
                };
                for (i, t) in targets.iter().enumerate() {
                    self.assign(t, items.get(i).cloned().unwrap_or(RValue::Nil))?;
                }
                Ok(v)
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
                if matches!(v, RValue::Bytes(_)) {
                    return crate::binary::refused(n.at);
                }
                self.out.push_str(&v.to_s());
                self.bounded_output(n.at)
            }
            Kind::Seq(body) => self.block_body(body),
        }
    }

    fn bounded_output(&self, at: usize) -> Ev {
        if self.out.len() > MAX_SIZE {
            return err(RubyErrorKind::Limit(too_big()), at);
        }
        Ok(RValue::Nil)
    }

    /// Counts one step of evaluation: every expression, and every turn of
    /// a loop or block (an empty `loop do end` runs no expression), so
    /// that a runaway run stops with an error instead of hanging.
    pub(crate) fn tick(&mut self, at: usize) -> Ev<()> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return err(RubyErrorKind::Limit(format!("Ruby evaluation ran past {MAX_STEPS} steps")), at);
        }
        if self.steps.is_multiple_of(INTERRUPT_EVERY) && self.host.interrupted() {
            return err(RubyErrorKind::Interrupted, at);
        }
        Ok(())
    }

    pub(crate) fn enter(&mut self, at: usize) -> Ev<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return err(RubyErrorKind::Limit(format!("Ruby calls nested deeper than {MAX_DEPTH} levels")), at);
        }
        Ok(())
    }

    /// `defined?(x)`: what `x` is, or nil for an instance variable Puppet
    /// did not bind.
    fn defined(&mut self, n: &Node) -> RValue {
        match &n.kind {
            // Puppet sets a template's instance variables from the scope's
            // variables without the undef ones (`scope.to_hash`).
            Kind::IVar(name)
                if self.ivars.contains_key(name)
                    || self.host.variable(name).is_some_and(|v| !matches!(v, confer_core::Value::Undef)) =>
            {
                RValue::str("instance-variable")
            }
            Kind::IVar(_) => RValue::Nil,
            Kind::Local(_) => RValue::str("local-variable"),
            Kind::Call { recv: None, name, args, .. } if args.is_empty() && name == "scope" => RValue::str("method"),
            Kind::Call { recv: None, name, args, .. } if args.is_empty() && self.methods.contains_key(name) => {
                RValue::str("method")
            }
            Kind::Call { recv: None, args, .. } if args.is_empty() => RValue::Nil,
            Kind::Const(name) => match self.constant(name, n.at) {
                Ok(_) => RValue::str("constant"),
                Err(_) => RValue::Nil,
            },
            Kind::GVar(_) => RValue::Nil,
            _ => RValue::str("expression"),
        }
    }

    /// `@name`: assigned in the template, else the Puppet variable.
    fn ivar(&mut self, name: &str) -> RValue {
        if let Some(v) = self.object_ivar(name) {
            return v;
        }
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

    /// Calls the Puppet lambda given to the function.
    pub(crate) fn call_puppet_lambda(&mut self, args: Vec<RValue>, at: usize) -> Ev {
        let args = crate::binary::puppet_values(&args, at)?;
        match self.host.call_lambda(args) {
            Ok(v) => Ok(from_puppet(&v)),
            Err(message) => err(RubyErrorKind::Function(message), at),
        }
    }

    /// How many methods are running.
    pub(crate) fn blocks_depth(&self) -> usize {
        self.blocks.len()
    }

    /// The first `rescue` clause that catches an exception of `class`; a
    /// clause's `*list` is read now, as Ruby reads it.
    fn rescuing<'r>(&mut self, rescues: &'r [crate::ast::Rescue], class: &str) -> Ev<Option<&'r crate::ast::Rescue>> {
        for r in rescues {
            if catches(r, class) {
                return Ok(Some(r));
            }
            for splat in &r.splats {
                let listed = self.eval(splat)?;
                let classes = listed.elements().unwrap_or_else(|| vec![listed.clone()]);
                if classes
                    .iter()
                    .any(|c| matches!(c, RValue::Class(name) if crate::value::exception_classes::descends(class, name)))
                {
                    return Ok(Some(r));
                }
            }
        }
        Ok(None)
    }

    /// The block given to the method running, if any.
    pub(crate) fn current_block(&self) -> Option<&Rc<Block>> {
        self.blocks.last().and_then(Option::as_ref)
    }

    /// A regexp compiled once per source.
    pub(crate) fn regexp(&mut self, src: &str, at: usize) -> Ev<std::sync::Arc<confer_core::Regexp>> {
        if let Some(r) = self.regexps.get(src) {
            return Ok(r.clone());
        }
        match confer_core::Regexp::new(src) {
            Ok(r) => {
                let r = std::sync::Arc::new(r);
                self.regexps.insert(src.to_string(), r.clone());
                Ok(r)
            }
            Err(e) => err(
                RubyErrorKind::Raised(crate::value::Exception { class: "RegexpError".into(), message: e.to_string() }),
                at,
            ),
        }
    }

    /// The constant `name`: one the code assigned (looked up from the
    /// innermost module out), a class or module confer knows, or a module
    /// the code defined.
    fn constant(&mut self, name: &str, at: usize) -> Ev {
        let name = name.trim_start_matches("::");
        for depth in (0..=self.modules.len()).rev() {
            let qualified = match depth {
                0 => name.to_string(),
                d => format!("{}::{name}", self.modules[d - 1]),
            };
            if let Some(v) = self.consts.get(&qualified) {
                return Ok(v.clone());
            }
        }
        // The Ruby of the reference Puppet (Debian 12's), as code that
        // chooses an implementation by platform reads it.
        match name {
            "RUBY_PLATFORM" => return Ok(RValue::str("x86_64-linux-gnu")),
            "RUBY_VERSION" => return Ok(RValue::str("3.1.2")),
            "RUBY_ENGINE" => return Ok(RValue::str("ruby")),
            _ => {}
        }
        if crate::library::is_class(name) || crate::value::exception_classes::is_exception_class(name) {
            return Ok(RValue::Class(Rc::from(name)));
        }
        let prefix = format!("{name}.");
        if self.methods.keys().any(|k| k.starts_with(&prefix))
            || self.modules.iter().any(|m| m == name)
            || self.classes.contains(name)
        {
            return Ok(RValue::Class(Rc::from(name)));
        }
        err(RubyErrorKind::Unsupported(format!("the constant {name}")), at)
    }

    /// Calls `block` with `args`, with Ruby's block-parameter rules; the
    /// block's parameters shadow locals of the same name for the call.
    pub fn call_block(&mut self, block: &Block, args: Vec<RValue>, at: usize) -> Ev {
        self.call_block_keeping(block, args, at, None).map(|(v, _)| v)
    }

    /// [`Interp::call_block`], also giving what the block parameter `kept`
    /// held when the block ended: `each_with_object`'s memo, which the
    /// block changes in place and which only that parameter holds while
    /// the block runs.
    pub(crate) fn call_block_keeping(
        &mut self,
        block: &Block,
        args: Vec<RValue>,
        at: usize,
        kept: Option<&str>,
    ) -> Ev<(RValue, RValue)> {
        self.tick(at)?;
        self.enter(at)?;
        let mut names = crate::defined::param_names(&block.params);
        names.extend(block.locals.iter().cloned());
        let saved: Vec<(String, Option<RValue>)> = names.iter().map(|n| (n.clone(), self.locals.remove(n))).collect();
        let result = self.bind_params(&block.params, args).and_then(|()| self.block_body(&block.body));
        let kept_value = kept.and_then(|k| self.locals.get(k).cloned()).unwrap_or(RValue::Nil);
        for (name, old) in saved {
            match old {
                Some(v) => self.locals.insert(name, v),
                None => self.locals.remove(&name),
            };
        }
        self.depth -= 1;
        match result {
            Err(Ctl::Next(v)) => Ok((v, kept_value)),
            Err(Ctl::Return(v)) if block.lambda => Ok((v, kept_value)),
            Ok(v) => Ok((v, kept_value)),
            Err(Ctl::Break(None)) => Err(Ctl::Break(Some(block_id(block)))),
            Err(other) => Err(other),
        }
    }
}

/// The identity of a block, which its `break` carries to the call it was
/// given to.
pub(crate) fn block_id(block: &Block) -> usize {
    block as *const Block as usize
}

/// Whether a `rescue` clause catches an exception of `class` (a bare
/// `rescue` catches StandardError).
fn catches(rescue: &crate::ast::Rescue, class: &str) -> bool {
    if rescue.classes.is_empty() && rescue.splats.is_empty() {
        return crate::value::exception_classes::descends(class, "StandardError");
    }
    rescue.classes.iter().any(|c| crate::value::exception_classes::descends(class, c))
}
