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
    match render(template, &mut NoScope, &Default::default()) {
        Err(e) => e.kind,
        Ok(out) => panic!("{template:?} rendered {out:?}"),
    }
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
