//! Bad templates give errors at a place in the template, never a panic or a
//! hang.

use confer_core::Value;
use confer_ruby::{render, Host, RubyErrorKind};

struct NoScope;

impl Host for NoScope {
    fn variable(&mut self, name: &str) -> Option<Value> {
        (name == "list").then(|| Value::array(vec![Value::from("a"), Value::from("b")]))
    }

    fn undefined_variable(&mut self, _: &str) -> Result<(), String> {
        Ok(())
    }

    fn set_variable(&mut self, name: &str, _: Value) -> Result<(), String> {
        Err(format!("Cannot reassign variable '${name}'"))
    }

    fn changed_variable(&mut self, _: &str) -> Option<confer_ruby::RValue> {
        None
    }

    fn change_variable(&mut self, _: &str, _: confer_ruby::RValue) {}

    fn variables(&mut self) -> Vec<(String, Value)> {
        Vec::new()
    }

    fn has_legacy_function(&mut self, _: &str) -> bool {
        false
    }

    fn scope_label(&mut self) -> String {
        "Scope(Class[main])".into()
    }

    fn parse_type(&mut self, text: &str) -> Result<Value, String> {
        Err(format!("no types here: '{text}'"))
    }

    fn call_function(&mut self, name: &str, _: Vec<Value>) -> Result<Value, String> {
        Err(format!("Unknown function '{name}'"))
    }

    fn call_lambda(&mut self, _: Vec<Value>) -> Result<Value, String> {
        Err("no lambda was given".into())
    }
    fn find_template(&mut self, _: &str) -> Option<String> {
        None
    }

    fn log(&mut self, _: &str, _: &str) {}
}

fn error(template: &str) -> RubyErrorKind {
    match on_big_stack(template) {
        Err(e) => e.kind,
        Ok(out) => panic!("{template:?} rendered {out:?}"),
    }
}

/// Renders on a thread with the stack confer's command line gives
/// evaluation (64 MiB), which the bounds are set for.
fn on_big_stack(template: &str) -> Result<String, confer_ruby::RubyError> {
    let template = template.to_string();
    std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || render(&template, &mut NoScope, &Default::default()))
        .expect("a thread starts")
        .join()
        .expect("rendering returns")
}

#[test]
fn malformed_templates_fail_cleanly() {
    for t in [
        "<% if true %>",
        "<%= 'unterminated %>",
        "<%= \"#{ %>",
        "<% @list.each do |x| %>",
        "<%= (((((( %>",
        "<%= [1, 2 %>",
        "<%= { 'a' => %>",
        "<%= 1 + %>",
        "<% end %>",
        "<%= @list.frobnicate %>",
        "<%= nil.upcase %>",
        "<%= $global %>",
        "<%= x %>",
        "<%= 1 / 0 %>",
        "<%= 'a' + 1 %>",
        "<%= 9223372036854775807 + 1 %>",
        "<%= /(/ %>",
        "ab <%= 1",
    ] {
        let _ = error(t);
    }
}

#[test]
fn deep_nesting_and_endless_loops_are_bounded() {
    let deep = format!("<%= {}1{} %>", "(".repeat(5000), ")".repeat(5000));
    assert!(matches!(error(&deep), RubyErrorKind::Limit(_)));
    assert!(matches!(error("<% while true do end %>"), RubyErrorKind::Limit(_)));
    // An empty block runs no expression; its turns count all the same.
    assert!(matches!(error("<% loop do end %>"), RubyErrorKind::Limit(_)));
    // Counting up to Integer's end stops there, without overflowing.
    assert_eq!(
        render("<% 9223372036854775806.upto(9223372036854775807) { } %>", &mut NoScope, &Default::default()).ok(),
        Some(String::new())
    );
}

#[test]
fn unsupported_ruby_is_named_at_its_place() {
    let e = render("line\n  <% $stdout %>", &mut NoScope, &Default::default()).err().map(|e| (e.kind, e.at));
    assert_eq!(e, Some((RubyErrorKind::Unsupported("the global variable $stdout".into()), 10)));
    let (line, column) = confer_ruby::line_col("line\n  <% $stdout %>", 10);
    assert_eq!((line, column), (2, 6));
}

/// Every production that nests (literals, calls, assignments, ternaries)
/// and every chain the parser reads in a loop (operators, method calls,
/// modifiers) is bounded: each of these built a tree whose evaluation or
/// drop overflowed the stack.
#[test]
fn every_nesting_and_every_chain_is_bounded() {
    let n = 10_000;
    let chain = |sep: &str, item: &str, count: usize| vec![item; count].join(sep);
    for template in [
        format!("<%= {}{} %>", "[".repeat(n), "]".repeat(n)),
        format!("<%= {}1{} %>", "{1=>".repeat(n), "}".repeat(n)),
        format!("<%= {}1{} %>", "Array(".repeat(n), ")".repeat(n)),
        format!("<%= {}1{} %>", "true ? ".repeat(n), " : 2".repeat(n)),
        format!("<% {}1 %>", "a = ".repeat(n)),
        format!("<%= {} %>", chain(" + ", "1", 150_000)),
        format!("<%= {} %>", chain(" && ", "true", 150_000)),
        format!("<%= {} %>", chain(" || ", "false", 150_000)),
        format!("<%= {} %>", chain(" and ", "true", 150_000)),
        format!("<%= 'a'{} %>", ".to_s".repeat(100_000)),
        format!("<%= 1{} %>", " if true".repeat(50_000)),
    ] {
        assert!(matches!(error(&template), RubyErrorKind::Limit(_)), "{}", &template[..40]);
    }
    // Within the bound, a long chain evaluates.
    let sum = format!("<%= {} %>", chain(" + ", "1", 1_500));
    assert_eq!(on_big_stack(&sum).ok(), Some("1500".into()));
}

/// A String that grows past the limit stops as it grows, not after
/// building it (doubling with `gsub` reached 2 GB before the check).
#[test]
fn growth_is_checked_while_building() {
    for template in [
        "<% s = 'a'; 40.times { s = s.gsub(/a/, 'aaaa') } %><%= s.size %>",
        "<% s = 'a'; 40.times { s = s.gsub('a') { 'aaaa' } } %><%= s.size %>",
        "<% s = 'ab'; 30.times { s = s.gsub('a', 'aa') + s } %><%= s.size %>",
    ] {
        assert!(matches!(error(template), RubyErrorKind::Limit(_)), "{template}");
    }
}

/// Running a command is refused by name, wherever the code writes it.
#[test]
fn commands_are_refused_by_name() {
    for (template, construct) in
        [("<%= `id` %>", "backticks (running a command)"), ("<%= %x(id) %>", "%x() (running a command)")]
    {
        assert_eq!(error(template), RubyErrorKind::Unsupported(construct.into()), "{template}");
    }
}
