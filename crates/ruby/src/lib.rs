//! Ruby for Puppet modules, without Ruby: one interpreter for the Ruby that
//! modules run — ERB templates (Ruby's ERB tags with Puppet's trim mode `-`)
//! and functions written in Ruby (Puppet's 4.x and 3.x APIs, `function`).
//! The subset is measured, not guessed: `scripts/measure-erb-ruby.py` on
//! Debian's module templates, `scripts/measure-module-ruby.py` on the
//! function files of Debian's and the most-used public modules. Code that
//! goes beyond it fails with an error naming the construct, at its place —
//! never with a different answer.
//!
//! Safety is the language boundary: there is no `system`, backticks,
//! `eval`, `send`, file writing, sockets or `ObjectSpace` to call; a name
//! outside the subset is an error. Runs are bounded in steps, depth and
//! size (`interp`).
//!
//! The interpreter asks a `Host` (the Puppet evaluator) for variables and
//! function calls, the way Puppet's `TemplateWrapper` binds `@x`, `scope['x']`,
//! `scope.lookupvar('x')`, `scope.call_function('f', [..])` and
//! `scope.function_f([..])`, and a function's `call_function`,
//! `closure_scope` and `lookupvar`.

mod array;
mod assign;
mod ast;
mod binary;
mod charsets;
mod class_methods;
mod contract;
pub mod crypt;
mod defined;
mod did_you_mean;
mod error;
mod flow;
mod function;
mod gem_version;
mod hash;
mod in_place;
mod interp;
mod ipaddr;
mod json;
pub mod json_parse;
mod kernel;
mod lexer;
mod library;
mod load_path;
mod methods;
mod missing;
mod numeric;
mod objects;
mod openssl;
mod parser;
mod paths;
pub mod psych_dump;
mod puppet_types;
mod raise;
pub mod random;
mod ranges;
mod regexp;
mod resources;
mod scan;
mod scope_methods;
mod split;
mod strings;
mod type_file;
mod value;
mod wide;

use confer_core::Value;

pub use error::{RubyError, RubyErrorKind};
pub use function::{Api, Callee, Dispatch, DispatchBlock, DispatchParam, Repeat, RubyFunction, Source};
pub use type_file::{title_patterns, TitlePattern};
pub use value::exception_classes::is_script_error;
pub use value::resource_view::ResourceView;
pub use value::{from_puppet, from_puppet_shared, to_puppet, RValue};

/// What a template may ask of the Puppet side.
pub trait Host {
    /// The value of the Puppet variable `name` (which may be qualified,
    /// `apache::params::user`) as seen from the calling scope; `None` when
    /// no such variable exists.
    fn variable(&mut self, name: &str) -> Option<Value>;

    /// Told when `scope.lookupvar`/`scope['x']` found no variable `name`
    /// (Puppet warns then, as its `strict` setting says; `@x` stays
    /// silent). `Err` holds the message of the error Ruby raises then
    /// (under `strict = error`).
    fn undefined_variable(&mut self, name: &str) -> Result<(), String>;

    /// `scope.setvar('x', v)`: binds the Puppet variable `x` in the calling
    /// scope; `Err` holds Puppet's message (a variable is assigned once).
    fn set_variable(&mut self, name: &str, value: Value) -> Result<(), String>;

    /// The object a template changed in place in the calling scope's
    /// variable `name` (`scope.lookupvar('x')[:k] = v`), if one did: a
    /// Puppet variable holds a Ruby object, and every later template of
    /// that scope sees it changed.
    fn changed_variable(&mut self, name: &str) -> Option<RValue>;

    /// Records `value` as what the variable `name` visible from the calling
    /// scope now holds, changed in place by a template (`@x << v`,
    /// `scope.lookupvar('x')[k] = v`). In Ruby the variable, and every
    /// resource parameter holding the same object, shows the change.
    fn change_variable(&mut self, name: &str, value: RValue);

    /// Every variable visible from the calling scope (for `scope.to_hash`).
    fn variables(&mut self) -> Vec<(String, Value)>;

    /// Whether `name` is a function of Puppet's 3.x API, which is all
    /// `scope.function_name([...])` can call.
    fn has_legacy_function(&mut self, name: &str) -> bool;

    /// How Ruby shows the scope object (`Scope(Class[main])`).
    fn scope_label(&mut self) -> String;

    /// The Puppet type `text` names (`Optional[Integer]`), parsed as the
    /// calling scope resolves type aliases; `Err` holds the error's message.
    fn parse_type(&mut self, text: &str) -> Result<Value, String>;

    /// Calls the Puppet function `name`; `Err` holds the error's message.
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String>;

    /// Calls the 3.x function `name` (`scope.function_name([...])`), which
    /// is not the 4.x function of the same name a module may also ship.
    fn call_legacy_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        self.call_function(name, args)
    }

    /// Calls the Puppet lambda given to the Ruby function being called
    /// (`yield`, `block.call`); `Err` holds the error's message.
    fn call_lambda(&mut self, args: Vec<Value>) -> Result<Value, String>;

    /// Where Puppet finds the template `name` (`mod/file.erb`), as
    /// `Puppet::Parser::Files.find_template` answers; `None` when there is
    /// none. Ruby code may read the file it names.
    fn find_template(&mut self, name: &str) -> Option<String>;

    /// Whether the user asked the run to stop (Ctrl-C in the console),
    /// asked every few thousand steps so a long loop can be interrupted.
    fn interrupted(&mut self) -> bool {
        false
    }

    /// Logs `message` at Puppet's `level` (`warning`, `notice`, `info`,
    /// `debug`, `err`, …), as `Puppet.warning(msg)` does.
    fn log(&mut self, level: &str, message: &str);

    /// Logs `message` as [`Host::log`] does, once a compile for `key`
    /// (`Puppet.deprecation_warning(msg, key)`).
    fn log_once(&mut self, key: &str, level: &str, message: &str) {
        let _ = key;
        self.log(level, message);
    }

    /// Puppet's stack as `Puppet::Pops::PuppetStack.stacktrace` gives it:
    /// the file and line of each Puppet call in progress, innermost first
    /// (none where no Puppet code runs).
    fn puppet_stack(&mut self) -> Vec<(String, i64)> {
        Vec::new()
    }

    /// The resource defaults (`File { mode => '0644' }`) the calling scope
    /// gives resources of the type `type_name` (capitalized, `File`):
    /// attribute names and values. `None` where the host has no scope.
    fn resource_defaults(&mut self, type_name: &str) -> Option<Vec<(String, Value)>> {
        let _ = type_name;
        None
    }

    /// The Puppet setting `name` as `Puppet[:name]` reads it, or `None` when
    /// confer does not model that setting (the code is then refused).
    fn setting(&mut self, name: &str) -> Option<RValue> {
        let _ = name;
        None
    }

    /// Whether `path` (absolute, normalised) lies in a module on the module
    /// path, whose files Puppet itself reads (`metadata.json`, `files/`,
    /// `templates/`) and Ruby code may too.
    fn in_module(&mut self, path: &str) -> bool {
        let _ = path;
        false
    }

    /// The resources of the catalog so far (`scope.catalog.resources`), or
    /// `None` where there is no catalog.
    fn catalog_resources(&mut self) -> Option<Vec<ResourceView>> {
        None
    }

    /// Whether Puppet's loaders find the function `name` (a built-in, a
    /// module's Puppet-language or 4.x Ruby function), as
    /// `loaders.private_environment_loader.load(:function, name)` asks.
    fn function_exists(&mut self, name: &str) -> bool {
        let _ = name;
        false
    }

    /// The resource whose body the scope runs (`scope.resource`).
    fn scope_resource(&mut self) -> Option<ResourceView> {
        None
    }
}

/// Renders the ERB template `text`.
/// The methods a compile's templates define: a `def` in one template is a
/// method of Puppet's template wrapper class in Ruby, which every template
/// rendered after it may call (a template that includes another defining
/// helpers, as keepalived's `_format_options.erb`).
#[derive(Clone, Default)]
pub struct TemplateMethods(
    pub(crate) std::rc::Rc<std::cell::RefCell<std::collections::HashMap<String, std::rc::Rc<interp::Method>>>>,
);

/// Renders the ERB template `text`; `methods` are the compile's template
/// methods, which it may call and add to.
pub fn render(text: &str, host: &mut dyn Host, methods: &TemplateMethods) -> Result<String, RubyError> {
    render_compiled(&Compiled::new(text)?, host, methods)
}

/// A template read into the program it runs, for rendering it again
/// without reading it again (a module's template, rendered per resource).
#[derive(Clone)]
pub struct Compiled(std::rc::Rc<Vec<ast::Node>>);

impl Compiled {
    /// Reads the ERB template `text`.
    pub fn new(text: &str) -> Result<Compiled, RubyError> {
        Ok(Compiled(std::rc::Rc::new(compile(text)?)))
    }
}

/// Renders a compiled template, as [`render`] does.
pub fn render_compiled(
    template: &Compiled,
    host: &mut dyn Host,
    methods: &TemplateMethods,
) -> Result<String, RubyError> {
    let mut interp = interp::Interp::new(host);
    interp.template_methods = Some(methods.clone());
    interp.run(&template.0)
}

/// Parses a template into the program it runs, without running it.
fn compile(text: &str) -> Result<Vec<ast::Node>, RubyError> {
    let segments = scan::segments(text).map_err(|u| RubyError::new(RubyErrorKind::UnclosedTag, u.at))?;
    let mut toks = Vec::new();
    let newline = |at| lexer::Token { tok: lexer::Tok::Newline, at, space_before: true };
    for seg in segments {
        match seg {
            scan::Segment::Text(t, at) => {
                toks.push(lexer::Token { tok: lexer::Tok::Text(t), at, space_before: true });
                toks.push(newline(at));
            }
            scan::Segment::Code(code, at) => {
                toks.extend(lexer::lex(&code, at)?);
                toks.push(newline(at + code.len()));
            }
            scan::Segment::Insert(code, at) => {
                toks.push(lexer::Token { tok: lexer::Tok::InsertStart, at, space_before: true });
                toks.extend(lexer::lex(&code, at)?);
                toks.push(lexer::Token { tok: lexer::Tok::InsertEnd, at: at + code.len(), space_before: true });
                toks.push(newline(at + code.len()));
            }
        }
    }
    toks.push(lexer::Token { tok: lexer::Tok::Eof, at: text.len(), space_before: true });
    parser::parse(toks)
}

/// Parses a Ruby program (a function file) into its statements.
fn parse_program(text: &str) -> Result<Vec<ast::Node>, RubyError> {
    parse_program_at(text, 0)
}

/// Parses a Ruby program whose offsets start at `base`: a required file's
/// nodes keep offsets of their own beside the requiring file's.
fn parse_program_at(text: &str, base: usize) -> Result<Vec<ast::Node>, RubyError> {
    let mut toks = lexer::lex(text, base)?;
    toks.push(lexer::Token { tok: lexer::Tok::Eof, at: base + text.len(), space_before: true });
    parser::parse(toks)
}

/// The 1-based line and column (in characters) of a byte offset of `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}
