//! The console's line editor helper: input that goes on (open brackets,
//! strings, heredocs) gets another line instead of being evaluated, and Tab
//! completes variables, functions, data types, resource types and commands.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rustyline::completion::{Completer, Pair};
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Context, Helper, Highlighter, Hinter};

use super::pending::Pending;

/// What Tab can complete, refreshed after every input.
#[derive(Default)]
pub struct Names {
    /// Top-scope variables, without `$`.
    pub variables: Vec<String>,
    /// Callable functions.
    pub functions: Vec<String>,
    /// Declarable resource types, lower case.
    pub resource_types: Vec<String>,
}

/// The console's commands, completed after `:`.
pub const COMMANDS: &[&str] = &[":help", ":type", ":load", ":facts", ":modulepath", ":vars", ":quit"];

/// The rustyline helper.
#[derive(Helper, Highlighter, Hinter)]
pub struct ConsoleHelper {
    /// The names to complete, shared with the console loop.
    pub names: Rc<RefCell<Names>>,
    /// The scan of the input as last validated: the editor validates the
    /// whole input at every newline, and the scan goes on from there.
    pub pending: RefCell<Pending>,
    /// Every line is complete to the editor: input that is not a terminal is
    /// gathered by the console (the editor copies its whole buffer at each
    /// line it reads from a pipe).
    pub by_line: bool,
    /// The input being typed outgrew [`EDIT_LIMIT`] while still open: the
    /// editor handed it over as it stood, and the console gathers the rest
    /// line by line until it is complete.
    pub long_input: Cell<bool>,
}

/// The most text the editor keeps in one multi-line buffer. It redraws the
/// whole buffer at every newline, so a paste the terminal does not bracket
/// (each character a key) costs the square of its length; past this size
/// the console takes over, at a cost linear in the input.
pub const EDIT_LIMIT: usize = 4096;

/// The word being completed ends at `pos` and takes letters, digits, `_`,
/// `:` (namespaces) and a leading `$`.
fn word_start(line: &str, pos: usize) -> usize {
    line[..pos]
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || matches!(c, '_' | ':' | '$'))
        .last()
        .map_or(pos, |(i, _)| i)
}

impl ConsoleHelper {
    /// The completions of `word`.
    pub fn candidates(&self, word: &str, at_line_start: bool) -> Vec<String> {
        let names = self.names.borrow();
        let mut found: Vec<String> = if at_line_start && word.starts_with(':') {
            COMMANDS.iter().filter(|c| c.starts_with(word)).map(|c| c.to_string()).collect()
        } else if let Some(var) = word.strip_prefix('$') {
            names.variables.iter().filter(|v| v.starts_with(var)).map(|v| format!("${v}")).collect()
        } else if word.starts_with(|c: char| c.is_ascii_uppercase()) {
            let resource_types = names.resource_types.iter().map(|t| capitalize(t));
            let types = confer_puppet::eval::session::TYPE_NAMES.iter().map(|t| t.to_string());
            types.chain(resource_types).filter(|t| t.starts_with(word)).collect()
        } else {
            names.functions.iter().chain(&names.resource_types).filter(|f| f.starts_with(word)).cloned().collect()
        };
        found.sort();
        found.dedup();
        found
    }
}

/// `apache::vhost` as a type name: `Apache::Vhost`.
fn capitalize(name: &str) -> String {
    name.split("::")
        .map(|seg| {
            let mut chars = seg.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
        })
        .collect::<Vec<String>>()
        .join("::")
}

impl Completer for ConsoleHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let start = word_start(line, pos);
        let word = &line[start..pos];
        let at_line_start = line[..start].trim().is_empty();
        let pairs = self
            .candidates(word, at_line_start)
            .into_iter()
            .map(|c| Pair { display: c.clone(), replacement: c })
            .collect();
        Ok((start, pairs))
    }
}

impl Validator for ConsoleHelper {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        let input = ctx.input();
        if self.by_line || self.long_input.get() || input.trim_start().starts_with(':') {
            return Ok(ValidationResult::Valid(None));
        }
        let mut pending = self.pending.borrow_mut();
        if pending.continued_by(input).is_none() {
            pending.clear();
        }
        let rest = pending.continued_by(input).unwrap_or(input);
        if pending.push(rest) {
            pending.clear();
            Ok(ValidationResult::Valid(None))
        } else if input.len() > EDIT_LIMIT {
            pending.clear();
            self.long_input.set(true);
            Ok(ValidationResult::Valid(None))
        } else {
            Ok(ValidationResult::Incomplete)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn helper() -> ConsoleHelper {
        let names = Names {
            variables: vec!["packages".into(), "port".into()],
            functions: vec!["notice".into(), "now".into()],
            resource_types: vec!["file".into(), "apache::vhost".into()],
        };
        ConsoleHelper {
            names: Rc::new(RefCell::new(names)),
            pending: Default::default(),
            by_line: false,
            long_input: Default::default(),
        }
    }

    #[test]
    fn each_kind_of_word_completes_from_its_own_names() {
        let h = helper();
        assert_eq!(h.candidates("$pa", false), ["$packages"]);
        assert_eq!(h.candidates("no", false), ["notice", "now"]);
        assert_eq!(h.candidates("Apa", false), ["Apache::Vhost"]);
        assert_eq!(h.candidates("Intege", false), ["Integer"]);
        assert_eq!(h.candidates(":lo", true), [":load"]);
        assert_eq!(word_start("notice($pa", 10), 7);
    }
}
