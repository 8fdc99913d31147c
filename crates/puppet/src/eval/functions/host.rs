//! What a built-in function may ask of the compile that calls it. The
//! function families see the run through this interface only — never the
//! whole evaluator — so that a family cannot reach into the catalog, the
//! scopes or the caches behind the evaluator's back, and so that what the
//! library needs from a run is written down in one place, as the ERB
//! interpreter's `Host` and the CFEngine library's `FunctionHost` are. The
//! evaluator implements it (`eval::function_host`).

use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use confer_core::{HashMap, Type, Value};
use confer_hiera::{Found, Strategy};

use crate::ast::ResourceForm;
use crate::eval::attributes::Attributes;
use crate::eval::closure::Closure;
use crate::eval::flow::EvalResult;
use crate::eval::resource::Resource;
use crate::eval::scope::Scope;
use crate::eval::templates::EppScope;
use crate::log::Level;
use crate::span::{Source, Span};
use crate::strict::Strictness;

/// The key an annotation is kept under: the annotated object's identity and
/// the annotation type's name (Puppet keeps one of each type per object).
pub(crate) type AnnotationKey = (usize, String);

/// How `include`, `contain` and `require` declare their classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Inclusion {
    /// `include`: declared, nothing more.
    Include,
    /// `contain`: declared and contained by the calling class.
    Contain,
    /// `require`: declared, and the calling resource depends on it.
    Require,
}

/// The compile, as built-in functions see it.
pub(crate) trait FunctionHost<'a> {
    /// Calls `closure` with `args`.
    fn call_lambda(&mut self, closure: &Closure<'a>, args: Vec<Value>, span: Span) -> EvalResult;
    /// Calls `closure` with arguments handed over one by one, for
    /// iterations that call it once per element (see `call_lambda_with`).
    fn call_lambda_iter(
        &mut self,
        closure: &Closure<'a>,
        args: &mut dyn ExactSizeIterator<Item = Value>,
        span: Span,
    ) -> EvalResult;
    /// Calls the function `name` as `call()` does: any function, Puppet's,
    /// a module's or one written in Puppet.
    fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<Closure<'a>>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult;
    /// Whether `name` is a Puppet 3 API function in this environment.
    fn is_legacy_function(&self, name: &str) -> bool;

    /// The variable `name` as `scope` sees it, without the warning an
    /// undefined one gives in Puppet code.
    fn variable(&self, name: &str, scope: &Rc<Scope>) -> Option<Value>;

    /// Logs a message of a logging function called in `scope`.
    fn log(&mut self, level: Level, scope: &Scope, message: String);
    /// Logs a warning once a run and without a position.
    fn warn_once(&mut self, message: String);
    /// Logs `message` once for each `key` seen in the run.
    fn warn_once_keyed(&mut self, key: String, message: String);
    /// Logs Puppet's deprecation warning `key` once a run, at `span`.
    fn deprecation(&mut self, key: &'static str, span: Span, message: &str);
    /// The environment's `strict` setting.
    fn strictness(&self) -> Strictness;
    /// The file and line of the `depth`-th innermost frame of Puppet's
    /// stack (line 0 for a whole program), as stdlib reads it for its
    /// deprecations.
    fn puppet_frame(&self, depth: usize) -> Option<(String, usize)>;

    /// The type a name resolves to (an alias, a resource type, a class).
    fn type_named(&mut self, name: &str, span: Span) -> EvalResult<Type>;
    /// The type a type expression's text stands for.
    fn parse_type(&mut self, text: &str, span: Span) -> EvalResult<Type>;

    /// Declares the class `name` with `params`; its catalog index, unless
    /// it was already declared.
    fn declare_class(
        &mut self,
        name: &str,
        params: Option<HashMap>,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<Option<usize>>;
    /// Declares the classes `include`, `contain` or `require` names.
    fn include_classes(&mut self, names: &[String], how: Inclusion, span: Span, scope: &Rc<Scope>) -> EvalResult<()>;
    /// Declares the resource `cap[title]` of the type `type_name`.
    #[allow(clippy::too_many_arguments)]
    fn declare_resource(
        &mut self,
        type_name: &str,
        cap: &str,
        title: &Value,
        attributes: Attributes,
        form: ResourceForm,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult<()>;
    /// Makes the virtual resources `refs` names real.
    fn realize(&mut self, refs: &[Value]) -> EvalResult;
    /// Adds `tags` to the container `scope` belongs to.
    fn tag_container(&mut self, tags: &[Value], scope: &Rc<Scope>, span: Span) -> EvalResult;
    /// The declared resource at `index` of the catalog.
    fn resource(&self, index: usize) -> &Resource;
    /// The catalog index of the first declared resource that `fits`.
    fn find_resource(&self, fits: &mut dyn FnMut(&Resource) -> bool) -> Option<usize>;
    /// The names of the classes evaluated so far.
    fn class_names(&self) -> &[String];
    /// Whether the resource `Type[title]` (capitalised type) is declared.
    fn resource_declared(&self, cap: &str, title: &str) -> bool;
    /// Whether the class `name` has been declared.
    fn class_declared(&self, name: &str) -> bool;
    /// Whether a class `name` exists, loaded as Puppet's loaders would.
    fn class_exists(&mut self, name: &str, span: Span) -> EvalResult<bool>;
    /// Whether a defined type `name` exists, loaded as Puppet's loaders would.
    fn defined_type_exists(&mut self, name: &str, span: Span) -> EvalResult<bool>;

    /// The first of `names` Hiera finds, as `scope` sees the data.
    fn hiera_lookup(
        &mut self,
        names: &[String],
        merge: Option<Strategy>,
        scope: &Rc<Scope>,
        span: Span,
    ) -> EvalResult<Option<Found>>;

    /// The file a template reference (`module/file`) names, if it exists.
    fn find_template(&self, name: &str) -> Option<PathBuf>;
    /// A template file's text, as a source of the compile.
    fn read_template(&mut self, path: &std::path::Path, span: Span) -> EvalResult<Arc<Source>>;
    /// `text` as a source of the compile named `name`.
    fn add_source(&mut self, name: String, text: String, span: Span) -> EvalResult<Arc<Source>>;
    /// Renders an EPP template with `args` as its parameters.
    #[allow(clippy::too_many_arguments)]
    fn render_epp(
        &mut self,
        source: &Arc<Source>,
        args: Option<HashMap>,
        visibility: EppScope,
        func: &str,
        span: Span,
        scope: &Rc<Scope>,
    ) -> EvalResult;
    /// `template(files…)`: the ERB files rendered and joined.
    fn render_erb_files(&mut self, args: &[Value], span: Span, scope: &Rc<Scope>) -> EvalResult;
    /// `inline_template(texts…)`: the ERB texts rendered and joined.
    fn render_erb_texts(&mut self, args: &[Value], span: Span, scope: &Rc<Scope>) -> EvalResult;

    /// The directory of the module `name` on the module path.
    fn module_dir(&self, name: &str) -> Option<PathBuf>;
    /// The environment's name.
    fn environment_name(&self) -> &str;

    /// The annotation kept under `key`.
    fn annotation(&self, key: &AnnotationKey) -> Option<Value>;
    /// Keeps `annotation` of `target` under `key`.
    fn set_annotation(&mut self, key: AnnotationKey, target: Value, annotation: Value);
    /// Drops the annotation kept under `key`, returning it.
    fn clear_annotation(&mut self, key: &AnnotationKey) -> Option<Value>;
}

impl<'a> dyn FunctionHost<'a> + '_ {
    /// Calls `closure` with arguments from an iterator, without collecting
    /// them into a vector first.
    pub fn call_lambda_with(
        &mut self,
        closure: &Closure<'a>,
        mut args: impl ExactSizeIterator<Item = Value>,
        span: Span,
    ) -> EvalResult {
        self.call_lambda_iter(closure, &mut args, span)
    }
}
