//! Parser tests: each parses a snippet and compares a compact S-expression
//! rendering of the tree, so that precedence and structure read at a glance.

use super::parse;
use crate::ast::{AttributeOp, Expr, ExprKind, StringPart};
use crate::span::Source;

fn sexp(e: &Expr) -> String {
    let list = |items: &[Expr]| items.iter().map(sexp).collect::<Vec<_>>().join(" ");
    match &e.kind {
        ExprKind::Undef => "undef".into(),
        ExprKind::Default => "default".into(),
        ExprKind::Boolean(b) => b.to_string(),
        ExprKind::Integer(i) => i.to_string(),
        ExprKind::Float(f) => format!("{f:?}"),
        ExprKind::String(s) => format!("{s:?}"),
        ExprKind::Interpolated(parts) => format!(
            "(str {})",
            parts
                .iter()
                .map(|p| match p {
                    StringPart::Text(t) => format!("{t:?}"),
                    StringPart::Expr(e) => sexp(e),
                })
                .collect::<Vec<_>>()
                .join(" ")
        ),
        ExprKind::Heredoc { syntax, text } => format!("(heredoc {syntax:?} {})", sexp(text)),
        ExprKind::Regex(r) => format!("/{r}/"),
        ExprKind::BareWord(w) => w.clone(),
        ExprKind::TypeRef(t) => t.clone(),
        ExprKind::Variable(v) => format!("${v}"),
        ExprKind::Array(items) => format!("[{}]", list(items)),
        ExprKind::Hash(pairs) => {
            format!(
                "{{{}}}",
                pairs.iter().map(|(k, v)| format!("{} {}", sexp(k), sexp(v))).collect::<Vec<_>>().join(", ")
            )
        }
        ExprKind::Access { target, keys } => format!("(at {} {})", sexp(target), list(keys)),
        ExprKind::Unary { op, operand } => format!("({op:?} {})", sexp(operand)),
        ExprKind::Binary { op, lhs, rhs } => format!("({} {} {})", op.symbol(), sexp(lhs), sexp(rhs)),
        ExprKind::Assign { target, value } => format!("(= {} {})", sexp(target), sexp(value)),
        ExprKind::Relationship { op, lhs, rhs } => format!("({op:?} {} {})", sexp(lhs), sexp(rhs)),
        ExprKind::Paren(inner) => format!("(paren {})", sexp(inner)),
        ExprKind::If { cond, then_body, else_body } => format!(
            "(if {} [{}]{})",
            sexp(cond),
            list(then_body),
            else_body.as_ref().map_or(String::new(), |b| format!(" [{}]", list(b)))
        ),
        ExprKind::Unless { cond, then_body, .. } => format!("(unless {} [{}])", sexp(cond), list(then_body)),
        ExprKind::Case { test, options } => format!(
            "(case {} {})",
            sexp(test),
            options.iter().map(|o| format!("[{}: {}]", list(&o.values), list(&o.body))).collect::<Vec<_>>().join(" ")
        ),
        ExprKind::Selector { test, options } => format!(
            "(? {} {})",
            sexp(test),
            options
                .iter()
                .map(|o| format!("{} => {}", sexp(&o.matcher), sexp(&o.result)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ExprKind::Call { callee, args, lambda } => format!(
            "(call {} {}{})",
            sexp(callee),
            list(args),
            lambda.as_ref().map_or(String::new(), |l| format!(" |{}| {}", l.params.len(), list(&l.body)))
        ),
        ExprKind::MethodCall { receiver, name, args, lambda } => format!(
            "(.{name} {} {}{})",
            sexp(receiver),
            list(args),
            lambda.as_ref().map_or(String::new(), |l| format!(" |{}| {}", l.params.len(), list(&l.body)))
        ),
        ExprKind::ClassDef(c) => format!("(class {} {} {})", c.name, c.params.len(), list(&c.body)),
        ExprKind::DefineDef(d) => format!("(define {} {})", d.name, d.params.len()),
        ExprKind::FunctionDef(d) => format!("(function {} {})", d.name, d.params.len()),
        ExprKind::PlanDef(d) => format!("(plan {})", d.name),
        ExprKind::NodeDef(n) => format!("(node {})", list(&n.matchers)),
        ExprKind::TypeAlias { name, type_expr } => format!("(type {name} {})", sexp(type_expr)),
        ExprKind::Resource { form, type_name, bodies } => format!(
            "(resource {form:?} {} {})",
            sexp(type_name),
            bodies
                .iter()
                .map(|b| format!(
                    "[{}: {}]",
                    sexp(&b.title),
                    b.ops
                        .iter()
                        .map(|op| match op {
                            AttributeOp::Set { name, append, value, .. } =>
                                format!("{name}{}{}", if *append { "+>" } else { "=>" }, sexp(value)),
                            AttributeOp::Splat { value, .. } => format!("*=>{}", sexp(value)),
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                ))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        ExprKind::RenderString(text) => format!("(render {text:?})"),
        ExprKind::RenderExpr(inner) => format!("(render-expr {})", sexp(inner)),
        ExprKind::ResourceDefaults { type_ref, ops } => format!("(defaults {} {})", sexp(type_ref), ops.len()),
        ExprKind::ResourceOverride { reference, ops } => format!("(override {} {})", sexp(reference), ops.len()),
        ExprKind::Collector { type_ref, query, exported, .. } => format!(
            "(collect{} {} {})",
            if *exported { " exported" } else { "" },
            sexp(type_ref),
            query.as_ref().map_or(String::new(), |q| sexp(q))
        ),
    }
}

fn parsed(code: &str) -> String {
    let source = Source::new("t.pp", code);
    let program = parse(&source).unwrap_or_else(|e| panic!("{code:?} does not parse: {e}"));
    program.body.iter().map(sexp).collect::<Vec<_>>().join("\n")
}

fn error(code: &str) -> (String, (usize, usize)) {
    let source = Source::new("t.pp", code);
    let e = parse(&source).expect_err("a syntax error");
    (e.message, source.line_col(e.span.start))
}

#[test]
fn precedence_follows_puppets_grammar() {
    assert_eq!(parsed("1 + 2 * 3"), "(+ 1 (* 2 3))");
    assert_eq!(parsed("2 * 3 in [6]"), "(* 2 (in 3 [6]))");
    assert_eq!(parsed("1 < 2 == true"), "(< 1 (== 2 true))");
    assert_eq!(parsed("$a = $b = 1"), "(= $a (= $b 1))");
    assert_eq!(parsed("!$a and $b or $c"), "(or (and (Not $a) $b) $c)");
    assert_eq!(parsed("1 + 2 == 4 and 2 ? { false => a }"), "(and (== (+ 1 2) 4) (? 2 false => a))");
    assert_eq!(parsed("-2 * 3"), "(* -2 3)");
    assert_eq!(parsed("$a =~ /x/ == true"), "(== (=~ $a /x/) true)");
}

#[test]
fn negative_literals_fold() {
    assert_eq!(parsed("-9223372036854775807"), "-9223372036854775807");
    assert!(error("-9223372036854775808").0.contains("outside of Puppet Integer max range"));
    assert_eq!(parsed("- $x"), "(Neg $x)");
}

#[test]
fn access_needs_no_space_before_the_bracket() {
    assert_eq!(parsed("$a[1, 2]"), "(at $a 1 2)");
    assert_eq!(parsed("$a\n[1]"), "$a\n[1]");
    assert_eq!(parsed("Integer[1, default]"), "(at Integer 1 default)");
}

#[test]
fn strings_and_interpolation() {
    assert_eq!(parsed(r#"'it\'s \n'"#), r#""it's \\n""#);
    assert_eq!(
        parsed(r#""a$x b${y[0]} ${z.upcase} ${1 + 2}""#),
        r#"(str "a" $x " b" (at $y 0) " " (.upcase $z ) " " (+ 1 2))"#
    );
    assert_eq!(parsed(r#""\u{1F600}\t\$""#), "\"😀\\t$\"");
    assert_eq!(parsed(r#""${1}""#), "(str $1)");
}

#[test]
fn heredocs_start_on_the_next_line() {
    assert_eq!(
        parsed("f(@(A), @(B))\none\nA\ntwo\n|- B\n$x"),
        "(call f (heredoc None \"one\\n\") (heredoc None \"two\"))\n$x"
    );
    assert_eq!(parsed("@(\"E\":json)\n  v $x\n  | E"), "(heredoc Some(\"json\") (str \"v \" $x \"\\n\"))");
}

#[test]
fn calls_lambdas_and_statement_calls() {
    assert_eq!(parsed("notice 'a', 'b'"), r#"(call notice "a" "b")"#);
    assert_eq!(parsed("$a.each |$x, $y = 1| { $x }"), "(.each $a  |2| $x)");
    assert_eq!(parsed("Integer('1')"), r#"(call Integer "1")"#);
    assert_eq!(parsed("with(1) || { 2 }"), "(call with 1 |0| 2)");
}

#[test]
fn control_structures() {
    assert_eq!(parsed("if $a { 1 } elsif $b { 2 } else { 3 }"), "(if $a [1] [(if $b [2] [3])])");
    assert_eq!(parsed("case $x { 1, 2: { a } default: { b } }"), "(case $x [1 2: a] [default: b])");
    assert_eq!(parsed("unless $a { b }"), "(unless $a [b])");
}

#[test]
fn definitions() {
    assert_eq!(parsed("class a::b($p = 1) inherits c { }"), "(class a::b 1 )");
    assert_eq!(parsed("define d($x) { }"), "(define d 1)");
    assert_eq!(parsed("function f(Integer $a, *$r) >> Integer { $a }"), "(function f 2)");
    assert_eq!(
        parsed("node 'a', web01.example.com, /db/, default { }"),
        r#"(node "a" "web01.example.com" /db/ default)"#
    );
    assert_eq!(parsed("type T = Array[T]"), "(type T (at Array T))");
}

#[test]
fn resources_defaults_overrides_collectors() {
    assert_eq!(
        parsed("file { '/a': ensure => file, mode +> '0644'; '/b': * => $h }"),
        r#"(resource Regular file ["/a": ensure=>file mode+>"0644"] ["/b": *=>$h])"#
    );
    assert_eq!(parsed("@@host { 'x': }"), r#"(resource Exported host ["x": ])"#);
    assert_eq!(parsed("File { mode => '1' }"), "(defaults File 1)");
    assert_eq!(parsed("File['a'] { mode => '1' }"), r#"(override (at File "a") 1)"#);
    assert_eq!(parsed("User <| title == 'a' |>"), r#"(collect User (== title "a"))"#);
    assert_eq!(parsed("Notify['a'] -> Notify['b']"), r#"(Before (at Notify "a") (at Notify "b"))"#);
    assert_eq!(parsed("if $a == b { 1 }"), "(if (== $a b) [1])");
}

#[test]
fn syntax_errors_are_located() {
    assert_eq!(error("notice(1))").1, (1, 10));
    assert_eq!(error("$a = [1,\n2").0, "Syntax error at end of input");
    assert_eq!(error("notice(09)").0, "Not a valid octal number 09");
    // Puppet points after the opening quote.
    assert_eq!(error("$x = 'open").1, (1, 7));
    assert!(error("$a += 1").0.contains("no longer supported"));
}

#[test]
fn arbitrary_prefixes_never_panic() {
    let manifest = "class a($p = [1, {'k' => \"v${x}\"}]) { if $p =~ /x/ { notice(@(E)) } }\ntext\nE\n}\n\
                    $h = {a => 1}.map |$k, $v| { $v * 2 } # comment\nFile <| |> -> file { 'x': }";
    for end in 0..=manifest.len() {
        if manifest.is_char_boundary(end) {
            let _ = parse(&Source::new("t.pp", &manifest[..end]));
        }
    }
    for soup in ["$", "${", "\"${", "@(", "@(E", "[[[[", "}}}", "|>", "<|", "'\\", "\"\\u{", "0x", "/*"] {
        let _ = parse(&Source::new("t.pp", soup));
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // On the stack the confer binary gives its evaluation thread: debug
    // builds' frames are too large for 128 levels on a test thread's 2 MiB.
    let checked = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(|| error(&"[".repeat(5000)).0.contains("nested too deeply"))
        .map(|t| t.join());
    assert!(matches!(checked, Ok(Ok(true))));
}
