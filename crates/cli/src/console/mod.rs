//! `confer puppet console`: an interactive console for the Puppet language
//! (the role of the community's `puppet-debugger`). Inputs are evaluated one
//! after another in one session, so variables, functions, classes and
//! defined types stay; each result is printed with, on request, its inferred
//! type. Lines are edited with rustyline, with history kept in a file.

mod helper;
mod interrupt;
mod pending;

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use clap::Args;
use confer_core::Value;
use confer_puppet::log::{Level, LogEvent, Logger};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::Editor;

use crate::log_output::Console;
use crate::output_settings::{ColorWhen, OutputSettings};
use helper::{ConsoleHelper, Names};
use pending::Pending;

/// Arguments of `confer puppet console`.
#[derive(Args)]
pub struct ConsoleArgs {
    /// Directories holding modules the inputs may use (`:`-separated).
    #[arg(long, value_name = "DIR[:DIR…]")]
    modulepath: Option<String>,
    /// The node's facts (as for `apply`); without it a core set is gathered
    /// on this machine.
    #[arg(long, value_name = "FILE")]
    facts: Option<PathBuf>,
    /// Colour log lines as Puppet's console does.
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    color: ColorWhen,
    /// The history file (default: `$CONFER_HISTORY`, else
    /// `~/.confer_console_history`).
    #[arg(long, value_name = "FILE")]
    history: Option<PathBuf>,
}

const HELP: &str = "\
Type Puppet code; it runs when its brackets, strings and heredocs are closed.
Each result is shown as `=> value`. Variables, functions, classes and defined
types stay from one input to the next. Tab completes names.
  :help             this text
  :type on|off      also show each result's inferred type
  :vars             the top scope's variables
  :load FILE        evaluate a manifest file in this session
  :facts FILE       use this node's facts (the session restarts and replays)
  :modulepath DIRS  use these module directories (restarts and replays)
  :quit             leave (or Ctrl-D)";

/// The settings a session is built from; changing one rebuilds it.
struct Setup {
    modulepath: Option<String>,
    facts: Option<PathBuf>,
}

/// Logs as `apply` does, except while earlier inputs are replayed.
struct Echo {
    console: Console,
    quiet: Rc<Cell<bool>>,
}

impl Logger for Echo {
    fn log(&mut self, event: LogEvent) {
        if !self.quiet.get() {
            self.console.log(event);
        }
    }
}

/// What the read loop asks of the session loop.
enum Next {
    /// Leave the console.
    Quit,
    /// Build the session again with changed settings and replay.
    Rebuild,
}

/// The console's state across sessions.
struct State {
    editor: Editor<ConsoleHelper, FileHistory>,
    names: Rc<RefCell<Names>>,
    setup: Setup,
    /// Inputs that evaluated, replayed into a rebuilt session.
    replay: Vec<(String, String)>,
    show_types: bool,
    inputs: usize,
    out: OutputSettings,
    /// Input that is not a terminal is read a line at a time and gathered
    /// here until complete.
    by_line: bool,
}

fn history_path(args: &ConsoleArgs) -> Option<PathBuf> {
    args.history
        .clone()
        .or_else(|| std::env::var_os("CONFER_HISTORY").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".confer_console_history")))
}

/// Runs the console until `:quit` or end of input.
pub fn run(args: ConsoleArgs, out: OutputSettings) -> ExitCode {
    let out = out.colored(args.color);
    let names = Rc::new(RefCell::new(Names::default()));
    let mut editor = match Editor::<ConsoleHelper, FileHistory>::new() {
        Ok(e) => e,
        Err(e) => {
            out.error("io", "Error: ", &format!("cannot start the line editor: {e}"));
            return ExitCode::FAILURE;
        }
    };
    let by_line = !std::io::IsTerminal::is_terminal(&std::io::stdin());
    editor.set_helper(Some(ConsoleHelper {
        names: names.clone(),
        pending: Default::default(),
        by_line,
        long_input: Default::default(),
    }));
    let history = history_path(&args);
    if let Some(path) = &history {
        // The line editor reads the file itself: the bounded reader's rule
        // is checked first, so a FIFO or `/dev/zero` is refused, not read.
        // A first run has no history file yet.
        match confer_core::read::admit(path) {
            Ok(()) => {
                if let Err(e) = editor.load_history(path) {
                    out.error("io", "Error: ", &format!("{}: {e}", path.display()));
                    return ExitCode::FAILURE;
                }
            }
            Err(confer_core::read::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => {
                out.error("io", "Error: ", &format!("{}: {e}", path.display()));
                return ExitCode::FAILURE;
            }
        }
    }
    interrupt::install();
    let setup = Setup { modulepath: args.modulepath, facts: args.facts };
    let mut state = State { editor, names, setup, replay: Vec::new(), show_types: false, inputs: 0, out, by_line };
    println!(
        "confer {} console for the Puppet language ({}); :help for help",
        env!("CARGO_PKG_VERSION"),
        confer_puppet::PUPPET_VERSION
    );
    let code = loop {
        match session(&mut state) {
            Ok(Next::Quit) => break ExitCode::SUCCESS,
            Ok(Next::Rebuild) => continue,
            Err(code) => break code,
        }
    };
    if let Some(path) = &history {
        if let Err(e) = state.editor.save_history(path) {
            eprintln!("Warning: could not save the history to {}: {e}", path.display());
        }
    }
    code
}

/// One session: built from the settings, earlier inputs replayed quietly,
/// then inputs read until the user leaves or changes a setting.
fn session(state: &mut State) -> Result<Next, ExitCode> {
    let modulepath = crate::compile::split_path(state.setup.modulepath.as_deref());
    let env = Rc::new(confer_puppet::environment::Environment::bare(modulepath));
    let facts = crate::compile::load_facts(state.setup.facts.as_ref(), state.out)?;
    let node = confer_puppet::node::Node::new(facts.name, facts.values);
    let quiet = Rc::new(Cell::new(true));
    let mut echo = Echo { console: Console::new(Level::Info, &state.out), quiet: quiet.clone() };
    let store = confer_puppet::Store::new();
    let mut session = confer_puppet::Session::new(&store, env, Some(&node), &mut echo);
    let replay = std::mem::take(&mut state.replay);
    for (name, text) in replay {
        if session.eval(&name, &text).is_ok() {
            state.replay.push((name, text));
        }
    }
    quiet.set(false);
    refresh(&state.names, &session);
    let mut pending = Pending::default();
    loop {
        let prompt = if long_input(state) { "      > " } else { "confer> " };
        let line = match state.editor.readline(prompt) {
            Ok(line)
                if (state.by_line || long_input(state))
                    && !(pending.is_empty() && line.trim_start().starts_with(':')) =>
            {
                if !pending.push(&line) {
                    continue;
                }
                end_long_input(state);
                pending.finish()
            }
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => {
                pending.clear();
                end_long_input(state);
                continue;
            }
            Err(ReadlineError::Eof) => return Ok(Next::Quit),
            Err(e) => {
                state.out.error("io", "Error: ", &e.to_string());
                return Err(ExitCode::FAILURE);
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let _ = state.editor.add_history_entry(line.as_str());
        if let Some(command) = line.trim().strip_prefix(':') {
            if let Some(next) = command_of(state, &mut session, command) {
                return Ok(next);
            }
            refresh(&state.names, &session);
            continue;
        }
        state.inputs += 1;
        let name = format!("<input {}>", state.inputs);
        evaluate(state, &mut session, &name, &line);
        refresh(&state.names, &session);
    }
}

/// Whether the console is gathering a long input line by line (see
/// `ConsoleHelper::long_input`).
fn long_input(state: &State) -> bool {
    state.editor.helper().is_some_and(|h| h.long_input.get())
}

/// The editor goes back to editing whole inputs.
fn end_long_input(state: &State) {
    if let Some(h) = state.editor.helper() {
        h.long_input.set(false);
    }
}

/// Evaluates one input and prints its value or its error.
fn evaluate(state: &mut State, session: &mut confer_puppet::Session<'_>, name: &str, text: &str) {
    // A Ctrl-C pressed at the prompt is the line editor's; one pressed
    // from here on stops this evaluation.
    confer_puppet::interrupt::clear();
    let result = session.eval(name, text);
    confer_puppet::interrupt::clear();
    match result {
        Ok(value) => {
            println!("{}", result_line(&value, state.show_types));
            state.replay.push((name.to_string(), text.to_string()));
        }
        Err(e) => {
            let sources = confer_diagnostic::FileSources::new().with(name, text);
            state.out.emit(&e.to_diagnostic(""), &sources);
        }
    }
}

/// `=> value` in Puppet's `%p` form (strings quoted), with `: Type` when
/// types are on.
fn result_line(value: &Value, show_type: bool) -> String {
    let shown = confer_core::format::string(value, Some(&Value::from("%p")))
        .unwrap_or_else(|_| confer_core::value::to_s(value));
    if show_type {
        format!("=> {shown} : {}", confer_core::types::infer::infer(value))
    } else {
        format!("=> {shown}")
    }
}

/// Runs a `:command`; returns what the session loop must do when the
/// session has to end.
fn command_of(state: &mut State, session: &mut confer_puppet::Session<'_>, command: &str) -> Option<Next> {
    let (name, arg) = command.split_once(char::is_whitespace).map_or((command, ""), |(n, a)| (n, a.trim()));
    match (name, arg) {
        ("help", _) => println!("{HELP}"),
        ("quit" | "exit" | "q", _) => return Some(Next::Quit),
        ("type", "on") => state.show_types = true,
        ("type", "off") => state.show_types = false,
        ("type", _) => println!("types are {}; :type on|off", if state.show_types { "on" } else { "off" }),
        ("vars", _) => {
            for (var, value) in session.variables() {
                println!("${var} = {}", result_line(&value, state.show_types).trim_start_matches("=> "));
            }
        }
        ("load", "") | ("facts", "") => println!("Error: :{name} needs a file"),
        ("load", path) => {
            // An unreadable file has been reported by `read_source`.
            if let Ok(source) = crate::manifest_source::read_source(path, state.out) {
                evaluate(state, session, &source.name, &source.text);
            }
        }
        ("facts", path) => {
            if let Err(e) = confer_facts::load(std::path::Path::new(path)) {
                println!("Error: {e}");
                return None;
            }
            state.setup.facts = Some(PathBuf::from(path));
            return Some(Next::Rebuild);
        }
        ("modulepath", "") => println!("{}", state.setup.modulepath.as_deref().unwrap_or("")),
        ("modulepath", dirs) => {
            state.setup.modulepath = Some(dirs.to_string());
            return Some(Next::Rebuild);
        }
        _ => println!("Error: unknown command :{name} (:help lists them)"),
    }
    None
}

/// Refreshes the names Tab completes from the session.
fn refresh(names: &Rc<RefCell<Names>>, session: &confer_puppet::Session<'_>) {
    let mut n = names.borrow_mut();
    n.variables = session.variables().into_iter().map(|(name, _)| name).collect();
    n.functions = session.function_names();
    n.resource_types = session.resource_type_names();
}
