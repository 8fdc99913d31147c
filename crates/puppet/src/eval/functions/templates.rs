//! `epp`, `inline_epp`, `template` and `inline_template`: the template
//! functions. EPP is evaluated by the Puppet evaluator itself; ERB by the
//! `confer-ruby` interpreter, which asks the evaluator for variables and
//! function calls.

use confer_core::{HashMap, Value};

use super::{Builtin, Call};
use crate::error::ErrorKind;
use crate::eval::flow::{fail_as, EvalResult};
use crate::eval::templates::EppScope;

/// The template functions: EPP's are Puppet 4 functions, ERB's Puppet 3
/// functions taking one or more strings.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::new("epp", &["String path, Hash[Pattern[/^\\w+$/], Any] parameters?"], epp),
    Builtin::new("inline_epp", &["String template, Hash[Pattern[/^\\w+$/], Any] parameters?"], inline_epp),
    Builtin::legacy("template", -2, template),
    Builtin::legacy("inline_template", -2, inline_template),
];

/// The optional parameter hash of `epp`/`inline_epp`.
fn template_args(call: &Call<'_, '_>) -> Option<HashMap> {
    match call.args.get(1) {
        Some(Value::Hash(h)) => Some(h.to_map()),
        _ => None,
    }
}

/// The first argument, a string by the signatures.
fn first_string(call: &Call<'_, '_>) -> EvalResult<String> {
    call.arg::<&str>(0).map(str::to_string)
}

fn epp(call: &mut Call<'_, '_>) -> EvalResult {
    let name = first_string(call)?;
    let args = template_args(call);
    // Puppet adds `.epp` to a name that is not a file as given (a path,
    // absolute or from the working directory): `epp('m/noext')` looks for
    // `templates/noext.epp` only.
    let wanted = match name.ends_with(".epp") || std::path::Path::new(&name).exists() {
        true => name,
        false => format!("{name}.epp"),
    };
    let path = call
        .host
        .find_template(&wanted)
        .ok_or_else(|| fail_as(ErrorKind::Template, call.span, format!("Could not find template '{wanted}'")))?;
    let source = call.host.read_template(&path, call.span)?;
    call.host.render_epp(&source, args, EppScope::Global, "epp", call.span, call.scope)
}

fn inline_epp(call: &mut Call<'_, '_>) -> EvalResult {
    let text = first_string(call)?;
    let args = template_args(call);
    let source = call.host.add_source("inlined-epp-text".into(), text, call.span)?;
    call.host.render_epp(&source, args, EppScope::Caller, "inline_epp", call.span, call.scope)
}

fn template(call: &mut Call<'_, '_>) -> EvalResult {
    call.host.render_erb_files(&call.args, call.span, call.scope)
}

fn inline_template(call: &mut Call<'_, '_>) -> EvalResult {
    call.host.render_erb_texts(&call.args, call.span, call.scope)
}
