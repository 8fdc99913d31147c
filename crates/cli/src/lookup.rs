//! `confer puppet lookup`: Hiera lookups for a node from its facts, printed
//! as `puppet lookup --render-as …` prints them, or the hierarchy walk with
//! `--explain`.

use std::cell::RefCell;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use confer_core::{Type, Value};
use confer_diagnostic::FileSources;
use confer_hiera::{DeepOptions, Hiera, NodeScope, Strategy};
use confer_puppet::environment::Environment;
use confer_puppet::strict::Strictness;

use crate::compile::{load_facts, split_path};
use crate::output_settings::OutputSettings;

/// How the value is printed.
#[derive(Clone, Copy, ValueEnum)]
pub enum Render {
    /// Compact JSON.
    Json,
    /// YAML, as Ruby's Psych writes it.
    Yaml,
    /// Ruby's `to_s` of the value.
    S,
}

/// The strategies `--merge` accepts.
#[derive(Clone, Copy, ValueEnum)]
pub enum MergeName {
    /// The first value found.
    First,
    /// Arrays concatenated without duplicates.
    Unique,
    /// Hashes merged on their top-level keys.
    Hash,
    /// Hashes and arrays merged recursively.
    Deep,
}

/// Arguments of `confer puppet lookup`.
#[derive(Args)]
pub struct LookupArgs {
    /// The keys; the first one found gives the value.
    #[arg(required = true)]
    keys: Vec<String>,
    /// The environment directory (`hiera.yaml`, `data/`, `modules/`).
    #[arg(long, value_name = "DIR")]
    environment: PathBuf,
    /// Base module directories, searched after the environment's own.
    #[arg(long, value_name = "DIR[:DIR…]")]
    modulepath: Option<String>,
    /// The node's facts; without it, the local machine's are gathered.
    #[arg(long, value_name = "FILE")]
    facts: Option<PathBuf>,
    /// The node name; by default the facts' name.
    #[arg(long)]
    node: Option<String>,
    /// A global `hiera.yaml` (Puppet's `--hiera_config`).
    #[arg(long, value_name = "FILE")]
    hiera_config: Option<PathBuf>,
    /// The merge strategy, instead of the keys' `lookup_options`.
    #[arg(long, value_enum)]
    merge: Option<MergeName>,
    /// With `--merge deep`: the prefix that knocks values out.
    #[arg(long, value_name = "PREFIX")]
    knock_out_prefix: Option<String>,
    /// With `--merge deep`: sort merged arrays.
    #[arg(long)]
    sort_merged_arrays: bool,
    /// With `--merge deep`: merge arrays of hashes element by element.
    #[arg(long)]
    merge_hash_arrays: bool,
    /// The value when no key is found (a string, as in Puppet).
    #[arg(long)]
    default: Option<String>,
    /// The type the value must have (`Array[String]`).
    #[arg(long = "type", value_name = "TYPE")]
    value_type: Option<String>,
    /// Print the hierarchy walk instead of the value.
    #[arg(long)]
    explain: bool,
    /// How to print the value (default: yaml, as Puppet).
    #[arg(long, value_enum)]
    render_as: Option<Render>,
    #[command(flatten)]
    strict: crate::strict_args::StrictArgs,
}

/// The node's scope, with `convert_to` done by the Puppet evaluator, and
/// the warnings its undefined variables gave (each once).
struct CliScope {
    node: NodeScope,
    strict: Strictness,
    warnings: RefCell<Vec<String>>,
}

impl confer_hiera::Scope for CliScope {
    fn variable(&self, name: &str) -> Option<Value> {
        self.node.variable(name)
    }

    fn undefined_variable(&self, name: &str) -> Result<(), String> {
        if let Some(warning) = self.strict.judge(format!("Undefined variable '{name}'; "))? {
            let mut warnings = self.warnings.borrow_mut();
            if !warnings.contains(&warning) {
                warnings.push(warning);
            }
        }
        Ok(())
    }

    fn convert(&self, type_name: &str, value: &Value, args: &[Value]) -> Result<Value, String> {
        confer_puppet::eval::convert_value(type_name, value, args)
    }
}

fn fail(out: OutputSettings, message: impl std::fmt::Display) -> ExitCode {
    out.error("puppet::lookup", "Error: ", &format!("Could not run: {message}"));
    ExitCode::FAILURE
}

fn strategy(args: &LookupArgs) -> Option<Strategy> {
    Some(match args.merge? {
        MergeName::First => Strategy::First,
        MergeName::Unique => Strategy::Unique,
        MergeName::Hash => Strategy::Hash,
        MergeName::Deep => Strategy::Deep(DeepOptions {
            knockout_prefix: args.knock_out_prefix.clone(),
            sort_merged_arrays: args.sort_merged_arrays,
            merge_hash_arrays: args.merge_hash_arrays,
        }),
    })
}

fn parse_type(text: &str) -> Result<Type, String> {
    let source = confer_puppet::span::Source::new("<type>", format!("type Confer_lookup_type = {text}\n"));
    match confer_puppet::resolve_type_alias(&source, "Confer_lookup_type") {
        Ok(Type::Alias(a)) => Ok(a.0.target().cloned().unwrap_or(Type::Any)),
        Ok(t) => Ok(t),
        Err(e) => Err(e.message),
    }
}

/// Puppet's message for keys not found.
fn not_found(keys: &[String]) -> String {
    let names: Vec<String> = keys.iter().map(|k| format!("'{k}'")).collect();
    format!("Function lookup() did not find a value for the name {}", names.join(", "))
}

/// Runs `confer puppet lookup`.
pub fn run(args: LookupArgs, out: OutputSettings) -> ExitCode {
    let base = split_path(args.modulepath.as_deref());
    let env = match Environment::load(&args.environment, &base) {
        Ok(env) => env,
        Err(e) => return fail(out, e),
    };
    let facts = match load_facts(args.facts.as_ref(), out) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let node = args.node.clone().unwrap_or_else(|| facts.name.clone());
    let value_type = match args.value_type.as_deref().map(parse_type).transpose() {
        Ok(t) => t,
        Err(e) => return fail(out, e),
    };
    let hiera = Hiera::new(Some(&args.environment), env.modulepath.clone(), args.hiera_config.clone());
    let env_name = args.environment.file_name().map_or("production".into(), |n| n.to_string_lossy().to_string());
    let scope = CliScope {
        node: NodeScope::new(&node, &facts.values, &env_name),
        strict: args.strict.strict().level,
        warnings: RefCell::new(Vec::new()),
    };
    let mut inv = hiera.invocation(&scope);
    if args.explain {
        inv = inv.explain();
    }
    let mut result = Ok(None);
    for key in &args.keys {
        result = inv.lookup(key, strategy(&args));
        if !matches!(result, Ok(None)) {
            break;
        }
    }
    for w in scope.warnings.take() {
        eprintln!("Warning: {w}\n   (file & line not available)");
    }
    for w in hiera.take_warnings() {
        eprintln!("Warning: {w}");
    }
    if let Some(text) = inv.explanation(matches!(args.render_as, Some(Render::Json))) {
        crate::stdout::print(&text);
        match result {
            Err(e) => crate::stdout::println(&e.to_string()),
            Ok(None) if args.default.is_none() => crate::stdout::println(&not_found(&args.keys)),
            Ok(_) => {}
        }
        return ExitCode::SUCCESS;
    }
    let (value, subject) = match result {
        Err(e) => {
            out.emit(&e.to_diagnostic("Error: Could not run: "), &FileSources::new());
            return ExitCode::FAILURE;
        }
        Ok(Some(found)) => (found.value, "Found value"),
        Ok(None) => match &args.default {
            Some(d) => (Value::from(d.as_str()), "Default value"),
            None => return fail(out, not_found(&args.keys)),
        },
    };
    if let Some(t) = &value_type {
        match confer_core::types::instance_of(t, &value) {
            Ok(true) => {}
            Ok(false) => {
                return fail(out, format!("{subject} has wrong type, {}", confer_core::mismatch::describe(t, &value)))
            }
            Err(undecided) => return fail(out, undecided.to_string()),
        }
    }
    crate::stdout::println(&render(&value, args.render_as.unwrap_or(Render::Yaml)));
    ExitCode::SUCCESS
}

/// The value as `puppet lookup --render-as` prints it.
fn render(v: &Value, how: Render) -> String {
    match how {
        Render::Json => confer_hiera::json::to_json(v),
        Render::S => confer_core::ruby_compat::to_s(v),
        Render::Yaml => match v {
            Value::Hash(h) if !h.is_empty() => format!("---\n{}", yaml_block(v, 0).trim_end()),
            Value::Array(a) if !a.is_empty() => format!("---\n{}", yaml_block(v, 0).trim_end()),
            other => format!("--- {}", yaml_scalar(other)),
        },
    }
}

/// A scalar as Psych writes it: strings that start with a non-word
/// character are double-quoted, strings that would read back as another
/// type single-quoted.
fn yaml_scalar(v: &Value) -> String {
    match v {
        Value::Undef => String::new(),
        Value::String(s) => {
            let s: &str = s;
            let reads_back_as_other = !confer_core::ruby_compat::reads_back_as_string(s);
            if s.is_empty() || s == "y" || s == "n" || reads_back_as_other {
                format!("'{}'", s.replace('\'', "''"))
            } else if !s.starts_with(|c: char| c.is_alphanumeric() || c == '_') && !s.contains('"') {
                confer_hiera::json::string(s)
            } else if s.contains(": ") || s.contains(" #") || s.ends_with(':') || s.starts_with(' ') || s.ends_with(' ')
            {
                format!("'{}'", s.replace('\'', "''"))
            } else {
                s.to_string()
            }
        }
        Value::Float(f) => confer_core::ruby_compat::float_to_s(*f),
        Value::Array(a) if a.is_empty() => "[]".into(),
        Value::Hash(h) if h.is_empty() => "{}".into(),
        other => confer_core::value::to_s(other),
    }
}

fn yaml_block(v: &Value, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    match v {
        Value::Hash(h) => {
            for (k, val) in h.iter() {
                let key = yaml_scalar(&Value::from(confer_core::value::to_s(k)));
                match val {
                    Value::Hash(inner) if !inner.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n{}", yaml_block(val, indent + 2)))
                    }
                    Value::Array(inner) if !inner.is_empty() => {
                        out.push_str(&format!("{pad}{key}:\n{}", yaml_block(val, indent)))
                    }
                    Value::Undef => out.push_str(&format!("{pad}{key}:\n")),
                    other => out.push_str(&format!("{pad}{key}: {}\n", yaml_scalar(other))),
                }
            }
        }
        Value::Array(a) => {
            for item in a.iter() {
                match item {
                    Value::Hash(inner) if !inner.is_empty() => {
                        let block = yaml_block(item, indent + 2);
                        out.push_str(&format!("{pad}- {}", &block[indent + 2..]));
                    }
                    Value::Array(inner) if !inner.is_empty() => {
                        let block = yaml_block(item, indent + 2);
                        out.push_str(&format!("{pad}- {}", &block[indent + 2..]));
                    }
                    Value::Undef => out.push_str(&format!("{pad}-\n")),
                    other => out.push_str(&format!("{pad}- {}\n", yaml_scalar(other))),
                }
            }
        }
        other => out.push_str(&format!("{pad}{}\n", yaml_scalar(other))),
    }
    out
}
