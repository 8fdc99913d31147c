//! Hiera data against class parameters: a key `module::class::param` (or
//! `module::param` for the module's main class) is checked against the type of
//! that parameter in the class's manifest, found with Puppet's autoload
//! layout (`module/manifests/class.pp`, `module/manifests/init.pp`).

use std::collections::HashMap as StdHashMap;
use std::path::PathBuf;

use confer_core::mismatch::PathElem;
use confer_core::types::instance_of;
use confer_core::Value;
use confer_puppet::ast::{ClassDef, Expr, ExprKind};
use confer_puppet::span::Source;

use crate::document::Document;
use crate::report::{Problem, Severity};
use crate::schema::TypeEnvironment;

/// A class's parameters: name → the source text of its type, if typed.
type Params = Vec<(String, Option<String>)>;

/// Finds classes in a module path and remembers what it found.
pub struct ClassIndex<'e> {
    env: &'e TypeEnvironment,
    modulepath: Vec<PathBuf>,
    cache: StdHashMap<String, Option<Params>>,
}

fn find_class<'p>(body: &'p [Expr], name: &str) -> Option<&'p ClassDef> {
    body.iter().find_map(|e| match &e.kind {
        ExprKind::ClassDef(c) if c.name.trim_start_matches("::") == name => Some(&**c),
        ExprKind::ClassDef(c) => find_class(&c.body, name),
        _ => None,
    })
}

impl<'e> ClassIndex<'e> {
    /// An index over the modules in `modulepath` (directories separated by `:`).
    pub fn new(env: &'e TypeEnvironment, modulepath: &str) -> ClassIndex<'e> {
        let modulepath = modulepath.split(':').filter(|d| !d.is_empty()).map(PathBuf::from).collect();
        ClassIndex { env, modulepath, cache: StdHashMap::new() }
    }

    /// The parameters of class `name`, or `None` when no manifest defines it.
    fn params(&mut self, name: &str) -> Option<&Params> {
        if !self.cache.contains_key(name) {
            let found = self.load(name);
            self.cache.insert(name.to_string(), found);
        }
        self.cache.get(name).and_then(Option::as_ref)
    }

    fn load(&self, name: &str) -> Option<Params> {
        let mut segments = name.split("::");
        let module = segments.next()?;
        let rest: Vec<&str> = segments.collect();
        let relative =
            if rest.is_empty() { PathBuf::from("init.pp") } else { PathBuf::from(format!("{}.pp", rest.join("/"))) };
        for dir in &self.modulepath {
            let file = dir.join(module).join("manifests").join(&relative);
            let Ok(text) = confer_core::read::read_text(&file) else { continue };
            let source = Source::new(file.display().to_string(), text);
            let program = confer_puppet::parser::parse(&source).ok()?;
            let class = find_class(&program.body, name)?;
            return Some(
                class
                    .params
                    .iter()
                    .map(|p| {
                        let text = p.type_expr.as_ref().and_then(|t| {
                            source.text.get(t.span.start as usize..t.span.end as usize).map(str::to_string)
                        });
                        (p.name.to_string(), text)
                    })
                    .collect(),
            );
        }
        None
    }

    /// The type of parameter `param` of class `class`: `None` when there is
    /// no such class or parameter or it is untyped.
    pub fn param_type(&mut self, class: &str, param: &str) -> Option<Result<confer_core::Type, String>> {
        let env = self.env;
        let params = self.params(class)?;
        let (_, type_text) = params.iter().find(|(n, _)| n == param)?;
        Some(env.resolve(type_text.as_deref()?).map_err(|e| format!("the type of {class}::{param}: {e}")))
    }

    /// Checks every `class::param` key of a Hiera document.
    pub fn check(&mut self, file: &str, doc: &Document) -> Vec<Problem> {
        let Value::Hash(map) = &doc.value else {
            return vec![problem(file, doc, Vec::new(), Severity::Error, "a Hiera data file must hold a hash".into())];
        };
        let mut problems = Vec::new();
        let sensitive = Sensitive::declared(map.get(&Value::from("lookup_options")));
        for (key, value) in map.iter() {
            let Some(key_text) = key.as_str() else { continue };
            // `%{alias('k')}` is the value of `k`: checked as that when this
            // file has it, else not checkable from this file alone.
            let value = match alias_target(value) {
                Some(target) => match map.get(&Value::from(target)) {
                    Some(aliased) if alias_target(aliased).is_none() => aliased,
                    _ => continue,
                },
                None => value,
            };
            // Puppet converts such a value before the class gets it, and it
            // is a secret: check the converted value and never show it.
            let secret = sensitive.covers(key_text);
            let converted;
            let value = if secret {
                converted = Value::Sensitive(std::sync::Arc::new(value.clone()));
                &converted
            } else {
                value
            };
            let Some((class, param)) = key_text.rsplit_once("::") else { continue };
            let at = vec![PathElem::Key(key.clone())];
            let env = self.env;
            let Some(params) = self.params(class) else {
                problems.push(problem(
                    file,
                    doc,
                    at,
                    Severity::Warning,
                    format!("no class '{class}' in the module path"),
                ));
                continue;
            };
            let Some((_, type_text)) = params.iter().find(|(n, _)| n == param) else {
                let names: Vec<String> = params.iter().map(|(n, _)| n.clone()).collect();
                let mut p =
                    problem(file, doc, at, Severity::Warning, format!("class '{class}' has no parameter '{param}'"));
                p.suggestion = crate::suggest::did_you_mean(param, &names).map(|s| format!("'{s}'"));
                problems.push(p);
                continue;
            };
            let Some(type_text) = type_text else { continue };
            let t = match env.resolve(type_text) {
                Ok(t) => t,
                Err(e) => {
                    problems.push(problem(
                        file,
                        doc,
                        at,
                        Severity::Error,
                        format!("the type of {class}::{param}: {e}"),
                    ));
                    continue;
                }
            };
            // A pattern the backtracking limit left undecided must not pass (or fail) the key.
            let matched = match instance_of(&t, value) {
                Ok(matched) => matched,
                Err(undecided) => {
                    problems.push(problem(file, doc, at, Severity::Error, undecided.to_string()));
                    continue;
                }
            };
            if !matched {
                let mut m = confer_core::mismatch::explain(&t, value);
                let mut path = at.clone();
                path.append(&mut m.path);
                m.path = path;
                if secret {
                    m.detail = format!("expects a value of type {t}, got a Sensitive value (convert_to), not shown");
                    m.path.truncate(1);
                }
                problems.push(Problem::from_mismatch(file, doc, &m));
            }
        }
        problems
    }
}

fn problem(file: &str, doc: &Document, path: Vec<PathElem>, severity: Severity, message: String) -> Problem {
    Problem {
        severity,
        file: file.to_string(),
        position: doc.locate(&path),
        path: crate::path::render(&path),
        message,
        expected: None,
        actual: None,
        suggestion: None,
    }
}

/// The keys a data file's `lookup_options` declare `convert_to: Sensitive`,
/// by name or by `^pattern`.
struct Sensitive {
    names: Vec<String>,
    patterns: Vec<Option<confer_core::regexp::Regexp>>,
}

impl Sensitive {
    fn declared(options: Option<&Value>) -> Sensitive {
        let mut out = Sensitive { names: Vec::new(), patterns: Vec::new() };
        let Some(Value::Hash(options)) = options else { return out };
        for (key, option) in options.iter() {
            let Some(key) = key.as_str() else { continue };
            if !converts_to_sensitive(option) {
                continue;
            }
            if key.starts_with('^') {
                // A pattern that does not compile covers every key: a
                // secret is never shown because its pattern was not read.
                out.patterns.push(confer_core::regexp::Regexp::new(key).ok());
            } else {
                out.names.push(key.to_string());
            }
        }
        out
    }

    /// Whether `key` is declared Sensitive. A match the regex engine could
    /// not decide counts as one: undecided never means "not a secret".
    fn covers(&self, key: &str) -> bool {
        self.names.iter().any(|n| n == key)
            || self.patterns.iter().any(|p| p.as_ref().is_none_or(|re| re.try_is_match(key).unwrap_or(true)))
    }
}

/// `convert_to: Sensitive` or `convert_to: [Sensitive, …]`.
fn converts_to_sensitive(option: &Value) -> bool {
    let Value::Hash(option) = option else { return false };
    match option.get(&Value::from("convert_to")) {
        Some(Value::Array(a)) => a.first().and_then(Value::as_str) == Some("Sensitive"),
        Some(v) => v.as_str() == Some("Sensitive"),
        None => false,
    }
}

/// The key a value that is exactly `%{alias('k')}` names (Hiera replaces it
/// with that key's value, whatever its type).
fn alias_target(value: &Value) -> Option<&str> {
    let inner = value.as_str()?.trim().strip_prefix("%{")?.strip_suffix('}')?.trim();
    let args = inner.strip_prefix("alias")?.trim_start().strip_prefix('(')?.strip_suffix(')')?.trim();
    let quoted = args.strip_prefix('\'').and_then(|a| a.strip_suffix('\''));
    quoted.or_else(|| args.strip_prefix('"').and_then(|a| a.strip_suffix('"')))
}
