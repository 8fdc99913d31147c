//! The evaluator as the function library's host: each thing a built-in may
//! ask of the compile (`functions::host::FunctionHost`) delegates to the
//! evaluator's own method or field that does it.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use confer_core::{HashMap, Type, Value};
use confer_hiera::{Found, Strategy};

use super::attributes::Attributes;
use super::call_style::CallStyle;
use super::closure::Closure;
use super::flow::EvalResult;
use super::functions::host::{AnnotationKey, FunctionHost, Inclusion};
use super::functions::{is_legacy_function, signature};
use super::resource::Resource;
use super::scope::Scope;
use super::templates::EppScope;
use super::Evaluator;
use crate::ast::ResourceForm;
use crate::log::Level;
use crate::span::{Source, Span};
use crate::strict::Strictness;

impl<'a> FunctionHost<'a> for Evaluator<'a> {
    fn call_lambda(&mut self, closure: &Closure<'a>, args: Vec<Value>, span: Span) -> EvalResult {
        Evaluator::call_lambda(self, closure, args, span)
    }

    fn call_lambda_iter(
        &mut self,
        closure: &Closure<'a>,
        args: &mut dyn ExactSizeIterator<Item = Value>,
        span: Span,
    ) -> EvalResult {
        Evaluator::call_lambda_with(self, closure, args, span)
    }

    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<Closure<'a>>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        Evaluator::call_function(self, name, args, lambda, span, scope, CallStyle::ByName)
    }

    fn is_legacy_function(&self, name: &str) -> bool {
        is_legacy_function(self, name)
    }

    fn variable(&self, name: &str, scope: &Rc<Scope>) -> Option<Value> {
        self.lookup_quietly(name, scope)
    }

    fn log(&mut self, level: Level, scope: &Scope, message: String) {
        Evaluator::log(self, level, scope, message);
    }

    fn warn_once(&mut self, message: String) {
        self.warn_once_unlocated(message);
    }

    fn warn_once_keyed(&mut self, key: String, message: String) {
        Evaluator::warn_once_keyed(self, key, message);
    }

    fn deprecation(&mut self, key: &'static str, span: Span, message: &str) {
        Evaluator::deprecation(self, key, span, message);
    }

    fn strictness(&self) -> Strictness {
        self.env.strict.level
    }

    fn puppet_frame(&self, depth: usize) -> Option<(String, usize)> {
        let stack = &self.puppet_stack;
        let (span, program) = stack.len().checked_sub(depth + 1).map(|i| stack[i])?;
        let at = self.location(span);
        Some((at.file.to_string(), if program { 0 } else { at.line }))
    }

    fn type_named(&mut self, name: &str, span: Span) -> EvalResult<Type> {
        Evaluator::type_named(self, name, span)
    }

    fn parse_type(&mut self, text: &str, span: Span) -> EvalResult<Type> {
        signature::parse_type(self, text, span)
    }

    fn declare_class(
        &mut self,
        name: &str,
        params: Option<HashMap>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<Option<usize>> {
        Evaluator::declare_class(self, name, params, span, scope)
    }

    fn include_classes(&mut self, names: &[String], how: Inclusion, span: Span, scope: &Rc<Scope>) -> EvalResult<()> {
        Evaluator::include_classes(self, names, how, span, scope)
    }

    fn declare_resource(
        &mut self,
        type_name: &str,
        cap: &str,
        title: &Value,
        attributes: Attributes,
        form: ResourceForm,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<()> {
        Evaluator::declare_resource(self, type_name, cap, title, attributes, form, span, scope)
    }

    fn realize(&mut self, refs: &[Value]) -> EvalResult {
        Evaluator::realize(self, refs)
    }

    fn tag_container(&mut self, tags: &[Value], scope: &Rc<Scope>, span: Span) -> EvalResult {
        self.tag_scope(tags, scope, span)
    }

    fn resource(&self, index: usize) -> &Resource {
        &self.catalog.resources[index]
    }

    fn find_resource(&self, fits: &mut dyn FnMut(&Resource) -> bool) -> Option<usize> {
        self.catalog.resources.iter().position(fits)
    }

    fn class_names(&self) -> &[String] {
        &self.catalog.class_names
    }

    fn resource_declared(&self, cap: &str, title: &str) -> bool {
        Evaluator::resource_declared(self, cap, title)
    }

    fn class_declared(&self, name: &str) -> bool {
        Evaluator::class_declared(self, name)
    }

    fn class_exists(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        Ok(self.class_def(name, span)?.is_some())
    }

    fn defined_type_exists(&mut self, name: &str, span: Span) -> EvalResult<bool> {
        Ok(self.define_def(name, span)?.is_some())
    }

    fn hiera_lookup(
        &mut self,
        names: &[String],
        merge: Option<Strategy>,
        scope: &Rc<Scope>,
        span: Span,
    ) -> EvalResult<Option<Found>> {
        Evaluator::hiera_lookup(self, names, merge, scope, span)
    }

    fn find_template(&self, name: &str) -> Option<PathBuf> {
        Evaluator::find_template(self, name)
    }

    fn read_template(&mut self, path: &Path, span: Span) -> EvalResult<Arc<Source>> {
        Evaluator::read_template(self, path, span)
    }

    fn add_source(&mut self, name: String, text: String, span: Span) -> EvalResult<Arc<Source>> {
        Evaluator::add_source(self, name, text, span)
    }

    fn render_epp(
        &mut self,
        source: &Arc<Source>,
        args: Option<HashMap>,
        visibility: EppScope,
        func: &str,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult {
        Evaluator::render_epp(self, source, args, visibility, func, span, scope)
    }

    fn render_erb_files(&mut self, args: &[Value], span: Span, scope: &Rc<Scope>) -> EvalResult {
        super::erb::template(self, args, span, scope)
    }

    fn render_erb_texts(&mut self, args: &[Value], span: Span, scope: &Rc<Scope>) -> EvalResult {
        super::erb::inline_template(self, args, span, scope)
    }

    fn module_dir(&self, name: &str) -> Option<PathBuf> {
        self.env.module_dir(name)
    }

    fn environment_name(&self) -> &str {
        &self.env.name
    }

    fn annotation(&self, key: &AnnotationKey) -> Option<Value> {
        self.annotations.get(key).map(|(_, annotation)| annotation.clone())
    }

    fn set_annotation(&mut self, key: AnnotationKey, target: Value, annotation: Value) {
        self.annotations.insert(key, (target, annotation));
    }

    fn clear_annotation(&mut self, key: &AnnotationKey) -> Option<Value> {
        self.annotations.remove(key).map(|(_, annotation)| annotation)
    }
}
