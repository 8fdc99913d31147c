//! Functions modules write in Ruby, loaded from their files and called:
//! Puppet's 4.x API (`Puppet::Functions.create_function(:'mod::name')` with
//! `dispatch` blocks and methods) and the 3.x API
//! (`Puppet::Parser::Functions.newfunction(:name, :type => :rvalue)`).
//!
//! Loading reads a file's definitions without running any of it: the
//! dispatches (parameter types as Puppet type text, which the caller
//! resolves and checks, as Puppet's dispatcher does), the methods and the
//! statements that set up constants. A call runs one method in a fresh
//! interpreter with those definitions.

use std::collections::HashMap;
use std::rc::Rc;

use confer_core::Value;

use crate::ast::{Block, DefParam, Kind, Node, Param, ParamKind, Part};
use crate::error::{RubyError, RubyErrorKind};
use crate::flow::Ctl;
use crate::interp::{Interp, Method, SelfKind};
use crate::value::{from_puppet, RValue};
use crate::Host;

mod own_call;

/// How many times a dispatch parameter may be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    /// `param`: exactly once.
    Once,
    /// `optional_param`: once or not at all.
    Optional,
    /// `repeated_param`: any number of times.
    Many,
    /// `required_repeated_param`: at least once.
    AtLeastOnce,
}

/// One parameter of a dispatch.
#[derive(Clone, Debug, PartialEq)]
pub struct DispatchParam {
    /// The Puppet type, as written (`'Array[String]'`).
    pub type_text: String,
    /// Its name.
    pub name: String,
    /// How many times it may be given.
    pub repeat: Repeat,
}

/// The block a dispatch takes.
#[derive(Clone, Debug, PartialEq)]
pub struct DispatchBlock {
    /// Its Puppet type (`Callable` unless written).
    pub type_text: String,
    /// Its name.
    pub name: String,
    /// Whether the block may be left out.
    pub optional: bool,
}

/// One `dispatch :method do ... end` of a 4.x function (or the dispatch
/// Puppet makes from the method's own parameters when there is none).
#[derive(Clone, Debug, PartialEq)]
pub struct Dispatch {
    /// The method it calls.
    pub method: String,
    /// Its parameters.
    pub params: Vec<DispatchParam>,
    /// Its block, if it takes one.
    pub block: Option<DispatchBlock>,
    /// `return_type 'T'`.
    pub return_type: Option<String>,
    /// `argument_mismatch`: called only when no regular dispatch fits; its
    /// method returns the error message.
    pub mismatch: bool,
    /// `scope_param`: the method gets the calling scope first, and runs
    /// in it.
    pub scope_param: bool,
}

/// Which of Puppet's APIs a function is written for.
#[derive(Clone, Debug)]
pub enum Api {
    /// 4.x: dispatches in order.
    Modern {
        /// The dispatches, in the order written.
        dispatches: Vec<Dispatch>,
        /// `local_types`' aliases: (name, type text).
        local_types: Vec<(String, String)>,
        /// The function defines its own `call`, which hands the dispatcher
        /// the calling scope before the arguments (`own_call`): each
        /// dispatch's first parameter is the scope.
        scope_first: bool,
    },
    /// 3.x: `newfunction` with `:type` and `:arity`.
    Legacy {
        /// `:type => :rvalue` (the others are statements, valued undef).
        rvalue: bool,
        /// `:arity` (-1, any, when not given).
        arity: i64,
    },
}

/// A function loaded from a module's Ruby file.
#[derive(Clone, Debug)]
pub struct RubyFunction {
    /// Its name, as declared (`postgresql::postgresql_password`).
    pub name: String,
    /// Its API and what that API declares.
    pub api: Api,
    /// The methods it defines (and a 3.x function's body, as `call`).
    methods: HashMap<String, Rc<Method>>,
    /// Statements to run before a call: the file's and the function
    /// body's other top-level code (constants, helper modules).
    setup: Vec<Node>,
}

/// What a call passes besides its arguments.
pub enum Callee<'a> {
    /// A 4.x dispatch's method.
    Method(&'a str),
    /// A 4.x dispatch's method that takes the calling scope first
    /// (`scope_param`).
    WithScope(&'a str),
    /// A 3.x function's body.
    Legacy,
}

/// The method name a 3.x function's body is kept under.
const LEGACY_BODY: &str = "&newfunction";

impl RubyFunction {
    /// Loads the function defined by `text`, a 4.x or 3.x function file.
    pub fn load(text: &str) -> Result<RubyFunction, RubyError> {
        let mut all = RubyFunction::load_all(text)?;
        all.pop().ok_or_else(|| RubyError::new(RubyErrorKind::Syntax("no function".into()), 0))
    }

    /// Every function a file defines, in order: a 3.x file may define
    /// several (`newfunction(:'docker::escape')` beside `docker_run_flags`),
    /// and Puppet knows each once the file is loaded.
    pub fn load_all(text: &str) -> Result<Vec<RubyFunction>, RubyError> {
        let mut sources = vec![Source { base: 0, path: String::new(), text: text.to_string() }];
        RubyFunction::load_all_with(&mut sources, &mut |_, _| None)
    }

    /// [`RubyFunction::load_all`] for the file `sources[0]`, with the Ruby
    /// files it requires: `find(spec, requiring)` gives the path and text of
    /// `require 'spec'` (`requiring` is the requiring file's path for
    /// `require_relative`), or `None` for a library confer provides or
    /// does not have, whose use is then checked where it is used. Each file
    /// found is loaded once, its definitions run before the function's, and
    /// added to `sources` (whose offsets its nodes carry).
    pub fn load_all_with(
        sources: &mut Vec<Source>,
        find: &mut FindRequired<'_>,
    ) -> Result<Vec<RubyFunction>, RubyError> {
        let program = crate::parse_program(&sources[0].text)?;
        let mut setup = Vec::new();
        let mut found = Vec::new();
        let mut loader = Loader { sources, find };
        loader.walk(&program, 0, &mut setup, &mut found)?;
        if found.is_empty() {
            return Err(RubyError::new(
                RubyErrorKind::Unsupported(
                    "a function file without Puppet::Functions.create_function or newfunction at its top level".into(),
                ),
                0,
            ));
        }
        found.into_iter().map(|f| f.finish(setup.clone())).collect()
    }

    /// Calls the function: `callee` chooses the 4.x method or the 3.x body,
    /// `args` are the Puppet arguments as the caller's dispatch checked them.
    /// `lambda` says whether the caller gave a Puppet lambda, which the
    /// method reaches through `yield` or its `&block` parameter.
    pub fn call(
        &self,
        callee: Callee<'_>,
        args: &[Value],
        lambda: bool,
        host: &mut dyn Host,
    ) -> Result<Value, RubyError> {
        let (key, self_kind) = match callee {
            Callee::Method(m) | Callee::WithScope(m) => (m, SelfKind::Function),
            Callee::Legacy => (LEGACY_BODY, SelfKind::Scope),
        };
        let Some(method) = self.methods.get(key).cloned() else {
            return Err(RubyError::new(
                RubyErrorKind::NoMethod {
                    method: key.to_string(),
                    receiver: format!("the function {}", self.name),
                    hint: String::new(),
                },
                0,
            ));
        };
        let mut interp = Interp::new(host);
        interp.self_kind = self_kind;
        interp.puppet_lambda = lambda;
        interp.methods = self.methods.clone();
        // A function may read the files it is given, as Puppet's own do.
        interp.readable.extend(args.iter().filter_map(|a| match a {
            Value::String(s) if s.starts_with('/') => Some(s.to_string()),
            _ => None,
        }));
        interp.load(&self.setup)?;
        let rargs: Vec<RValue> = args.iter().map(from_puppet).collect();
        let rargs = match callee {
            // Puppet defines the body as a method taking the arguments'
            // Array, so a body without `|args|` takes none and refuses it.
            Callee::Legacy if method.0.is_empty() => {
                return Err(RubyError::new(
                    RubyErrorKind::Argument("wrong number of arguments (given 1, expected 0)".into()),
                    method.1.first().map_or(0, |n| n.at),
                ))
            }
            Callee::Legacy => vec![RValue::array(rargs)],
            Callee::Method(_) => rargs,
            Callee::WithScope(_) => std::iter::once(RValue::Scope).chain(rargs).collect(),
        };
        let at = method.1.first().map_or(0, |n| n.at);
        match interp.run_method(&method, rargs, None, at).and_then(|v| crate::binary::puppet_value(&v, at)) {
            Ok(v) => Ok(v),
            Err(Ctl::Err(e)) => Err(e),
            Err(_) => Err(RubyError::new(RubyErrorKind::Syntax("break outside a block".into()), 0)),
        }
    }
}

/// What the walk found: the function's declaration, before its parts are
/// read.
enum Found {
    Modern { name: String, body: Vec<Node> },
    Legacy { name: String, options: Vec<(String, Node)>, block: Rc<Block> },
}

/// A Ruby file a function was loaded from, or one it requires: its nodes'
/// offsets start at `base`.
#[derive(Clone, Debug)]
pub struct Source {
    /// The offset of its first byte among all the sources'.
    pub base: usize,
    /// Its path.
    pub path: String,
    /// Its text.
    pub text: String,
}

impl Source {
    /// The source an offset falls in, and the offset within it.
    pub fn locate(sources: &[Source], at: usize) -> Option<(&Source, usize)> {
        let s = sources.iter().rev().find(|s| s.base <= at)?;
        Some((s, at - s.base))
    }
}

/// Finds the file `require 'spec'` loads: given the spec and, for
/// `require_relative`, the requiring file's path, its path and text.
pub type FindRequired<'f> = dyn FnMut(&str, Option<&str>) -> Option<(String, String)> + 'f;

/// Reads a function file's top level and the files it requires.
struct Loader<'l> {
    sources: &'l mut Vec<Source>,
    find: &'l mut FindRequired<'l>,
}

impl Loader<'_> {
    /// Walks a file's top level (and module bodies) for the function's
    /// declaration; a required file's definitions, then everything else,
    /// are setup. `file` is the index of the source being walked.
    fn walk(
        &mut self,
        nodes: &[Node],
        file: usize,
        setup: &mut Vec<Node>,
        found: &mut Vec<Found>,
    ) -> Result<(), RubyError> {
        for n in nodes {
            match &n.kind {
                Kind::Call { recv: None, name, args, .. } if name == "require" || name == "require_relative" => {
                    let spec = static_path(args.first()).ok_or_else(|| {
                        RubyError::new(RubyErrorKind::Unsupported(format!("`{name}' of a computed path")), n.at)
                    })?;
                    let relative = name == "require_relative";
                    let requiring = relative.then(|| self.sources[file].path.clone());
                    let Some((path, text)) = (self.find)(&spec, requiring.as_deref()) else {
                        let missing = match &requiring {
                            Some(from) => {
                                crate::paths::expand_absolute(&format!("{}/{spec}", crate::paths::dirname(from)))
                            }
                            None if crate::load_path::provides(&spec) => continue,
                            None => spec,
                        };
                        return Err(RubyError::new(
                            RubyErrorKind::Raised(crate::load_path::load_error(&missing)),
                            n.at,
                        ));
                    };
                    if self.sources.iter().any(|s| s.path == path) {
                        continue;
                    }
                    let last = self.sources.last().map_or(0, |s| s.base + s.text.len() + 1);
                    // Known before it parses, so that its errors are located in it.
                    self.sources.push(Source { base: last, path, text });
                    let index = self.sources.len() - 1;
                    let program = crate::parse_program_at(&self.sources[index].text, last)?;
                    self.walk(&program, index, setup, &mut Vec::new())?;
                }
                // `$LOAD_PATH.unshift(File.join(__dir__, '..'))`: the module's
                // own lib directory, where `find` looks already.
                Kind::Call { recv: Some(r), name, .. }
                    if matches!(&r.kind, Kind::GVar(g) if g == "LOAD_PATH" || g == ":")
                        && matches!(name.as_str(), "unshift" | "push" | "<<" | "insert") => {}
                Kind::Module(name, body) if name == "Puppet::Parser::Functions" => {
                    self.walk(body, file, setup, found)?
                }
                _ => read_statement(n, setup, found)?,
            }
        }
        Ok(())
    }
}

/// Reads one top-level statement: the function's declaration, or setup.
fn read_statement(n: &Node, setup: &mut Vec<Node>, found: &mut Vec<Found>) -> Result<(), RubyError> {
    match &n.kind {
        Kind::Call { recv: Some(recv), name, args, block: Some(block) }
            if name == "create_function"
                && matches!(&recv.kind, Kind::Const(c) if c.trim_start_matches("::") == "Puppet::Functions") =>
        {
            let fname = symbol_or_string(args.first()).ok_or_else(|| {
                RubyError::new(RubyErrorKind::Unsupported("create_function without a literal name".into()), n.at)
            })?;
            found.push(Found::Modern { name: fname, body: block.body.clone() });
        }
        Kind::Call { recv, name, args, block: Some(block) }
            if name == "newfunction"
                && recv.as_ref().is_none_or(
                    |r| matches!(&r.kind, Kind::Const(c) if c.trim_start_matches("::") == "Puppet::Parser::Functions"),
                ) =>
        {
            let fname = symbol_or_string(args.first()).ok_or_else(|| {
                RubyError::new(RubyErrorKind::Unsupported("newfunction without a literal name".into()), n.at)
            })?;
            let mut options = Vec::new();
            for a in &args[1..] {
                if let Kind::Hash(pairs) = &a.kind {
                    for (k, v) in pairs {
                        if let Some(key) = symbol_or_string(Some(k)) {
                            options.push((key, v.clone()));
                        }
                    }
                }
            }
            found.push(Found::Legacy { name: fname, options, block: block.clone() });
        }
        _ => setup.push(n.clone()),
    }
    Ok(())
}

/// The text of a literal symbol or string argument.
/// The path a `require` names when it is written without variables: a
/// literal, or `File.join` of literals (`require_relative File.join('..',
/// 'util', 'md5er')`).
fn static_path(n: Option<&Node>) -> Option<String> {
    match &n?.kind {
        Kind::Call { recv: Some(recv), name, args, block: None }
            if name == "join" && matches!(&recv.kind, Kind::Const(c) if c.trim_start_matches("::") == "File") =>
        {
            let parts = args.iter().map(|a| static_path(Some(a))).collect::<Option<Vec<_>>>()?;
            Some(parts.join("/").replace("//", "/"))
        }
        _ => symbol_or_string(n),
    }
}

fn symbol_or_string(n: Option<&Node>) -> Option<String> {
    match &n?.kind {
        Kind::Sym(s) => Some(s.clone()),
        Kind::Str(parts) => match parts.as_slice() {
            [Part::Lit(s)] => Some(s.clone()),
            [] => Some(String::new()),
            _ => None,
        },
        _ => None,
    }
}

impl Found {
    fn finish(self, mut setup: Vec<Node>) -> Result<RubyFunction, RubyError> {
        let mut methods = HashMap::new();
        match self {
            Found::Modern { name, body } => {
                let mut dispatches = Vec::new();
                let mut local_types = Vec::new();
                let mut scope_first = false;
                for n in body {
                    match &n.kind {
                        Kind::Def(m, params, body) if m == "call" => {
                            if !own_call::passes_scope_first(params, body) {
                                return Err(RubyError::new(
                                    RubyErrorKind::Unsupported(
                                        "a 4.x function's own `call' other than stdlib's `[scope] + args' form".into(),
                                    ),
                                    n.at,
                                ));
                            }
                            scope_first = true;
                        }
                        Kind::Def(m, params, body) => {
                            methods.insert(m.clone(), Rc::new((params.clone(), body.clone())));
                        }
                        Kind::Call { recv: None, name: call, args, block }
                            if call == "dispatch" || call == "argument_mismatch" =>
                        {
                            let method = symbol_or_string(args.first()).ok_or_else(|| {
                                RubyError::new(
                                    RubyErrorKind::Unsupported(format!("{call} without a literal method name")),
                                    n.at,
                                )
                            })?;
                            let body = block.as_ref().map_or(&[][..], |b| &b.body[..]);
                            dispatches.push(read_dispatch(method, body, call == "argument_mismatch")?);
                        }
                        Kind::Call { recv: None, name: call, block: Some(block), .. } if call == "local_types" => {
                            for t in &block.body {
                                match &t.kind {
                                    Kind::Call { recv: None, name: ty, args, .. } if ty == "type" => {
                                        let text = symbol_or_string(args.first()).ok_or_else(|| {
                                            RubyError::new(
                                                RubyErrorKind::Unsupported("a local type that is not a literal".into()),
                                                t.at,
                                            )
                                        })?;
                                        let (alias, target) = text.split_once('=').ok_or_else(|| {
                                            RubyError::new(
                                                RubyErrorKind::Syntax(format!("bad local type '{text}'")),
                                                t.at,
                                            )
                                        })?;
                                        local_types.push((alias.trim().to_string(), target.trim().to_string()));
                                    }
                                    _ => {
                                        return Err(RubyError::new(
                                            RubyErrorKind::Unsupported("this statement in local_types".into()),
                                            t.at,
                                        ))
                                    }
                                }
                            }
                        }
                        _ => setup.push(n.clone()),
                    }
                }
                if dispatches.is_empty() {
                    let simple = name.rsplit("::").next().unwrap_or(&name).to_string();
                    let Some(method) = methods.get(&simple) else {
                        return Err(RubyError::new(
                            RubyErrorKind::Argument(format!(
                                "Function Creation Error, cannot create a default dispatcher for function '{name}', no method with this name found"
                            )),
                            0,
                        ));
                    };
                    dispatches.push(default_dispatch(&simple, &method.0));
                }
                Ok(RubyFunction { name, api: Api::Modern { dispatches, local_types, scope_first }, methods, setup })
            }
            Found::Legacy { name, options, block } => {
                let mut rvalue = false;
                let mut arity = -1;
                for (key, value) in &options {
                    match (key.as_str(), &value.kind) {
                        ("type", Kind::Sym(t)) => rvalue = t == "rvalue",
                        ("arity", Kind::Int(a)) => arity = *a,
                        _ => {}
                    }
                }
                let params = block
                    .params
                    .iter()
                    .map(|p| match p {
                        Param::Name(n) => Ok(DefParam { name: n.clone(), kind: ParamKind::Required }),
                        Param::Rest(n) => Ok(DefParam { name: n.clone(), kind: ParamKind::Rest }),
                        Param::Optional(n, default) => {
                            Ok(DefParam { name: n.clone(), kind: ParamKind::Optional(default.clone()) })
                        }
                        Param::Nested(_) => Err(RubyError::new(
                            RubyErrorKind::Unsupported("a destructuring parameter of newfunction's block".into()),
                            0,
                        )),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                methods.insert(LEGACY_BODY.to_string(), Rc::new((params, block.body.clone())));
                Ok(RubyFunction { name, api: Api::Legacy { rvalue, arity }, methods, setup })
            }
        }
    }
}

/// The dispatch Puppet makes for a function with none: the method named
/// after the function, its Ruby parameters taking any value.
fn default_dispatch(method: &str, params: &[DefParam]) -> Dispatch {
    let params = params
        .iter()
        .filter_map(|p| {
            let repeat = match p.kind {
                ParamKind::Required => Repeat::Once,
                ParamKind::Optional(_) => Repeat::Optional,
                ParamKind::Rest => Repeat::Many,
                ParamKind::Keyword(_) | ParamKind::Block => return None,
            };
            Some(DispatchParam { type_text: "Any".into(), name: p.name.clone(), repeat })
        })
        .collect();
    Dispatch { method: method.to_string(), params, block: None, return_type: None, mismatch: false, scope_param: false }
}

/// Reads a `dispatch` block: `param 'T', :name` and its kin.
fn read_dispatch(method: String, body: &[Node], mismatch: bool) -> Result<Dispatch, RubyError> {
    let mut d = Dispatch { method, params: Vec::new(), block: None, return_type: None, mismatch, scope_param: false };
    for n in body {
        let Kind::Call { recv: None, name, args, block: None } = &n.kind else {
            return Err(RubyError::new(RubyErrorKind::Unsupported("this statement in a dispatch block".into()), n.at));
        };
        let text = |i: usize| -> Result<String, RubyError> {
            match args.get(i).map(|a| &a.kind) {
                Some(Kind::Const(c)) => Ok(c.clone()),
                _ => symbol_or_string(args.get(i)).ok_or_else(|| {
                    RubyError::new(
                        RubyErrorKind::Unsupported(format!("`{name}' with an argument that is not a literal")),
                        n.at,
                    )
                }),
            }
        };
        let repeat = match name.as_str() {
            "param" | "required_param" => Some(Repeat::Once),
            "optional_param" => Some(Repeat::Optional),
            "repeated_param" | "optional_repeated_param" => Some(Repeat::Many),
            "required_repeated_param" => Some(Repeat::AtLeastOnce),
            _ => None,
        };
        match (repeat, name.as_str()) {
            (Some(repeat), _) => d.params.push(DispatchParam { type_text: text(0)?, name: text(1)?, repeat }),
            (None, "block_param" | "optional_block_param" | "required_block_param") => {
                let (type_text, bname) = match args.len() {
                    0 => ("Callable".to_string(), "block".to_string()),
                    1 => match &args[0].kind {
                        Kind::Sym(s) => ("Callable".to_string(), s.clone()),
                        _ => (text(0)?, "block".to_string()),
                    },
                    _ => (text(0)?, text(1)?),
                };
                d.block = Some(DispatchBlock { type_text, name: bname, optional: name == "optional_block_param" });
            }
            (None, "return_type") => d.return_type = Some(text(0)?),
            (None, "scope_param") => d.scope_param = true,
            _ => return Err(RubyError::new(RubyErrorKind::Unsupported(format!("`{name}' in a dispatch block")), n.at)),
        }
    }
    Ok(d)
}

#[cfg(test)]
mod tests;
