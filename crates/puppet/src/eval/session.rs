//! An evaluation that goes on across inputs, for an interactive console:
//! each input is parsed and evaluated in the same top scope, so variables,
//! classes, defined types and functions stay from one input to the next.
//! Unlike `apply`, the catalog is not finished after an input (a console
//! declares resources one at a time); every input gets its own source, so
//! errors are located in the input that caused them.

use std::rc::Rc;

use confer_core::Value;
use typed_arena::Arena;

use super::{Evaluator, Program};
use crate::environment::Environment;
use crate::error::{Phase, PuppetError};
use crate::log::Logger;
use crate::node::Node;
use crate::span::SourceMap;

/// Where a session's parsed inputs live: they must outlive the session, which
/// refers into them (definitions, lambdas). Create one, then a [`Session`]
/// borrowing it.
#[derive(Default)]
pub struct Store {
    programs: Arena<super::shared_parse::Loaded>,
}

impl Store {
    /// An empty store.
    pub fn new() -> Store {
        Store::default()
    }
}

/// A running evaluation that takes one input at a time.
pub struct Session<'s> {
    ev: Evaluator<'s>,
}

/// Puppet's data type names, offered when completing a capitalised word.
/// Each resolves with `types::by_name` (checked by a test).
pub const TYPE_NAMES: &[&str] = &[
    "Any",
    "Array",
    "Binary",
    "Boolean",
    "Callable",
    "CatalogEntry",
    "Class",
    "Collection",
    "Data",
    "Default",
    "Deferred",
    "Enum",
    "Float",
    "Hash",
    "Init",
    "Integer",
    "Iterable",
    "Iterator",
    "NotUndef",
    "Numeric",
    "Object",
    "Optional",
    "Pattern",
    "Regexp",
    "Resource",
    "RichData",
    "Runtime",
    "Scalar",
    "ScalarData",
    "SemVer",
    "SemVerRange",
    "Sensitive",
    "String",
    "Struct",
    "Timespan",
    "Timestamp",
    "Tuple",
    "Type",
    "TypeSet",
    "URI",
    "Undef",
    "Variant",
];

impl<'s> Session<'s> {
    /// A session in `env` for `node` (its facts in the top scope, as in
    /// `apply`), logging to `logger`.
    pub fn new(store: &'s Store, env: Rc<Environment>, node: Option<&Node>, logger: &'s mut dyn Logger) -> Session<'s> {
        let mut ev = Evaluator::new(SourceMap::default(), &store.programs, env, logger);
        if let Some(node) = node {
            ev.node_name = Some(node.name.clone());
            ev.bind_top_scope(node);
        }
        ev.start_catalog();
        Session { ev }
    }

    /// Parses and evaluates `text` (named `name` in messages) in the
    /// session's top scope; the value is the last expression's.
    pub fn eval(&mut self, name: &str, text: &str) -> Result<Value, PuppetError> {
        let Some(source) = self.ev.sources.add(name, text) else {
            let message = "The inputs given are larger than confer can hold";
            return Err(PuppetError::new(Phase::Evaluation, message).with_kind(crate::error::ErrorKind::ResourceLimit));
        };
        let (program, warnings) = crate::validate_with_warnings(&source, self.ev.env.strict.level)?;
        for w in warnings {
            self.ev.logger.log(w);
        }
        let program: &'s Program = self.ev.arena.alloc(super::shared_parse::Loaded::Own(program));
        self.ev.defs.collect_definitions(program);
        let top = self.ev.top.clone();
        self.ev.eval_block(&program.body, &top).map_err(|flow| self.ev.to_error(flow))
    }

    /// The top scope's variables, by name.
    pub fn variables(&self) -> Vec<(String, Value)> {
        let mut vars = self.ev.top.visible();
        vars.sort_by(|a, b| a.0.cmp(&b.0));
        vars
    }

    /// The functions callable here: built-ins of the environment and
    /// Puppet-language functions defined so far.
    pub fn function_names(&self) -> Vec<String> {
        let mut names: Vec<String> = super::functions::available(&self.ev).into_iter().map(String::from).collect();
        names.extend(self.ev.defs.functions.keys().cloned());
        names.sort();
        names.dedup();
        names
    }

    /// The resource types declarable here: Puppet's own and the defined
    /// types defined so far (lower case).
    pub fn resource_type_names(&self) -> Vec<String> {
        let mut names: Vec<String> = super::resource::BUILTIN_TYPES.iter().map(|s| s.to_string()).collect();
        names.extend(self.ev.defs.defines.keys().cloned());
        names.sort();
        names.dedup();
        names
    }
}

/// Whether `text` is the start of an input that goes on (a console then
/// waits for more lines): it fails to parse at its very end (an open bracket,
/// a trailing operator), inside a quoted string opened and never closed, or
/// inside a heredoc whose end tag has not come yet.
pub fn is_incomplete(text: &str) -> bool {
    let source = crate::span::Source::new("<input>", text);
    let Err(e) = crate::parser::parse(&source) else {
        return false;
    };
    let at = source.local_offset(e.span.start);
    if at >= text.trim_end().len() {
        return true;
    }
    let rest = &text[at..];
    // An unclosed quote is reported just after the quote that opened it.
    let opened = text[..at].chars().last().filter(|c| matches!(c, '"' | '\''));
    match (opened, rest.chars().next()) {
        (Some(q), _) if !rest.contains(q) => true,
        (_, Some(q @ ('"' | '\''))) => !rest[1..].contains(q),
        _ => text[..at].contains("@(") || rest.starts_with("@("),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Collect;

    #[test]
    fn variables_and_definitions_persist_between_inputs() {
        let store = Store::new();
        let mut log = Collect::default();
        let env = Rc::new(Environment::bare(Vec::new()));
        let mut s = Session::new(&store, env, None, &mut log);
        assert_eq!(s.eval("<1>", "$x = 20").unwrap(), Value::Integer(20));
        assert_eq!(s.eval("<2>", "function twice($n) { $n * 2 }").unwrap(), Value::Undef);
        assert_eq!(s.eval("<3>", "twice($x) + 2").unwrap(), Value::Integer(42));
        assert!(s.variables().iter().any(|(n, v)| n == "x" && *v == Value::Integer(20)));
        assert!(s.function_names().iter().any(|n| n == "twice"));
        let err = s.eval("<4>", "\n  $x = 1").unwrap_err();
        let at = err.location.unwrap();
        assert_eq!(
            (&*at.file, at.line, at.column),
            ("<4>", 2, 6),
            "located in its own input, at the `=` as Puppet locates it"
        );
        s.eval("<5>", "notice($x)").unwrap();
        drop(s);
        assert_eq!(log.events.last().map(|e| e.message.as_str()), Some("20"));
    }

    #[test]
    fn open_brackets_strings_and_heredocs_wait_for_more() {
        for open in ["notice(1", "if true {", "$x = [1,", "$a = 1 +", "$s = \"ab", "$h = @(END)\nabc", "$h = @(END)"] {
            assert!(is_incomplete(open), "{open:?}");
        }
        for done in ["notice(1)", "notice(1))", "$h = @(END)\nabc\nEND\n", "$x = 'a'", "} notice(1)"] {
            assert!(!is_incomplete(done), "{done:?}");
        }
    }

    #[test]
    fn type_names_are_puppets() {
        for name in TYPE_NAMES {
            assert!(confer_core::types::by_name(name).is_some(), "{name}");
        }
    }
}
