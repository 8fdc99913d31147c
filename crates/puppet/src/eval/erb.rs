//! `template()` and `inline_template()`: ERB templates rendered by the
//! `confer-ruby` interpreter, which sees the calling scope's variables as
//! Puppet's `TemplateWrapper` binds them and calls Puppet functions through
//! the evaluator. Errors are worded as Puppet's template functions word them
//! (`Failed to parse template x:` with the file, line and detail).

use std::rc::Rc;

use confer_core::Value;
use confer_ruby::RValue;

use super::call_style::CallStyle;
use super::closure::Closure;
use super::flow::{fail, fail_as, with_notes, EvalResult, Flow};
use super::scope::Scope;
use super::Evaluator;
use crate::error::ErrorKind;
use crate::log::{Level, LogEvent};
use crate::span::Span;

/// Puppet 7's own functions written for the 3.x API (those under
/// `puppet/parser/functions` that are not stubs for 4.x functions, and the
/// logging functions), which `scope.function_x` reaches.
const LEGACY_CORE: &[&str] = &[
    "contain",
    "create_resources",
    "digest",
    "fail",
    "file",
    "fqdn_rand",
    "generate",
    "include",
    "inline_template",
    "md5",
    "realize",
    "require",
    "scanf",
    "sha1",
    "sha256",
    "shellquote",
    "sprintf",
    "tag",
    "tagged",
    "template",
    "versioncmp",
    "debug",
    "info",
    "notice",
    "warning",
    "err",
    "alert",
    "emerg",
    "crit",
];

/// The evaluator seen from Ruby code running in `scope`: a template, or a
/// function written in Ruby.
pub(crate) struct PuppetHost<'e, 'a> {
    ev: &'e mut Evaluator<'a>,
    scope: Rc<Scope>,
    span: Span,
    /// The lambda given to the function being called, if any.
    lambda: Option<Closure<'a>>,
    /// The last error a Puppet function or lambda called from the Ruby code
    /// raised, with the message the Ruby code was given: when the Ruby code
    /// lets it through unchanged, it is Puppet's error as raised (Puppet
    /// re-raises the same exception, its location kept, never wrapped twice).
    raised: Option<(String, Flow)>,
}

impl<'e, 'a> PuppetHost<'e, 'a> {
    /// The host of Ruby code called at `span` in `scope`, with the lambda
    /// the call gave.
    pub(crate) fn new(
        ev: &'e mut Evaluator<'a>,
        scope: Rc<Scope>,
        span: Span,
        lambda: Option<Closure<'a>>,
    ) -> PuppetHost<'e, 'a> {
        PuppetHost { ev, scope, span, lambda, raised: None }
    }

    /// The error a Puppet call raised, if `e` is that error let through.
    pub(crate) fn raised_again(&mut self, e: &confer_ruby::RubyError) -> Option<Flow> {
        match (&e.kind, self.raised.take()) {
            (confer_ruby::RubyErrorKind::Function(message), Some((raised, flow))) if *message == raised => Some(flow),
            _ => None,
        }
    }

    /// `e`'s message for the Ruby code, the error kept for [`Self::raised_again`].
    fn keep(&mut self, e: Flow, name: &str) -> String {
        let message = match &e {
            Flow::Error(f) => f.message.clone(),
            Flow::Located(l) => l.to_string(),
            _ => return format!("{name}: unexpected control flow out of a function"),
        };
        self.raised = Some((message.clone(), e));
        message
    }
}

impl confer_ruby::Host for PuppetHost<'_, '_> {
    fn variable(&mut self, name: &str) -> Option<Value> {
        self.ev.lookup_quietly(name, &self.scope)
    }

    /// Puppet's warning, once a run, with its reason for a qualified name.
    fn undefined_variable(&mut self, name: &str) -> Result<(), String> {
        let reason = match name.rsplit_once("::") {
            Some((class, _)) => {
                let class = class.trim_start_matches("::").to_lowercase();
                if class.is_empty() || self.ev.classes.contains_key(&class) {
                    String::new()
                } else if self.ev.defs.classes.contains_key(&class) {
                    format!("class {class} has not been evaluated")
                } else {
                    format!("class {class} could not be found")
                }
            }
            None => String::new(),
        };
        self.ev.undefined_variable_asked(format!("Undefined variable '{name}'; {reason}"))
    }

    fn set_variable(&mut self, name: &str, value: Value) -> Result<(), String> {
        self.scope.assign(name, value).map_err(|_| format!("Cannot reassign variable '${name}'"))
    }

    fn changed_variable(&mut self, name: &str) -> Option<confer_ruby::RValue> {
        let key = (Rc::as_ptr(&self.scope) as usize, name.to_string());
        self.ev.template_objects.get(&key).map(|(_, v)| v.clone())
    }

    fn change_variable(&mut self, name: &str, value: confer_ruby::RValue) {
        let changed = confer_ruby::to_puppet(&value);
        let key = (Rc::as_ptr(&self.scope) as usize, name.to_string());
        self.ev.template_objects.insert(key, (self.scope.clone(), value));
        let held_in = match name.trim_start_matches("::").rsplit_once("::") {
            Some((class, var)) => self.ev.classes.get(&class.to_lowercase()).cloned().map(|s| (s, var)),
            None => Some((self.scope.clone(), name)),
        };
        if let Some(old) = held_in.and_then(|(scope, var)| scope.replace_changed(var, changed.clone())) {
            self.ev.replace_object(&old, &changed);
        }
    }

    fn variables(&mut self) -> Vec<(String, Value)> {
        self.scope.visible()
    }

    fn has_legacy_function(&mut self, name: &str) -> bool {
        LEGACY_CORE.contains(&name) || self.ev.env.has_legacy_function(name)
    }

    fn scope_label(&mut self) -> String {
        format!("Scope({})", self.scope.label())
    }

    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        let scope = self.scope.clone();
        match self.ev.call_function(name, args, None, self.span, &scope, CallStyle::FromRuby) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.keep(e, &format!("{name}()"))),
        }
    }

    fn parse_type(&mut self, text: &str) -> Result<Value, String> {
        match crate::eval::functions::signature::parse_type(self.ev, text, self.span) {
            Ok(t) => Ok(Value::from_type(t)),
            Err(e) => Err(self.keep(e, "TypeParser#parse")),
        }
    }

    fn call_legacy_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, String> {
        let scope = self.scope.clone();
        let key = name.trim_start_matches("::");
        let legacy = match self.ev.legacy_beside_modern(key, self.span) {
            Ok(found) => found,
            Err(e) => return Err(self.keep(e, &format!("{name}()"))),
        };
        let Some(loaded) = legacy else { return self.call_function(name, args) };
        match self.ev.call_ruby_function(loaded, args, None, self.span, &scope) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.keep(e, &format!("{name}()"))),
        }
    }

    fn call_lambda(&mut self, args: Vec<Value>) -> Result<Value, String> {
        let Some(closure) = self.lambda.clone() else {
            return Err("no block given (yield)".into());
        };
        match self.ev.call_lambda(&closure, args, self.span) {
            Ok(v) => Ok(v),
            Err(e) => Err(self.keep(e, "a lambda")),
        }
    }

    fn find_template(&mut self, name: &str) -> Option<String> {
        self.ev.find_template(name).map(|p| p.display().to_string())
    }

    /// `Puppet.deprecation_warning(msg, key)`: a warning once a compile.
    fn log_once(&mut self, key: &str, level: &str, message: &str) {
        if level == "warning" {
            self.ev.warn_once_keyed(format!("ruby:{key}"), message.to_string());
        } else {
            self.log(level, message);
        }
    }

    /// Puppet's stack, innermost first: the main manifest's frame shows
    /// line 0, as Puppet's does.
    fn puppet_stack(&mut self) -> Vec<(String, i64)> {
        let stack = self.ev.puppet_stack.clone();
        stack
            .iter()
            .rev()
            .map(|&(span, program)| {
                let at = self.ev.location(span);
                (at.file.to_string(), if program { 0 } else { at.line as i64 })
            })
            .collect()
    }

    /// The defaults the calling scope gives resources of `type_name`.
    fn resource_defaults(&mut self, type_name: &str) -> Option<Vec<(String, Value)>> {
        let found = self.ev.resource_defaults(type_name, &self.scope);
        Some(found.values.iter().map(|(k, v)| (confer_core::value::to_s(k), v.clone())).collect())
    }

    /// The settings confer models: `strict` (a Symbol) and
    /// `strict_variables`.
    fn setting(&mut self, name: &str) -> Option<RValue> {
        let strict = self.ev.env.strict;
        match name {
            "strict" => Some(RValue::Sym(Rc::from(strict.level.to_string()))),
            "strict_variables" => Some(RValue::Bool(strict.variables)),
            _ => None,
        }
    }

    /// The resources declared so far, real ones (not virtual), with the
    /// parameters set on them.
    fn catalog_resources(&mut self) -> Option<Vec<confer_ruby::ResourceView>> {
        Some(self.ev.catalog.resources.iter().filter(|r| !r.virtual_).map(resource_view).collect())
    }

    fn function_exists(&mut self, name: &str) -> bool {
        let key = name.trim_start_matches("::").to_lowercase();
        let span = self.span;
        super::functions::builtin(&key).is_some_and(|(_, module)| module.is_none())
            || self.ev.function_def(&key, span).ok().flatten().is_some()
            || self.ev.ruby_function(&key, span).ok().flatten().is_some()
    }

    /// The resource whose body the host's scope runs.
    fn scope_resource(&mut self) -> Option<confer_ruby::ResourceView> {
        let index = self.scope.resource()?;
        self.ev.catalog.resources.get(index).map(resource_view)
    }

    fn in_module(&mut self, path: &str) -> bool {
        self.ev.env.within_module(std::path::Path::new(path)).is_some()
    }

    /// `Puppet.warning(msg)` and its kin: a message with no scope or place.
    fn interrupted(&mut self) -> bool {
        crate::interrupt::requested()
    }

    fn log(&mut self, level: &str, message: &str) {
        let level = Level::from_name(level);
        self.ev.logger.log(LogEvent {
            level,
            scope: None,
            message: message.to_string(),
            location: None,
            notes: Vec::new(),
        });
    }
}

/// The string arguments of a template function.
fn string_args<'v>(name: &str, args: &'v [Value], span: Span) -> EvalResult<Vec<&'v str>> {
    if args.is_empty() {
        let message = format!("{name}(): Wrong number of arguments given (0 for minimum 1)");
        return Err(fail_as(ErrorKind::FunctionArguments, span, message));
    }
    args.iter()
        .map(|a| match a {
            Value::String(s) => Ok(&**s),
            other => Err(fail(span, format!("{name}(): the template must be a String, got {}", other.type_name()))),
        })
        .collect()
}

/// `template('mod/a.erb', ...)`: each file rendered, concatenated.
pub(crate) fn template(ev: &mut Evaluator<'_>, args: &[Value], span: Span, scope: &Rc<Scope>) -> EvalResult {
    let mut out = String::new();
    for file in string_args("template", args, span)? {
        let path = ev
            .find_template(file)
            .ok_or_else(|| fail_as(ErrorKind::Template, span, format!("Could not find template '{file}'")))?;
        // Read and compiled once a compile, rendered as often as called.
        let (source, compiled) = match ev.erb_templates.get(&path) {
            Some((source, compiled)) => (source.clone(), Ok(compiled.clone())),
            None => {
                let source = ev.read_template(&path, span)?;
                let compiled = confer_ruby::Compiled::new(&source.text);
                if let Ok(c) = &compiled {
                    ev.erb_templates.insert(path.clone(), (source.clone(), c.clone()));
                }
                (source, compiled)
            }
        };
        // A template may call `template()` again: bound the recursion.
        ev.enter(span)?;
        let methods = ev.template_methods.clone();
        let mut host = PuppetHost::new(ev, scope.clone(), span, None);
        let rendered = compiled.and_then(|c| confer_ruby::render_compiled(&c, &mut host, &methods));
        ev.leave();
        match rendered {
            Ok(text) => out.push_str(&text),
            Err(e) => {
                let (line, column) = confer_ruby::line_col(&source.text, e.at);
                let failure = fail_as(
                    ErrorKind::Template,
                    span,
                    format!(
                        "Failed to parse template {file}:\n  Filepath: {}\n  Line: {line}\n  Column: {column}\n  Detail: {e}\n",
                        path.display()
                    ),
                );
                // The label covers the name the error is at (a method, a variable).
                let rest = source.text.get(e.at..).unwrap_or("");
                let name = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
                let place = confer_diagnostic::Label::new(source.name.as_str(), e.at..e.at + name, e.kind.to_string());
                return Err(super::flow::with_label(failure, place));
            }
        }
    }
    Ok(Value::from(out))
}

/// `inline_template('text', ...)`: each string rendered, concatenated.
pub(crate) fn inline_template(ev: &mut Evaluator<'_>, args: &[Value], span: Span, scope: &Rc<Scope>) -> EvalResult {
    let mut out = String::new();
    for text in string_args("inline_template", args, span)? {
        ev.enter(span)?;
        let methods = ev.template_methods.clone();
        let mut host = PuppetHost::new(ev, scope.clone(), span, None);
        let rendered = confer_ruby::render(text, &mut host, &methods);
        ev.leave();
        match rendered {
            Ok(rendered) => out.push_str(&rendered),
            Err(e) => {
                // Puppet's message names no place in the template; the note does.
                let (line, column) = confer_ruby::line_col(text, e.at);
                let note = crate::log::Note::text(format!("at line {line}, column {column} of the inline template"));
                return Err(with_notes(
                    fail_as(ErrorKind::Template, span, format!("Failed to parse inline template: {e}")),
                    vec![note],
                ));
            }
        }
    }
    Ok(Value::from(out))
}

/// A catalog resource as Ruby code sees it.
fn resource_view(r: &super::resource::Resource) -> confer_ruby::ResourceView {
    confer_ruby::ResourceView {
        type_name: r.type_name.clone(),
        title: r.title.clone(),
        parameters: r
            .attributes
            .iter()
            .filter(|(_, v)| !v.is_undef())
            .map(|(k, v)| (confer_core::value::to_s(k), v.clone()))
            .collect(),
    }
}
