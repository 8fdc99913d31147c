//! `file`, `binary_file`, `find_file` and `module_directory`: files and
//! directories of the environment's modules. A reference `mod/path` names
//! `<module mod>/files/path`; an absolute path names itself (Puppet's
//! `Puppet::Parser::Files.find_file`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use confer_core::value::to_s;
use confer_core::Value;

use super::{Builtin, Call, FunctionHost};
use crate::eval::flow::{fail, EvalResult};

/// The file functions.
pub(crate) const FUNCTIONS: &[Builtin] = &[
    Builtin::legacy("file", -2, file),
    Builtin::new("binary_file", &["String path"], binary_file),
    Builtin::new("find_file", &["String paths*", "Array[String] paths_array*"], find_file),
    Builtin::new("find_template", &["String paths*", "Array[String] paths_array*"], find_template),
    Builtin::new("module_directory", &["String names*", "Array[String] names*"], module_directory),
];

/// The path a file reference names, if that file exists.
fn find(host: &dyn FunctionHost<'_>, reference: &str) -> Option<PathBuf> {
    let path = if Path::new(reference).is_absolute() {
        PathBuf::from(reference)
    } else {
        let (module, rest) = reference.split_once('/')?;
        if rest.is_empty() {
            return None;
        }
        host.module_dir(module)?.join("files").join(rest)
    };
    path.exists().then_some(path)
}

/// The strings of the arguments, arrays flattened one level deep.
fn names(args: &[Value]) -> Vec<String> {
    args.iter()
        .flat_map(|a| match a {
            Value::Array(items) => items.iter().map(to_s).collect(),
            other => vec![to_s(other)],
        })
        .collect()
}

/// `file(ref, ...)`: the content of the first file that exists.
fn file(call: &mut Call<'_, '_>) -> EvalResult {
    let refs: Vec<String> = call.args.iter().map(to_s).collect();
    for r in &refs {
        if let Some(path) = find(&*call.host, r) {
            let bytes =
                crate::files::read_bytes(&path).map_err(|e| fail(call.span, format!("{}: {e}", path.display())))?;
            return Ok(Value::from(String::from_utf8_lossy(&bytes).into_owned()));
        }
    }
    Err(fail(call.span, format!("Could not find any files from {}", refs.join(", "))))
}

/// `binary_file(ref)`: the file's bytes.
fn binary_file(call: &mut Call<'_, '_>) -> EvalResult {
    let reference = to_s(&call.args[0]);
    let Some(path) = find(&*call.host, &reference) else {
        return Err(fail(call.span, format!("binary_file(): The given file '{reference}' does not exist")));
    };
    let bytes = crate::files::read_bytes(&path).map_err(|e| fail(call.span, format!("{}: {e}", path.display())))?;
    Ok(Value::Binary(Arc::new(bytes)))
}

/// `find_file(ref, ...)`: the absolute path of the first file that exists,
/// or `undef`.
fn find_file(call: &mut Call<'_, '_>) -> EvalResult {
    Ok(names(&call.args)
        .iter()
        .find_map(|r| find(&*call.host, r))
        .map_or(Value::Undef, |p| Value::from(p.to_string_lossy().into_owned())))
}

/// `find_template(ref, ...)`: the absolute path of the first template
/// that exists (`mod/path` names `<module mod>/templates/path`), or `undef`.
fn find_template(call: &mut Call<'_, '_>) -> EvalResult {
    Ok(names(&call.args)
        .iter()
        .find_map(|r| call.host.find_template(r))
        .map_or(Value::Undef, |p| Value::from(p.to_string_lossy().into_owned())))
}

/// `module_directory(name, ...)`: the directory of the first module found.
fn module_directory(call: &mut Call<'_, '_>) -> EvalResult {
    Ok(names(&call.args)
        .iter()
        .find_map(|m| call.host.module_dir(m))
        .map_or(Value::Undef, |p| Value::from(p.to_string_lossy().into_owned())))
}
