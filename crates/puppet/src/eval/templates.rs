//! Rendering templates: finding a template file in a module, and evaluating
//! EPP templates in their own scope. Mirrors Puppet 7's
//! `Puppet::Pops::Evaluator::EppEvaluator` and `Puppet::Parser::Files.find_template`.

use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use confer_core::Value;

use super::calls::{Args, Binder};
use super::flow::{fail, fail_as, EvalResult, Flow};
use super::scope::{Scope, ScopeKind};
use super::Evaluator;
use crate::ast::{Definition, Expr, ExprKind, Program};
use crate::error::{ErrorKind, PuppetError};
use crate::log::Location;
use crate::parser::epp::parse_epp;
use crate::span::{Source, Span};

/// An EPP template being rendered: its output so far.
pub(crate) struct Rendering {
    out: String,
    /// Whether a `Sensitive` value was rendered: then, as in Puppet, the
    /// whole result is `Sensitive`.
    sensitive: bool,
}

/// Where an EPP template's variables come from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum EppScope {
    /// `epp()`: only the template's parameters and top-scope variables.
    Global,
    /// `inline_epp()`: also the variables of the scope that calls it.
    Caller,
}

impl<'a> Evaluator<'a> {
    /// Appends text to the output of the EPP template being rendered.
    pub(crate) fn render_text(&mut self, text: &str) {
        if let Some(r) = self.rendered.last_mut() {
            r.out.push_str(text);
        }
    }

    /// Renders the value of a `<%= %>` tag; a `Sensitive` value renders its
    /// content and makes the template's result `Sensitive`.
    pub(crate) fn render_value(&mut self, v: &Value) {
        let text = match v {
            Value::Sensitive(inner) => {
                if let Some(r) = self.rendered.last_mut() {
                    r.sensitive = true;
                }
                confer_core::value::to_s(inner)
            }
            other => confer_core::value::to_s(other),
        };
        self.render_text(&text);
    }

    /// The file a template reference names: an absolute path as it is, else
    /// `module/path` in the module's `templates/` folder.
    pub(crate) fn find_template(&self, name: &str) -> Option<PathBuf> {
        let path = std::path::Path::new(name);
        if path.is_absolute() {
            return path.is_file().then(|| path.to_path_buf());
        }
        let (module, rest) = name.split_once('/')?;
        let file = self.env.module_dir(module)?.join("templates").join(rest);
        file.is_file().then_some(file)
    }

    /// Reads a template file into the source map, so that spans point into it.
    pub(crate) fn read_template(&mut self, path: &std::path::Path, span: Span) -> EvalResult<Arc<Source>> {
        let text = crate::files::read_text(path).map_err(|e| {
            fail_as(ErrorKind::Template, span, format!("Could not read template {}: {e}", path.display()))
        })?;
        self.add_source(path.display().to_string(), text, span)
    }

    /// Adds template text (from a file or a string) to the source map.
    pub(crate) fn add_source(&mut self, name: String, text: String, span: Span) -> EvalResult<Arc<Source>> {
        self.sources
            .add(name, text)
            .ok_or_else(|| super::limits::exceeded(span, "The manifests read are larger than confer can hold"))
    }

    /// Renders the EPP template `source` with `args` (the parameter hash, if
    /// one was given), called by `func` at `span`.
    pub(crate) fn render_epp(
        &mut self,
        source: &Arc<Source>,
        args: Option<confer_core::HashMap>,
        visibility: EppScope,
        func: &str,
        span: Span,
        caller: &Rc<Scope>,
    ) -> EvalResult {
        let located = |error: crate::parser::ParseError| {
            let (line, column) = source.line_col(error.span.start);
            let at = Location { file: source.name.as_str().into(), line, column };
            fail_as(
                ErrorKind::Template,
                span,
                format!("{func}(): Invalid EPP: {} {}", error.message, crate::log::PuppetPlace(&at)),
            )
        };
        let template = parse_epp(source).map_err(located)?;
        let program = Program { body: template.body };
        crate::validate::check(&program, source, self.env.strict.level).map_err(|e| invalid_epp(func, e, span))?;
        if program.body.iter().any(is_definition) {
            let message = format!("{func}(): The EPP template contains illegal expressions (definitions)");
            return Err(fail_as(ErrorKind::Template, span, message));
        }
        let params_specified = template.params.is_some();
        let def = Definition {
            name: func.to_string(),
            params: template.params.unwrap_or_default(),
            return_type: None,
            body: program.body,
        };
        let holder = self.arena.alloc(super::shared_parse::Loaded::Own(Program {
            body: vec![Expr::new(ExprKind::FunctionDef(Box::new(def)), span)],
        }));
        let ExprKind::FunctionDef(def) = &holder.body[0].kind else {
            unreachable!("the holder was built with a function definition just above");
        };
        let parent = match visibility {
            EppScope::Global => self.top.clone(),
            EppScope::Caller => caller.clone(),
        };
        let local = Scope::new(ScopeKind::Local, Some(parent));
        let args = args.unwrap_or_default();
        if params_specified {
            // Puppet binds the arguments as a lambda's and names it so.
            self.bind_params(&def.params, Args::Named(args), &local, &Binder::Container("lambda"), span)?;
        } else {
            for (k, v) in args.iter() {
                let name = confer_core::value::to_s(k);
                local.assign(&name, v.clone()).map_err(|e| fail(span, e.message(&name)))?;
            }
        }
        self.enter(span)?;
        self.rendered.push(Rendering { out: String::new(), sensitive: false });
        let result = self.eval_block(&def.body, &local);
        let rendering = self.rendered.pop();
        self.leave();
        let (out, sensitive) = rendering.map_or((String::new(), false), |r| (r.out, r.sensitive));
        let value = if sensitive { Value::Sensitive(Arc::new(Value::from(out))) } else { Value::from(out) };
        match result {
            Ok(_) | Err(Flow::Return(..)) => Ok(value),
            Err(e) => Err(super::flow::settle(e)),
        }
    }
}

/// Whether a template statement defines something (not allowed in EPP).
fn is_definition(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::ClassDef(_)
            | ExprKind::DefineDef(_)
            | ExprKind::FunctionDef(_)
            | ExprKind::PlanDef(_)
            | ExprKind::NodeDef(_)
            | ExprKind::TypeAlias { .. }
    )
}

/// A validation error in a template, worded as Puppet's `epp()` reports it.
fn invalid_epp(func: &str, error: PuppetError, span: Span) -> Flow {
    let at = error.location.map(|l| format!(" {}", crate::log::PuppetPlace(&l))).unwrap_or_default();
    fail_as(ErrorKind::Template, span, format!("{func}(): Invalid EPP: {}{at}", error.message))
}
